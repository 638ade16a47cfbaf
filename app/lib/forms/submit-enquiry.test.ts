import { afterEach, describe, expect, it, vi } from "vitest";
import {
  badReplyMessage,
  buildEnquiryFormData,
  defaultFormServiceConfig,
  enquiryTimeoutMs,
  fieldsBeyondSpec,
  isOwnInbox,
  submitEnquiry,
  timeoutMessage,
  type FormServiceConfig,
} from "./submit-enquiry";
import type { EnquiryValues } from "./validate-enquiry";

const config: FormServiceConfig = {
  endpoint: "https://forms.example.test/submit",
  accessKey: "test-key",
  toEmail: "agency@example.test",
};

const values: EnquiryValues = {
  name: "Maria Santos",
  email: "maria@example.com",
  phone: "0501234567",
  visa: "30 Days Dubai Visa",
  adult: "",
  child: "",
  date: "2026-09-01",
  message: "Two adults, arriving from Manila.",
};

function reply(body: string, init: ResponseInit = {}) {
  return vi.fn<typeof globalThis.fetch>().mockResolvedValue(new Response(body, init));
}

function json(body: unknown, status = 200) {
  return reply(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

afterEach(() => {
  vi.useRealTimers();
});

describe("buildEnquiryFormData", () => {
  it("carries the spec's fields in order, without adult and child when they are empty", () => {
    const data = buildEnquiryFormData(values, config);
    expect([...data.keys()]).toEqual([
      "access_key",
      "name",
      "email",
      "phone",
      "visa_type",
      "date",
      "message",
      "to_email",
    ]);
    expect(data.get("access_key")).toBe("test-key");
    expect(data.get("name")).toBe("Maria Santos");
    expect(data.get("email")).toBe("maria@example.com");
    expect(data.get("phone")).toBe("0501234567");
    expect(data.get("visa_type")).toBe("30 Days Dubai Visa");
    expect(data.get("date")).toBe("2026-09-01");
    expect(data.get("message")).toBe("Two adults, arriving from Manila.");
    expect(data.get("to_email")).toBe("agency@example.test");
    expect(data.has("adult")).toBe(false);
    expect(data.has("child")).toBe(false);
  });

  it("adds adult and child when they are filled", () => {
    const data = buildEnquiryFormData({ ...values, adult: "2", child: "1" }, config);
    expect(data.get("adult")).toBe("2");
    expect(data.get("child")).toBe("1");
    expect([...data.keys()].at(-1)).toBe("to_email");
  });

  it("treats a whitespace-only adult or child as not filled", () => {
    const data = buildEnquiryFormData({ ...values, adult: " ", child: "" }, config);
    expect(data.has("adult")).toBe(false);
  });

  it("reads the endpoint, access key and agency mailbox from the site settings by default", () => {
    const defaults = defaultFormServiceConfig();
    expect(defaults.endpoint).toBe("/api/submit");
    expect(defaults.toEmail).toMatch(/@/);
    expect(typeof defaults.accessKey).toBe("string");
  });
});

describe("what goes beyond the spec's payload: the site's own inbox or an external service (issue 35)", () => {
  const guard = { botcheck: "", altcha: "proof" };
  const inboxOnly = { visa_label: "Dubai Tourist Visa", source: "facebook" };

  it("tells the site's own inbox from an external form service by the endpoint", () => {
    expect(isOwnInbox("/api/submit")).toBe(true);
    expect(isOwnInbox("https://www.example.ae/api/submit")).toBe(true);
    expect(isOwnInbox("https://api.web3forms.com/submit")).toBe(false);
    expect(isOwnInbox(config.endpoint)).toBe(false);
  });

  it("gives the own inbox the spam guard's fields, the visit's source and the visa label", () => {
    expect(fieldsBeyondSpec("/api/submit", { extraFields: guard, inboxFields: inboxOnly })).toEqual({
      ...guard,
      ...inboxOnly,
    });
  });

  it("gives an external service neither the source nor the label", () => {
    expect(fieldsBeyondSpec(config.endpoint, { extraFields: { botcheck: "" }, inboxFields: inboxOnly })).toEqual({
      botcheck: "",
    });
  });

  it("sends an external service the spec's multipart keys exactly, plus its own honeypot", () => {
    const data = buildEnquiryFormData(values, config, { extraFields: { botcheck: "" }, inboxFields: inboxOnly });
    expect([...data.keys()]).toEqual([
      "access_key",
      "name",
      "email",
      "phone",
      "visa_type",
      "date",
      "message",
      "to_email",
      "botcheck",
    ]);
  });

  it("sends the own inbox the label the visitor picked beside the spec's value", () => {
    const data = buildEnquiryFormData(values, { ...config, endpoint: "/api/submit" }, { inboxFields: inboxOnly });
    expect(data.get("visa_type")).toBe("30 Days Dubai Visa");
    expect(data.get("visa_label")).toBe("Dubai Tourist Visa");
    expect(data.get("source")).toBe("facebook");
  });
});

describe("submitEnquiry", () => {
  it("POSTs the multipart form to the configured endpoint", async () => {
    const fetch = json({ success: true, message: "Email sent" });
    await submitEnquiry(values, { config, fetch });
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe(config.endpoint);
    expect(init?.method).toBe("POST");
    expect(init?.body).toBeInstanceOf(FormData);
    expect((init?.body as FormData).get("to_email")).toBe("agency@example.test");
    // The browser sets the multipart boundary itself; a hand-written Content-Type would break it.
    expect(new Headers(init?.headers).has("Content-Type")).toBe(false);
    expect(init?.signal).toBeInstanceOf(AbortSignal);
  });

  it("succeeds when the service answers success: true", async () => {
    expect(await submitEnquiry(values, { config, fetch: json({ success: true }) })).toEqual({ ok: true });
  });

  it("shows the service's message when success is false", async () => {
    const result = await submitEnquiry(values, { config, fetch: json({ success: false, message: "Invalid key" }) });
    expect(result).toEqual({ ok: false, reason: "rejected", message: "Invalid key" });
  });

  it("falls back to 'Form submission failed' when success is false without a message", async () => {
    for (const body of [{ success: false }, { success: false, message: "" }, { success: false, message: 42 }, {}]) {
      expect(await submitEnquiry(values, { config, fetch: json(body) })).toEqual({
        ok: false,
        reason: "rejected",
        message: "Form submission failed",
      });
    }
  });

  it("treats a success that is not exactly true as a failure", async () => {
    const result = await submitEnquiry(values, { config, fetch: json({ success: "true" }) });
    expect(result).toEqual({ ok: false, reason: "rejected", message: "Form submission failed" });
  });

  it("shows the exception's message when the request itself fails", async () => {
    const fetch = vi.fn<typeof globalThis.fetch>().mockRejectedValue(new TypeError("Failed to fetch"));
    expect(await submitEnquiry(values, { config, fetch })).toEqual({
      ok: false,
      reason: "network",
      message: "Failed to fetch",
    });
  });

  it("falls back to the generic message when the exception has none", async () => {
    for (const thrown of [new Error(""), "offline", null]) {
      const fetch = vi.fn<typeof globalThis.fetch>().mockRejectedValue(thrown);
      expect(await submitEnquiry(values, { config, fetch })).toEqual({
        ok: false,
        reason: "network",
        message: "Something went wrong. Please try again.",
      });
    }
  });

  it("reports an HTML error page as a reply it could not read", async () => {
    const fetch = reply("<!doctype html><h1>500 Internal Server Error</h1>", {
      status: 500,
      headers: { "Content-Type": "text/html" },
    });
    expect(await submitEnquiry(values, { config, fetch })).toEqual({
      ok: false,
      reason: "bad-reply",
      message: badReplyMessage,
    });
  });

  it("reports a 200 whose body is not JSON as a reply it could not read", async () => {
    for (const body of ["OK", "", "null", "[true]", '"success"']) {
      expect(await submitEnquiry(values, { config, fetch: reply(body) })).toEqual({
        ok: false,
        reason: "bad-reply",
        message: badReplyMessage,
      });
    }
  });

  it("uses the JSON message a 4xx or 5xx carries", async () => {
    const fetch = json({ success: false, message: "Too many requests, try again in a minute" }, 429);
    expect(await submitEnquiry(values, { config, fetch })).toEqual({
      ok: false,
      reason: "rejected",
      message: "Too many requests, try again in a minute",
    });
    expect(await submitEnquiry(values, { config, fetch: json({ message: "Bad gateway" }, 502) })).toEqual({
      ok: false,
      reason: "rejected",
      message: "Bad gateway",
    });
  });

  it("does not trust success: true on an error status", async () => {
    expect(await submitEnquiry(values, { config, fetch: json({ success: true }, 500) })).toEqual({
      ok: false,
      reason: "bad-reply",
      message: badReplyMessage,
    });
  });

  it("gives up after 20 seconds with a timeout message and aborts the request", async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    const fetch = vi.fn<typeof globalThis.fetch>((_url, init) => {
      signal = init?.signal ?? undefined;
      return new Promise<Response>((_resolve, reject) => {
        signal?.addEventListener("abort", () => reject(new DOMException("The operation was aborted.", "AbortError")));
      });
    });
    const pending = submitEnquiry(values, { config, fetch });
    let settled = false;
    void pending.then(() => (settled = true));

    await vi.advanceTimersByTimeAsync(enquiryTimeoutMs - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);

    expect(await pending).toEqual({ ok: false, reason: "timeout", message: timeoutMessage });
    expect(signal?.aborted).toBe(true);
  });

  it("times out even when the fetch ignores the abort signal", async () => {
    vi.useFakeTimers();
    const fetch = vi.fn<typeof globalThis.fetch>(() => new Promise<Response>(() => undefined));
    const pending = submitEnquiry(values, { config, fetch, timeoutMs: 5000 });
    await vi.advanceTimersByTimeAsync(5000);
    expect(await pending).toEqual({ ok: false, reason: "timeout", message: timeoutMessage });
  });

  it("times out when the headers arrive but the body never finishes", async () => {
    vi.useFakeTimers();
    const stalled = new ReadableStream<Uint8Array>({ start: () => undefined });
    const fetch = vi.fn<typeof globalThis.fetch>().mockResolvedValue(new Response(stalled, { status: 200 }));
    const pending = submitEnquiry(values, { config, fetch });
    await vi.advanceTimersByTimeAsync(enquiryTimeoutMs);
    expect(await pending).toEqual({ ok: false, reason: "timeout", message: timeoutMessage });
  });

  it("leaves no timer behind once the service has answered", async () => {
    vi.useFakeTimers();
    await submitEnquiry(values, { config, fetch: json({ success: true }) });
    expect(vi.getTimerCount()).toBe(0);
  });
});

/** Issue 38: a retry never makes two enquiries. */
describe("the key an enquiry goes with to the site's own inbox", () => {
  const own: FormServiceConfig = { ...config, endpoint: "/api/submit" };
  const keyOf = (fetch: ReturnType<typeof json>, call: number) =>
    new Headers(fetch.mock.calls[call]?.[1]?.headers).get("Idempotency-Key");
  const failing = () => vi.fn<typeof globalThis.fetch>().mockRejectedValue(new TypeError("Failed to fetch"));

  it("is the same when the same enquiry is sent again after a failure, and new once one has gone", async () => {
    const fetch = failing();
    await submitEnquiry(values, { config: own, fetch });
    await submitEnquiry(values, { config: own, fetch });
    const first = keyOf(fetch, 0);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(keyOf(fetch, 1)).toBe(first);

    const sent = json({ success: true });
    expect(await submitEnquiry(values, { config: own, fetch: sent })).toEqual({ ok: true });
    expect(keyOf(sent, 0)).toBe(first);
    await submitEnquiry(values, { config: own, fetch: sent });
    expect(keyOf(sent, 1)).toMatch(/^[0-9a-f]{32}$/);
    expect(keyOf(sent, 1)).not.toBe(first);
  });

  it("is new when the visitor changed the enquiry, and after a refusal of the same one stays", async () => {
    const refused = json({ success: false, message: "Too many submissions" }, 429);
    await submitEnquiry(values, { config: own, fetch: refused });
    await submitEnquiry(values, { config: own, fetch: refused });
    expect(keyOf(refused, 1)).toBe(keyOf(refused, 0));
    await submitEnquiry({ ...values, message: "Three adults." }, { config: own, fetch: refused });
    expect(keyOf(refused, 2)).not.toBe(keyOf(refused, 1));
  });

  it("goes to the site's own inbox only, never to an external form service", async () => {
    const fetch = json({ success: true });
    await submitEnquiry(values, { config, fetch });
    expect(new Headers(fetch.mock.calls[0]?.[1]?.headers).has("Idempotency-Key")).toBe(false);
  });
});
