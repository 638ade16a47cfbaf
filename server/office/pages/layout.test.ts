// @vitest-environment node
import { h } from "preact";
import { renderToString } from "preact-render-to-string";
import { describe, expect, it } from "vitest";
import { Page, shortAgencyName } from "./layout";

/* Issue 59, item 9: the office header's agency name, short on a phone, whole for a screen reader at every width. */

describe("the office header's agency name", () => {
  it("is shortened to the word that tells one agency from another", () => {
    expect(shortAgencyName("Karama Visa & Travel")).toBe("Karama");
    expect(shortAgencyName("Al Noor Visa & Travel")).toBe("Al Noor");
    expect(shortAgencyName("  Emirates   Visa Services ")).toBe("Emirates");
    expect(shortAgencyName("Karama")).toBe("Karama");
    expect(shortAgencyName("Al")).toBe("Al");
  });

  it("keeps the whole name in the header's link, the rest beside the short form", () => {
    const html = renderToString(
      h(Page, {
        title: "Inbox",
        agency: "Karama Visa & Travel",
        assets: { css: "/office.css", js: "/office.js" },
        person: null,
        children: null,
      }),
    );
    expect(html).toContain(
      '<span class="brand-agency">Karama<span class="brand-rest"> Visa &amp; Travel</span></span> <span class="brand-office">Office</span>',
    );
  });
});
