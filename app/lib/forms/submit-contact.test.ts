import { describe, expect, it, vi } from "vitest";
import { submitContact, type ContactValues } from "./submit-contact";

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
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await submitContact(values, { config, fetch });

    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe(config.endpoint);
    expect(init?.method).toBe("POST");
    expect(new Headers(init?.headers).get("Content-Type")).toBe("application/json");
    expect(JSON.parse(String(init?.body))).toEqual({
      name: "Jose Reyes",
      email: "jose@example.com",
      phoneNo: "+971 50 000 0000",
      message: "Is a visa change by road possible this week?",
      subject: "Visa change",
      access_key: "test-key",
    });
    expect(log).not.toHaveBeenCalled();
  });

  it("logs a refusal and resolves", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await expect(
      submitContact(values, { config, fetch: answering(JSON.stringify({ success: false, message: "Bad key" })) }),
    ).resolves.toBeUndefined();
    expect(log).toHaveBeenCalledTimes(1);
  });

  it("logs an HTML error page and resolves", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await expect(submitContact(values, { config, fetch: answering("<h1>Oops</h1>", 500) })).resolves.toBeUndefined();
    expect(log).toHaveBeenCalledTimes(1);
  });

  it("logs a network failure and never throws", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const fetch = vi.fn<typeof globalThis.fetch>().mockRejectedValue(new TypeError("Failed to fetch"));
    await expect(submitContact(values, { config, fetch })).resolves.toBeUndefined();
    expect(log).toHaveBeenCalledWith("Contact form submission failed:", expect.any(TypeError));
  });
});
