import { describe, expect, it } from "vitest";
import { isActivePath, isPageMove, isPlainClick, pageAt } from "./page";

describe("isActivePath (React Router's NavLink rule)", () => {
  it("is the path itself, in any case unless case-sensitive", () => {
    expect(isActivePath("/contact", "/contact", true, false)).toBe(true);
    expect(isActivePath("/Contact", "/contact", true, false)).toBe(true);
    expect(isActivePath("/Contact", "/contact", true, true)).toBe(false);
    expect(isActivePath("/about", "/contact", true, false)).toBe(false);
  });

  it("takes a path below it only without `end`, and never a path that merely starts the same", () => {
    expect(isActivePath("/dubai-visa/1", "/dubai-visa", false, false)).toBe(true);
    expect(isActivePath("/dubai-visa/1", "/dubai-visa", true, false)).toBe(false);
    expect(isActivePath("/dubai-visa-extra", "/dubai-visa", false, false)).toBe(false);
    expect(isActivePath("/about", "/", false, false)).toBe(false);
    expect(isActivePath("/", "/", true, false)).toBe(true);
  });
});

describe("isPlainClick", () => {
  const click = { button: 0, metaKey: false, altKey: false, ctrlKey: false, shiftKey: false };
  const anchor = (target = "", download = false) => ({ target, hasAttribute: () => download });

  it("takes the main button with no key held, in the same tab", () => {
    expect(isPlainClick(click, anchor())).toBe(true);
    expect(isPlainClick(click, anchor("_self"))).toBe(true);
  });

  it("leaves a new tab, a new window, a download and another button to the browser", () => {
    for (const key of ["metaKey", "altKey", "ctrlKey", "shiftKey"] as const) {
      expect(isPlainClick({ ...click, [key]: true }, anchor()), key).toBe(false);
    }
    expect(isPlainClick({ ...click, button: 1 }, anchor())).toBe(false);
    expect(isPlainClick(click, anchor("_blank"))).toBe(false);
    expect(isPlainClick(click, anchor("", true))).toBe(false);
  });
});

describe("isPageMove", () => {
  const from = new URL("https://agency.example/dubai-visa/1");
  const to = (path: string) => new URL(path, from);

  it("is another page of the site, whatever its query", () => {
    expect(isPageMove(to("/about"), from)).toBe(true);
    expect(isPageMove(to("/?utm_source=flyer"), from)).toBe(true);
    expect(isPageMove(to("/dubai-visa/1"), from)).toBe(true);
  });

  it("is not a place on the same page, another site, the back office and the like, or a file", () => {
    expect(isPageMove(to("#enquiry"), from)).toBe(false);
    expect(isPageMove(new URL("https://elsewhere.example/about"), from)).toBe(false);
    for (const path of ["/office", "/Office/enquiries", "/admin/", "/api/enquiries", "/healthz", "/%6Fffice"]) {
      expect(isPageMove(to(path), from), path).toBe(false);
    }
    expect(isPageMove(to("/og-image.png"), from)).toBe(false);
    expect(isPageMove(to("/%E0%A4%A"), from)).toBe(false);
  });
});

describe("pageAt", () => {
  it("gives useLocation the path the page was rendered at, with the address's query and hash", () => {
    const page = pageAt({ pathname: "/about", matches: [] }, {}, { search: "?a=1", hash: "#x" }, 3);
    expect(page.location).toEqual({ pathname: "/about", search: "?a=1", hash: "#x", state: null, key: "3" });
    expect(page.key).toBe(3);
  });
});
