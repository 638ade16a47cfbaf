import { beforeEach, describe, expect, it, vi } from "vitest";
import { keptCacheName, putCopy, readCopies, type WorkerCopy } from "../lib/forms/kept-copies";
import { keptMaxAgeMs, type KeptEnquiry } from "../lib/forms/kept-enquiry";
import { MemoryCaches } from "../test-support/memory-caches";
import { sendCopies, workerStep } from "./kept-sync";

/*
 * Issue 38, the worker's Background Sync: the copies the page hands it go as the page would send them (with their
 * key, a fresh proof, from the page they were written on), are marked sent, deleted when refused or too old, and
 * kept, the sync failing so that the browser runs it again, while the network is away.
 */

let caches: MemoryCaches;
let clock: number;
beforeEach(() => {
  caches = new MemoryCaches();
  clock = 1_800_000_000_000;
});

function entry(more: Partial<KeptEnquiry> = {}): KeptEnquiry {
  return {
    key: "0123456789abcdef0123456789abcdef",
    slot: "enquiry:dubai-visa",
    json: false,
    fields: [
      ["access_key", "old-key"],
      ["name", "Maria Santos"],
      ["botcheck", ""],
    ],
    page: "/dubai-visa/1",
    keptAt: clock - 60_000,
    tries: 1,
    nextAt: clock,
    ...more,
  };
}

const copyOf = (kept: KeptEnquiry, more: Partial<WorkerCopy> = {}): WorkerCopy => ({
  entry: kept,
  endpoint: "/api/submit",
  accessKey: "site-key",
  ...more,
});

const answering = (response: () => Response) => vi.fn<typeof globalThis.fetch>(async () => response());
const ok = () => answering(() => Response.json({ success: true }));

function sync(fetch: typeof globalThis.fetch) {
  return sendCopies({ caches: caches.storage, fetch, now: () => clock, proof: async () => "NEW-PROOF" });
}

const copies = () => readCopies(caches.storage);

describe("the worker's sync of the kept enquiries", () => {
  it("sends a copy as the page would: its key, the access key, a fresh proof, from its page; then marks it sent", async () => {
    await putCopy(caches.storage, copyOf(entry()));
    const fetch = ok();
    await sync(fetch);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe("/api/submit");
    expect(init?.method).toBe("POST");
    expect(init?.referrer).toBe("/dubai-visa/1");
    expect(new Headers(init?.headers).get("Idempotency-Key")).toBe("0123456789abcdef0123456789abcdef");
    expect([...(init?.body as FormData).entries()]).toEqual([
      ["access_key", "site-key"],
      ["name", "Maria Santos"],
      ["botcheck", ""],
      ["altcha", "NEW-PROOF"],
    ]);
    expect(await copies()).toEqual([{ ...copyOf(entry()), sentAt: clock }]);
  });

  it("sends the Contact form's message as JSON", async () => {
    await putCopy(caches.storage, copyOf(entry({ slot: "contact", json: true })));
    const fetch = ok();
    await sync(fetch);
    const init = fetch.mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get("Content-Type")).toBe("application/json");
    expect(JSON.parse(String(init?.body))).toEqual({
      access_key: "site-key",
      name: "Maria Santos",
      botcheck: "",
      altcha: "NEW-PROOF",
    });
  });

  it("sends a copy it marked sent no more", async () => {
    await putCopy(caches.storage, copyOf(entry(), { sentAt: clock - 1 }));
    const fetch = ok();
    await sync(fetch);
    expect(fetch).not.toHaveBeenCalled();
    expect(await copies()).toHaveLength(1);
  });

  it("keeps a copy it could not send for want of a network, and fails, so that the browser syncs again", async () => {
    await putCopy(caches.storage, copyOf(entry()));
    await expect(
      sync(vi.fn<typeof globalThis.fetch>().mockRejectedValue(new TypeError("Failed to fetch"))),
    ).rejects.toThrow(/not sent yet/);
    expect(await copies()).toEqual([copyOf(entry())]);
  });

  it("keeps it too, and fails, when the inbox is busy or away, or the answer is not the inbox's", async () => {
    await putCopy(caches.storage, copyOf(entry()));
    for (const answer of [
      () => Response.json({ success: false, message: "Busy" }, { status: 503 }),
      () => Response.json({ success: false, message: "Too many" }, { status: 429 }),
      () => new Response("<p>Airport Wi-Fi: sign in</p>", { status: 200 }),
    ]) {
      await expect(sync(answering(answer))).rejects.toThrow();
    }
    expect(await copies()).toEqual([copyOf(entry())]);
  });

  it("deletes a copy the inbox refuses: the page tries it once more, and tells the visitor", async () => {
    await putCopy(caches.storage, copyOf(entry()));
    await sync(answering(() => Response.json({ success: false, message: "Invalid" }, { status: 400 })));
    expect(await copies()).toEqual([]);
  });

  it(`deletes unsent a copy older than ${keptMaxAgeMs / 86_400_000} days, and one for an external service`, async () => {
    await putCopy(caches.storage, copyOf(entry({ keptAt: clock - keptMaxAgeMs - 1 })));
    await putCopy(
      caches.storage,
      copyOf(entry({ key: "fedcba9876543210fedcba9876543210" }), { endpoint: "https://api.web3forms.com/submit" }),
    );
    const fetch = ok();
    await sync(fetch);
    expect(fetch).not.toHaveBeenCalled();
    expect(await copies()).toEqual([]);
  });

  it("sends the others when one cannot go, and fails for that one alone", async () => {
    await putCopy(caches.storage, copyOf(entry()));
    await putCopy(caches.storage, copyOf(entry({ key: "fedcba9876543210fedcba9876543210", slot: "contact" })));
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch"))
      .mockResolvedValueOnce(Response.json({ success: true }));
    await expect(sync(fetch)).rejects.toThrow(/1 kept/);
    expect((await copies()).map((copy) => [copy.entry.slot, copy.sentAt])).toEqual([
      ["enquiry:dubai-visa", undefined],
      ["contact", clock],
    ]);
  });

  it("does nothing, and makes no cache, when nothing was handed to it", async () => {
    const fetch = ok();
    await sync(fetch);
    expect(fetch).not.toHaveBeenCalled();
    expect(await caches.keys()).toEqual([]);
  });

  it("deletes what it did not write, trusting nothing in the cache", async () => {
    const cache = await caches.open(keptCacheName);
    for (const junk of ["{not json", "42", '{"entry":{"key":1}}'])
      await cache.put(`/kept-enquiry/${junk.length}`, new Response(junk));
    // A copy under another key's address: not to be deleted by that key's page.
    await cache.put("/kept-enquiry/other", new Response(JSON.stringify(copyOf(entry()))));
    const fetch = ok();
    await sync(fetch);
    expect(fetch).not.toHaveBeenCalled();
    expect(await cache.keys()).toEqual([]);
  });
});

describe("the worker's decision for a copy", () => {
  it("sends one not sent yet, kept less long than the limit, to the site's own inbox", () => {
    expect(workerStep(copyOf(entry()), clock)).toBe("send");
    expect(workerStep(copyOf(entry({ keptAt: clock - keptMaxAgeMs })), clock)).toBe("send");
  });

  it("leaves one it sent, and drops one too old or for another service", () => {
    expect(workerStep(copyOf(entry(), { sentAt: clock }), clock)).toBe("skip");
    expect(workerStep(copyOf(entry({ keptAt: clock - keptMaxAgeMs - 1 })), clock)).toBe("drop");
    expect(workerStep(copyOf(entry(), { endpoint: "https://api.web3forms.com/submit" }), clock)).toBe("drop");
  });
});
