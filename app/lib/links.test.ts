import { describe, expect, it } from "vitest";
import { mailtoHref, whatsappHref } from "./links";

describe("contact links", () => {
  it("builds a wa.me link with the digits and the encoded greeting", () => {
    expect(whatsappHref("971501234567", "Hello & welcome?")).toBe(
      "https://wa.me/971501234567?text=Hello%20%26%20welcome%3F",
    );
  });

  it("builds a mailto link", () => {
    expect(mailtoHref("info@example.com")).toBe("mailto:info@example.com");
  });
});
