import { describe, expect, it, vi } from "vitest";
import { contactPayload, submitContact, type ContactValues } from "./submit-contact";
import { badReplyMessage, timeoutMessage } from "./submit-enquiry";

const config = { endpoint: "https://forms.example.test/submit", accessKey: "test-key" };
const values: ContactValues = {
  name: "Jose Reyes",
  email: "jose@example.com",
  phoneNo: "+971 50 000 0000",
  subject: "Visa change",
  message: "Is a visa change by road possible this week?",
};

function answering(body: string, status = 200) {
  return vi.fn<typeof globalThis.fetch>().mockResolvedValue(new Response(body, { status }));
}

describe("submitContact", () => {
  it("POSTs the spec's JSON body to the form service", async () => {
    const fetch = answering(JSON.stringify({ success: true }));
    await submitContact(values, { config, fetch });

    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe(config.endpoint);
    expect(init?.method).toBe("POST");
    expect(new Headers(init?.headers).get("Content-Type")).toBe("application/json");
    const body: unknown = JSON.parse(String(init?.body));
    expect(Object.keys(body as object)).toEqual(["name", "email", "phoneNo", "message", "subject", "access_key"]);
    expect(body).toEqual({
      name: "Jose Reyes",
      email: "jose@example.com",
      phoneNo: "+971 50 000 0000",
      message: "Is a visa change by road possible this week?",
      subject: "Visa change",
      access_key: "test-key",
    });
  });

  it("gives an external service the spec's keys and its honeypot, never the visit's source (issue 35)", () => {
    const payload = contactPayload(values, config, { extraFields: { botcheck: "" }, inboxFields: { source: "x" } });
    expect(Object.keys(payload)).toEqual(["name", "email", "phoneNo", "message", "subject", "access_key", "botcheck"]);
  });

  it("gives the site's own inbox the visit's source after the spec's keys", () => {
    const own = { ...config, endpoint: "/api/submit" };
    const payload = contactPayload(values, own, { extraFields: { botcheck: "" }, inboxFields: { source: "direct" } });
    expect(payload).toMatchObject({ phoneNo: "+971 50 000 0000", botcheck: "", source: "direct" });
  });

  it("says it went through when the service answers success: true (issue 35, item 2)", async () => {
    expect(await submitContact(values, { config, fetch: answering(JSON.stringify({ success: true })) })).toEqual({
      ok: true,
    });
  });

  it("says why it failed, as the enquiry forms do: the service's message, an unreadable reply, the network", async () => {
    expect(
      await submitContact(values, { config, fetch: answering(JSON.stringify({ success: false, message: "Bad key" })) }),
    ).toEqual({ ok: false, reason: "rejected", message: "Bad key" });
    expect(await submitContact(values, { config, fetch: answering("<h1>Oops</h1>", 500) })).toEqual({
      ok: false,
      reason: "bad-reply",
      message: badReplyMessage,
    });
    const offline = vi.fn<typeof globalThis.fetch>().mockRejectedValue(new TypeError("Failed to fetch"));
    expect(await submitContact(values, { config, fetch: offline })).toEqual({
      ok: false,
      reason: "network",
      message: "Failed to fetch",
    });
  });

  it("gives up when no answer comes in time", async () => {
    const hung = vi.fn<typeof globalThis.fetch>(() => new Promise<Response>(() => undefined));
    expect(await submitContact(values, { config, fetch: hung, timeoutMs: 10 })).toEqual({
      ok: false,
      reason: "timeout",
      message: timeoutMessage,
    });
  });
});

describe("the key a message goes with to the site's own inbox (issue 38)", () => {
  it("is the same for the same message tried again, and differs from an enquiry's", async () => {
    const fetch = vi.fn<typeof globalThis.fetch>().mockRejectedValue(new TypeError("Failed to fetch"));
    const own = { ...config, endpoint: "/api/submit" };
    await submitContact(values, { config: own, fetch });
    await submitContact(values, { config: own, fetch });
    const keys = fetch.mock.calls.map(([, init]) => new Headers(init?.headers).get("Idempotency-Key"));
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
  });
});
