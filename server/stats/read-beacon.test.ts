import { describe, expect, it } from "vitest";
import { readBeacon } from "./read-beacon";

const good = { kind: "view", path: "/about", source: "facebook" };
const vitals = {
  kind: "vitals",
  route: "/",
  metrics: [
    { id: "v6-1764000000000-1234567890123", name: "LCP", value: 1234.5 },
    { id: "v6-1764000000000-1234567890124", name: "CLS", value: 0.02 },
  ],
};
const read = (body: unknown) => readBeacon(typeof body === "string" ? body : JSON.stringify(body));

describe("what the collector accepts", () => {
  it("a view of a page of the site, a view of any other path as the not-found page, and a page's vitals", () => {
    expect(read(good)).toEqual({ ok: true, beacon: { kind: "view", route: "/about", source: "facebook" } });
    expect(read(vitals)).toEqual({ ok: true, beacon: vitals });
  });

  it("a view's source may carry its campaign (utm_campaign), bounded as a campaign tag is (issue 35)", () => {
    expect(read({ ...good, source: "facebook / eid offer" })).toEqual({
      ok: true,
      beacon: { kind: "view", route: "/about", source: "facebook / eid offer" },
    });
    for (const source of ["facebook / eid / x", `facebook / ${"c".repeat(41)}`, "facebook / <b>", "facebook/eid"])
      expect(read({ ...good, source }).ok).toBe(false);
  });

  it("keeps no path of a page the site does not have: each is the one not-found page (issue 34)", () => {
    for (const path of ["/old-offer.html", "/javascript:alert(1)", "/About", `/p-${"x".repeat(150)}`]) {
      expect(read({ kind: "view", path, source: "other sites" })).toEqual({
        ok: true,
        beacon: { kind: "missing", source: "other sites" },
      });
    }
  });

  it("takes each metric up to what a browser can report, no further", () => {
    const one = (name: string, value: number) =>
      read({ ...vitals, metrics: [{ ...vitals.metrics[0], name, value }] }).ok;
    expect([one("LCP", 0), one("LCP", 59_999), one("INP", 16), one("CLS", 0), one("CLS", 9.5)]).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect([one("LCP", 120_000), one("FCP", 120_000), one("TTFB", 120_000), one("INP", 120_000)]).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect([one("CLS", 100), one("LCP", -0.001), one("CLS", -1)]).toEqual([false, false, false]);
  });

  it.each([
    ["not JSON", "{kind:"],
    ["an array", [good]],
    ["an unknown kind", { ...good, kind: "click" }],
    ["a path with a query", { ...good, path: "/about?x=1" }],
    ["a path with a fragment", { ...good, path: "/about#x" }],
    ["the old shape, a route", { kind: "view", route: "/about", source: "facebook" }],
    ["a bad source", { ...good, source: "<b>" }],
    ["no source", { kind: "view", path: "/" }],
    ["a field of its own", { ...good, visitor: "abc" }],
    ["a kind of its own", { kind: "missing", path: "/old", source: "direct" }],
    ["a path that is not a path", { ...good, path: "http://x" }],
    ["a path of another host", { ...good, path: "//evil.example/x" }],
    ["a path too long", { ...good, path: `/${"a".repeat(200)}` }],
    ["a path with control characters", { ...good, path: "/a\nb" }],
    ["a path with a space", { ...good, path: "/a b" }],
    ["no metrics", { ...vitals, metrics: [] }],
    ["six metrics", { ...vitals, metrics: Array(6).fill(vitals.metrics[0]) }],
    ["an unknown metric", { ...vitals, metrics: [{ ...vitals.metrics[0], name: "FID" }] }],
    ["a negative value", { ...vitals, metrics: [{ ...vitals.metrics[0], value: -1 }] }],
    ["a value out of range", { ...vitals, metrics: [{ ...vitals.metrics[0], value: 10_000_000 }] }],
    ["a string value", { ...vitals, metrics: [{ ...vitals.metrics[0], value: "12" }] }],
    ["a bad metric id", { ...vitals, metrics: [{ ...vitals.metrics[0], id: "visitor-42" }] }],
    ["a metric with more fields", { ...vitals, metrics: [{ ...vitals.metrics[0], rating: "good" }] }],
    ["vitals of an unknown page", { ...vitals, route: "/404" }],
  ])("refuses %s", (_what, body) => {
    expect(read(body).ok).toBe(false);
  });

  it("refuses infinities and NaN, which JSON cannot even carry", () => {
    expect(read('{"kind":"vitals","route":"/","metrics":[{"id":"v6-1-2","name":"LCP","value":1e999}]}').ok).toBe(false);
  });

  it("refuses more than 2 KB", () => {
    expect(read({ ...good, pad: "x".repeat(2100) })).toEqual({
      ok: false,
      error: "The beacon is larger than 2048 bytes",
    });
  });
});
