import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { enquiryTimeoutMs, sendToFormService } from "./form-service";
import { keptKeyPrefix, keptMaxAgeMs } from "./kept-enquiry";
import { putCopy, readCopies } from "./kept-copies";
import { browserBackground, handOverKept, readKept, sendKept, type SenderOptions } from "./kept-sender";
import { forgetSendKey } from "./send-key";
import { MemoryCaches } from "../../test-support/memory-caches";
import { MemoryStorage } from "../../test-support/memory-storage";

/*
 * Issue 38, "An enquiry that waits for the network": a send to the site's own inbox that fails for want of a network
 * is kept in the browser's storage with its key, and sent again (with a fresh proof) until it has gone.
 */

let storage: MemoryStorage;
let clock: number;
beforeEach(() => {
  storage = new MemoryStorage();
  clock = 1_800_000_000_000;
  forgetSendKey();
});
afterEach(() => {
  vi.useRealTimers();
});

const keyOf = (fetch: ReturnType<typeof vi.fn<typeof globalThis.fetch>>, call = 0) =>
  new Headers(fetch.mock.calls[call]?.[1]?.headers).get("Idempotency-Key");
const ok = () => vi.fn<typeof globalThis.fetch>(async () => Response.json({ success: true }));
const offline = () => vi.fn<typeof globalThis.fetch>().mockRejectedValue(new TypeError("Failed to fetch"));

function enquiryBody(name = "Maria Santos"): FormData {
  const data = new FormData();
  data.append("access_key", "");
  data.append("name", name);
  data.append("email", "maria@example.com");
  data.append("botcheck", "");
  data.append("altcha", "OLD-PROOF");
  return data;
}

/** One send of the enquiry form, as submit-enquiry.ts makes it, kept under the form's slot when it cannot go. */
function send(fetch: typeof globalThis.fetch, endpoint = "/api/submit", name = "Maria Santos") {
  return sendToFormService(endpoint, `enquiry ${name}`, () => ({ body: enquiryBody(name) }), {
    fetch,
    keep: { slot: "enquiry:dubai-visa", draft: "karama:enquiry-draft:v1:dubai-visa" },
    storage,
    now: () => clock,
  });
}

function sender(fetch: typeof globalThis.fetch, more: Partial<SenderOptions> = {}) {
  const announced: string[] = [];
  const options: SenderOptions = {
    storage,
    fetch,
    now: () => clock,
    endpoint: "/api/submit",
    accessKey: "",
    proof: async () => "NEW-PROOF",
    announce: (outcome) => announced.push(outcome),
    locks: null,
    background: null,
    ...more,
  };
  return { announced, run: (due = false) => sendKept({ ...options, due }) };
}

const kept = () => readKept(storage);

describe("what is kept when Send fails", () => {
  it("keeps an enquiry that could not reach the inbox (no network), with the key it was sent with", async () => {
    const fetch = offline();
    const result = await send(fetch);
    expect(result).toMatchObject({ ok: false, reason: "network", message: "Failed to fetch", kept: true });
    const [entry, ...more] = kept();
    expect(more).toEqual([]);
    expect(entry?.key).toBe(keyOf(fetch));
    expect(entry?.slot).toBe("enquiry:dubai-visa");
    expect(entry?.page).toBe(window.location.pathname);
    expect(entry?.keptAt).toBe(clock);
    // The proof is not kept: a fresh one is solved when the enquiry is sent at last.
    expect(entry?.fields).toEqual([
      ["access_key", ""],
      ["name", "Maria Santos"],
      ["email", "maria@example.com"],
      ["botcheck", ""],
    ]);
    expect(entry?.json).toBe(false);
  });

  it("keeps one that timed out (its answer may be lost; the key makes the retry safe)", async () => {
    vi.useFakeTimers();
    const fetch = vi.fn<typeof globalThis.fetch>(() => new Promise<Response>(() => undefined));
    const pending = send(fetch);
    await vi.advanceTimersByTimeAsync(enquiryTimeoutMs);
    expect(await pending).toMatchObject({ ok: false, reason: "timeout", kept: true });
    expect(kept()[0]?.key).toBe(keyOf(fetch));
  });

  it("keeps one whose answer was cut off after the headers (a dropped connection)", async () => {
    const broken = new ReadableStream<Uint8Array>({
      start: (controller) => controller.error(new TypeError("network")),
    });
    const fetch = vi.fn<typeof globalThis.fetch>().mockResolvedValue(new Response(broken, { status: 200 }));
    expect(await send(fetch)).toMatchObject({ ok: false, kept: true });
    expect(kept()).toHaveLength(1);
  });

  it("keeps nothing when the inbox answered: a refusal, an error status, a reply it could not read", async () => {
    const answers = [
      Response.json({ success: false, message: "Invalid key" }, { status: 400 }),
      Response.json({ success: false, message: "Busy" }, { status: 503 }),
      new Response("<h1>Not the inbox</h1>", { status: 200 }),
      new Response("<h1>Server error</h1>", { status: 500 }),
    ];
    for (const answer of answers) {
      const result = await send(vi.fn<typeof globalThis.fetch>().mockResolvedValue(answer));
      expect(result.ok).toBe(false);
      expect(result).not.toHaveProperty("kept");
    }
    expect(storage.length).toBe(0);
  });

  it("keeps one that a proxy in front answered for the inbox it could not reach (502, 503, 504 without its JSON)", async () => {
    // As while the server restarts behind Caddy or nginx: the inbox never saw it, or its key makes a retry safe.
    for (const status of [502, 503, 504]) {
      const fetch = vi
        .fn<typeof globalThis.fetch>()
        .mockResolvedValue(new Response("<h1>Bad gateway</h1>", { status }));
      const result = await send(fetch, "/api/submit", `Maria ${status}`);
      expect(result, String(status)).toMatchObject({ ok: false, reason: "bad-reply", kept: true });
      expect(kept().map((entry) => entry.key)).toEqual([keyOf(fetch)]);
    }
  });

  it("keeps nothing for a failure that is not the network's (an error of the page itself)", async () => {
    const result = await send(vi.fn<typeof globalThis.fetch>().mockRejectedValue(new Error("")));
    expect(result).toEqual({ ok: false, reason: "network", message: "Something went wrong. Please try again." });
    expect(kept()).toEqual([]);
  });

  it("keeps nothing for an external form service (FORM_ENDPOINT on another origin): today's behaviour", async () => {
    const result = await send(offline(), "https://api.web3forms.com/submit");
    expect(result).toEqual({ ok: false, reason: "network", message: "Failed to fetch" });
    expect(kept()).toEqual([]);
  });

  it("keeps one enquiry per form: sent again offline with other values, the newer replaces it", async () => {
    await send(offline(), "/api/submit", "Maria");
    await send(offline(), "/api/submit", "Maria Santos");
    expect(kept().map((entry) => entry.fields[1])).toEqual([["name", "Maria Santos"]]);
  });

  it("forgets the kept copy once the form has sent its enquiry by hand, so that it does not go twice", async () => {
    await send(offline());
    expect(kept()).toHaveLength(1);
    await send(ok());
    expect(kept()).toEqual([]);
  });

  it("keeps the Contact form's message as JSON", async () => {
    const body = JSON.stringify({ name: "Jose", message: "Hello", access_key: "", botcheck: "", altcha: "P" });
    await sendToFormService("/api/submit", "contact Jose", () => ({ body }), {
      fetch: offline(),
      keep: { slot: "contact" },
      storage,
      now: () => clock,
    });
    expect(kept()[0]).toMatchObject({
      slot: "contact",
      json: true,
      fields: [
        ["name", "Jose"],
        ["message", "Hello"],
        ["access_key", ""],
        ["botcheck", ""],
      ],
    });
  });

  it("keeps nothing where the browser has no storage, and says so (today's message alone)", async () => {
    const result = await sendToFormService("/api/submit", "enquiry x", () => ({ body: enquiryBody() }), {
      fetch: offline(),
      keep: { slot: "enquiry:about" },
      storage: null,
    });
    expect(result).not.toHaveProperty("kept");
  });
});

describe("sending a kept enquiry", () => {
  it("sends it with the key it was kept with and a fresh proof, then deletes it and the form's draft", async () => {
    const failed = offline();
    await send(failed);
    storage.setItem("karama:enquiry-draft:v1:dubai-visa", "{}");
    const fetch = ok();
    const { announced, run } = sender(fetch);
    await run();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(keyOf(fetch)).toBe(keyOf(failed));
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe("/api/submit");
    expect(init?.method).toBe("POST");
    expect(init?.referrer).toBe(window.location.pathname);
    const body = init?.body as FormData;
    expect([...body.entries()]).toEqual([
      ["access_key", ""],
      ["name", "Maria Santos"],
      ["email", "maria@example.com"],
      ["botcheck", ""],
      ["altcha", "NEW-PROOF"],
    ]);
    expect(storage.length).toBe(0);
    expect(announced).toEqual(["sent"]);
  });

  it("sends the Contact form's message as JSON, with the proof", async () => {
    const body = JSON.stringify({ name: "Jose", access_key: "", botcheck: "" });
    await sendToFormService("/api/submit", "contact Jose", () => ({ body }), {
      fetch: offline(),
      keep: { slot: "contact" },
      storage,
      now: () => clock,
    });
    const fetch = ok();
    await sender(fetch).run();
    const init = fetch.mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get("Content-Type")).toBe("application/json");
    expect(JSON.parse(String(init?.body))).toEqual({ name: "Jose", access_key: "", botcheck: "", altcha: "NEW-PROOF" });
  });

  it("sends it with no proof when none can be had (the inbox then holds it for the agency: never lost)", async () => {
    await send(offline());
    const fetch = ok();
    await sender(fetch, { proof: async () => null }).run();
    expect([...(fetch.mock.calls[0]?.[1]?.body as FormData).keys()]).not.toContain("altcha");
    expect(kept()).toEqual([]);
  });

  it("keeps it while the network is still away, and tries again later, less and less often", async () => {
    await send(offline());
    const { announced, run } = sender(offline());
    await run();
    expect(kept()[0]).toMatchObject({ tries: 1, nextAt: clock + 30_000 });
    clock += 10_000;
    const timer = sender(ok());
    await timer.run(true);
    expect(timer.announced).toEqual([]);
    clock += 20_000;
    await sender(offline()).run(true);
    expect(kept()[0]).toMatchObject({ tries: 2, nextAt: clock + 60_000 });
    expect(announced).toEqual([]);
  });

  it("tries again later when the inbox is busy or unavailable, or the answer is not the inbox's", async () => {
    await send(offline());
    for (const answer of [
      Response.json({ success: false, message: "Busy" }, { status: 503 }),
      Response.json({ success: false, message: "Too many" }, { status: 429 }),
      new Response("<p>Airport Wi-Fi: sign in</p>", { status: 200 }),
    ]) {
      await sender(vi.fn<typeof globalThis.fetch>().mockResolvedValue(answer)).run();
    }
    expect(kept()[0]?.tries).toBe(3);
  });

  it("drops it when the inbox refuses it, and tells the visitor", async () => {
    await send(offline());
    const { announced, run } = sender(
      vi.fn<typeof globalThis.fetch>().mockResolvedValue(Response.json({ success: false }, { status: 400 })),
    );
    await run();
    expect(kept()).toEqual([]);
    expect(announced).toEqual(["notSent"]);
  });

  it(`drops one older than ${keptMaxAgeMs / 86_400_000} days unsent, and tells the visitor`, async () => {
    await send(offline());
    clock += keptMaxAgeMs + 1;
    const fetch = ok();
    const { announced, run } = sender(fetch);
    await run();
    expect(fetch).not.toHaveBeenCalled();
    expect(kept()).toEqual([]);
    expect(announced).toEqual(["notSent"]);
  });

  it("sends with the access key of the site as built now, not the one it was kept with", async () => {
    await send(offline());
    const fetch = ok();
    await sender(fetch, { accessKey: "new-key" }).run();
    expect((fetch.mock.calls[0]?.[1]?.body as FormData).get("access_key")).toBe("new-key");
  });

  it("sends nothing while the site's forms post to an external service", async () => {
    await send(offline());
    const fetch = ok();
    await sender(fetch, { endpoint: "https://api.web3forms.com/submit" }).run();
    expect(fetch).not.toHaveBeenCalled();
    expect(kept()).toHaveLength(1);
  });

  it("ignores what it did not write, and removes it from under its name", async () => {
    storage.setItem("karama:enquiry-draft:v1:about", "{}");
    for (const junk of ["{not json", "42", '{"key":1}', "null", '{"slot":"about"}']) {
      storage.setItem(`${keptKeyPrefix}contact`, junk);
      const fetch = ok();
      await sender(fetch).run();
      expect(fetch).not.toHaveBeenCalled();
      expect([...storage.items.keys()]).toEqual(["karama:enquiry-draft:v1:about"]);
    }
  });

  it("leaves alone a newer enquiry its form kept while the older one was being sent", async () => {
    await send(offline(), "/api/submit", "Maria");
    let answer: (response: Response) => void = () => undefined;
    const slow = vi.fn<typeof globalThis.fetch>(() => new Promise<Response>((resolve) => (answer = resolve)));
    const sending = sender(slow).run();
    await vi.waitFor(() => expect(slow).toHaveBeenCalledTimes(1));
    await send(offline(), "/api/submit", "Maria Santos");
    answer(Response.json({ success: true }));
    await sending;
    expect(kept().map((entry) => entry.fields[1])).toEqual([["name", "Maria Santos"]]);
  });
});

describe("two tabs", () => {
  it("send a kept enquiry once: the tab that claimed it sends, the other leaves it", async () => {
    await send(offline());
    let answer: (response: Response) => void = () => undefined;
    const slow = vi.fn<typeof globalThis.fetch>(() => new Promise<Response>((resolve) => (answer = resolve)));
    const quick = ok();
    const first = sender(slow).run();
    await vi.waitFor(() => expect(slow).toHaveBeenCalledTimes(1));
    await sender(quick).run();
    expect(quick).not.toHaveBeenCalled();
    answer(Response.json({ success: true }));
    await first;
    expect(kept()).toEqual([]);
  });

  it("take it over when the tab that claimed it was closed mid-send", async () => {
    await send(offline());
    for (const entry of kept()) {
      storage.setItem(keptKeyPrefix + entry.slot, JSON.stringify({ ...entry, claim: clock + 1_000 }));
    }
    const fetch = ok();
    await sender(fetch).run();
    expect(fetch).not.toHaveBeenCalled();
    clock += 1_001;
    await sender(fetch).run();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("use the browser's lock where it has one: a tab that does not get it waits, then sends only what is due", async () => {
    await send(offline());
    const fetch = ok();
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const waited: string[] = [];
    // Held by another tab (or the service worker) until `release`.
    const held = {
      request: async (_name: string, ...rest: unknown[]) => {
        const callback = rest.at(-1) as (lock: Lock | null) => unknown;
        if ((rest[0] as LockOptions).ifAvailable) return callback(null);
        waited.push("waiting");
        await released;
        return callback({ name: _name, mode: "exclusive" } as Lock);
      },
      query: async () => ({}),
    } as unknown as LockManager;
    const sending = sender(fetch, { locks: held }).run();
    await vi.waitFor(() => expect(waited).toEqual(["waiting"]));
    expect(fetch).not.toHaveBeenCalled();
    release();
    await sending;
    // Just kept, it is not due: the other sender has just tried it.
    expect(fetch).not.toHaveBeenCalled();
    clock += 30_000;
    await sender(fetch, { locks: held }).run();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe("the service worker's copy, where the browser has Background Sync", () => {
  /** The worker's copies in memory, and the syncs asked for. */
  function worker() {
    const caches = new MemoryCaches();
    let syncs = 0;
    return {
      caches,
      copies: () => readCopies(caches.storage),
      /** The one copy there is. */
      only: async () => {
        const [copy, ...more] = await readCopies(caches.storage);
        if (!copy || more.length > 0) throw new Error("not one copy");
        return copy;
      },
      syncs: () => syncs,
      background: {
        caches: caches.storage,
        sync: async () => {
          syncs++;
        },
      },
    };
  }
  const handOver = (background: SenderOptions["background"], more: Partial<SenderOptions> = {}) =>
    handOverKept({ storage, endpoint: "/api/submit", accessKey: "site-key", background, ...more });

  it("is written when an enquiry is kept: the enquiry, where to send it and the access key; and a sync asked for", async () => {
    const { background, copies, syncs } = worker();
    await send(offline());
    await handOver(background);
    expect(await copies()).toEqual([{ entry: kept()[0], endpoint: "/api/submit", accessKey: "site-key" }]);
    expect(syncs()).toBe(1);
  });

  it("is written by a page's sender for what it could not send yet", async () => {
    const { background, copies, syncs } = worker();
    await send(offline());
    await sender(offline(), { background }).run();
    expect((await copies()).map((copy) => copy.entry.key)).toEqual(kept().map((entry) => entry.key));
    expect(syncs()).toBe(1);
  });

  it("is not written where the browser has no Background Sync (Firefox, Safari): nothing changes there", async () => {
    expect(await browserBackground()).toBeNull();
    await send(offline());
    await handOver(null);
    const fetch = ok();
    await sender(fetch).run();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(kept()).toEqual([]);
  });

  it("is not written while the forms post to an external service, nor when nothing is kept", async () => {
    const { background, caches, syncs } = worker();
    await handOver(background);
    await send(offline());
    await handOver(background, { endpoint: "https://api.web3forms.com/submit" });
    expect(await caches.keys()).toEqual([]);
    expect(syncs()).toBe(0);
  });

  it("is deleted when the page's sender sends the enquiry, or drops it (refused, kept too long)", async () => {
    const { background, copies } = worker();
    await send(offline());
    await handOver(background);
    await sender(ok(), { background }).run();
    expect(kept()).toEqual([]);
    expect(await copies()).toEqual([]);

    await send(offline(), "/api/submit", "Refused Rita");
    await handOver(background);
    const refused = sender(
      vi.fn<typeof globalThis.fetch>().mockResolvedValue(Response.json({ success: false }, { status: 400 })),
      { background },
    );
    await refused.run();
    expect(refused.announced).toEqual(["notSent"]);
    expect(await copies()).toEqual([]);

    await send(offline(), "/api/submit", "Late Lena");
    await handOver(background);
    clock += keptMaxAgeMs + 1;
    await sender(ok(), { background }).run();
    expect(await copies()).toEqual([]);
  });

  it("marked sent by the worker: the page tells the visitor, sends nothing, and forgets it, its draft and the copy", async () => {
    const { background, copies, only } = worker();
    await send(offline());
    storage.setItem("karama:enquiry-draft:v1:dubai-visa", "{}");
    await handOver(background);
    const copy = await only();
    await putCopy(background.caches, { ...copy, sentAt: clock });
    const fetch = ok();
    const { announced, run } = sender(fetch, { background });
    await run();
    expect(fetch).not.toHaveBeenCalled();
    expect(announced).toEqual(["sent"]);
    expect(storage.length).toBe(0);
    expect(await copies()).toEqual([]);
  });

  it("marked sent while the page waited for the worker's lock: the page tells the visitor once it has it", async () => {
    const { background, only } = worker();
    await send(offline());
    await handOver(background);
    const copy = await only();
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const workerHolds = {
      request: async (name: string, ...rest: unknown[]) => {
        const callback = rest.at(-1) as (lock: Lock | null) => unknown;
        if ((rest[0] as LockOptions).ifAvailable) return callback(null);
        await released;
        return callback({ name, mode: "exclusive" } as Lock);
      },
    } as unknown as LockManager;
    const fetch = ok();
    const { announced, run } = sender(fetch, { background, locks: workerHolds });
    const sending = run();
    // The worker sends it meanwhile, and marks it.
    await putCopy(background.caches, { ...copy, sentAt: clock });
    release();
    await sending;
    expect(fetch).not.toHaveBeenCalled();
    expect(announced).toEqual(["sent"]);
    expect(kept()).toEqual([]);
  });

  it("is never written again over the worker's mark, nor twice", async () => {
    const { background, copies, only } = worker();
    await send(offline());
    await handOver(background);
    const copy = await only();
    await putCopy(background.caches, { ...copy, sentAt: clock });
    await handOver(background);
    expect(await copies()).toEqual([{ ...copy, sentAt: clock }]);
  });

  it("of an enquiry no longer kept here (sent from another tab, replaced by a newer one) is deleted", async () => {
    const { background, copies } = worker();
    await send(offline(), "/api/submit", "Maria");
    await handOver(background);
    // The form sends another enquiry in its place: the first one's copy is not to be sent.
    forgetSendKey();
    await send(offline(), "/api/submit", "Maria Santos");
    await sender(offline(), { background }).run();
    expect((await copies()).map((copy) => copy.entry.fields[1])).toEqual([["name", "Maria Santos"]]);
  });
});
