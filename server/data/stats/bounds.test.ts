import { beforeAll, describe, expect, it } from "vitest";
import { pagePaths } from "../../../app/lib/paths";
import { knownSources } from "../../../app/lib/statistics/source";
import { loadPageTitles, otherPage, otherSource, pageName, pageOf, sourceName, sourceOf } from "./bounds";

// Pages are named by their titles, read from the content files once (bounds.ts).
beforeAll(loadPageTitles);

describe("what the statistics keep of a path and a source", () => {
  it("a page of the site is itself; any other path, and a Referer of a visitor's making, is one 'other' page", () => {
    for (const path of pagePaths) expect(pageOf(path)).toBe(path);
    for (const path of [
      "/javascript:alert(1)",
      "/old-offer",
      "/About",
      "/about/",
      "/dubai-visa/0",
      "/dubai-visa/5",
      "/404",
      "/\u202eexe.gnp",
      `/${"a".repeat(5000)}`,
      "about",
      "",
    ]) {
      expect(pageOf(path)).toBe(otherPage);
    }
    expect(pageOf(null)).toBe("");
    expect(pageOf(undefined)).toBe("");
  });

  it("a source is a known one or a campaign tag of at most 40 characters; anything else is one 'other' source", () => {
    for (const source of knownSources) expect(sourceOf(source)).toBe(source);
    expect(sourceOf("eid-flyer")).toBe("eid-flyer");
    expect(sourceOf("a".repeat(40))).toBe("a".repeat(40));
    expect(sourceOf("facebook / eid offer")).toBe("facebook / eid offer");
    for (const junk of ["a".repeat(41), "<b>", "Eid", " eid", "\u202eeid", "/javascript:alert(1)", "", 42, {}]) {
      expect(sourceOf(junk)).toBe(otherSource);
    }
    expect(sourceOf(null)).toBe("");
  });

  it("names them for people, never as a page of the site, with control characters and bidi overrides made visible", () => {
    expect(pageName("/about")).toBe("About Us");
    expect(pageName(otherPage)).toBe("Other addresses");
    expect(pageName("")).toBe("Not known");
    expect(pageName("/a\u202eb")).toBe("/a[U+202E]b");
    expect(sourceName("facebook")).toBe("Facebook");
    expect(sourceName("eid-flyer")).toBe("eid-flyer (campaign tag)");
    expect(sourceName(otherSource)).toBe("Other campaign tags");
    expect(sourceName("x\u202ey")).toBe("x[U+202E]y (campaign tag)");
    expect(sourceName("whatsapp / eid")).toBe("WhatsApp, campaign eid");
  });

  it("names every page of the site by its title, not its path (issue 35, item 8)", () => {
    expect(pageName("/")).toBe("Home");
    expect(pageName("/services")).toBe("Our Services");
    expect(pageName("/contact")).toBe("Contact Us");
    expect(pageName("/privacy")).toBe("Privacy");
    expect(pageName("/tourist-visa/2")).toBe("Tourist Visa: 30 Days");
    expect(pageName("/visa-changes/4")).toBe("Visa Change: Tourist Visa Extension");
    const names = pagePaths.map(pageName);
    expect(new Set(names).size).toBe(pagePaths.length);
    for (const name of names) expect(name).not.toMatch(/^\//);
  });
});
