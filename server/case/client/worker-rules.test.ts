import { describe, expect, it } from "vitest";
import { caseAlertFrom, casePageUrl, genericCaseAlert, isKeptAsset, whereToOpen } from "./worker-rules";

const origin = "https://karama.example";
const link = `${origin}/case/${"a".repeat(43)}`;

describe("the case room's service worker", () => {
  it("keeps only the room's files: never a page, a paper, another site's file or a POST", () => {
    expect(isKeptAsset("GET", `${origin}/case/assets/case.abc123.js`, origin)).toBe(true);
    expect(isKeptAsset("GET", `${origin}/case/assets/ocr/0f0f/eng.traineddata`, origin)).toBe(true);
    expect(isKeptAsset("GET", link, origin)).toBe(false);
    expect(isKeptAsset("GET", `${link}/papers/${"0".repeat(32)}`, origin)).toBe(false);
    expect(isKeptAsset("GET", "https://elsewhere.example/case/assets/x.js", origin)).toBe(false);
    expect(isKeptAsset("POST", `${origin}/case/assets/x.js`, origin)).toBe(false);
    expect(isKeptAsset("GET", `${origin}/case/assets/x.js?v=2`, origin)).toBe(false);
    expect(isKeptAsset("GET", "not a url", origin)).toBe(false);
  });

  it("shows what the server pushed, or a plain notice for anything else", () => {
    expect(caseAlertFrom(JSON.stringify({ title: "Your visa: approved", body: "Your visa is approved." }))).toEqual({
      title: "Your visa: approved",
      body: "Your visa is approved.",
    });
    for (const text of [null, "", "not json", "[]", "{}", JSON.stringify({ title: " " }), "null"]) {
      expect(caseAlertFrom(text)).toEqual(genericCaseAlert);
    }
    expect(caseAlertFrom(JSON.stringify({ title: "x".repeat(500) })).title).toHaveLength(200);
  });

  it("opens the traveller's own page on a tap: the open one first, then the one kept, never another site", () => {
    expect(whereToOpen([{ url: `${origin}/` }, { url: link }], null, origin)).toEqual({ focus: 1 });
    expect(whereToOpen([{ url: `${origin}/contact` }], link, origin)).toEqual({ open: link });
    expect(whereToOpen([], link, origin)).toEqual({ open: link });
    expect(whereToOpen([], "https://evil.example/case/" + "a".repeat(43), origin)).toEqual({ open: `${origin}/` });
    expect(whereToOpen([], `${origin}/office`, origin)).toEqual({ open: `${origin}/` });
    expect(whereToOpen([], null, origin)).toEqual({ open: `${origin}/` });
    expect(casePageUrl(`${origin}/case/assets/case.js`, origin)).toBeNull();
  });
});
