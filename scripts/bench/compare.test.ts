// @vitest-environment node
import { describe, expect, it } from "vitest";
import {
  formatJsTable,
  formatSideBySide,
  formatVsSideBySide,
  jsTableHeading,
  lcpRatio,
  sideBySideHeading,
  signed,
  vsDifferences,
} from "./compare";
import { fakeLhr } from "./fixtures";
import { jsParts, type FirstLoadJs } from "./first-load-js";
import { summariseRun } from "./summary";

const js = (bytes: number, files: number): FirstLoadJs => ({
  bytes,
  scripts: Array.from({ length: files }, (_, index) => ({ path: `/assets/${index}.js`, bytes: bytes / files })),
  parts: {
    ...Object.fromEntries(jsParts.map((part) => [part, 0])),
    preact: bytes / 2,
    "site code": bytes / 2,
  } as FirstLoadJs["parts"],
});

const lineOf = (table: string, route: string) => table.split("\n").find((line) => line.startsWith(route)) ?? "";

describe("formatJsTable", () => {
  it("prints this build's bytes against the budget, the client-rendered build's and the parts", () => {
    const table = formatJsTable([
      { route: "/", js: js(90 * 1024, 10), other: js(104.3 * 1024, 9) },
      { route: "/about", js: js(110 * 1024, 12), other: null },
    ]);
    expect(table.split("\n")[0]).toMatch(/^Route\s+JS\s+Files\s+CSR JS\s+preact\s+react-router/);
    expect(table).toContain("≤100 KiB");
    expect(lineOf(table, "/ ")).toMatch(/^\/\s+90\.0\s+10\s+104\.3\s+45\.0/);
    expect(lineOf(table, "/about")).toMatch(/110\.0!\s+12\s+–\s+55\.0/);
  });

  it("beside a --vs build, names its column vs and adds the difference, this build less that one", () => {
    const table = formatJsTable(
      [
        { route: "/", js: js(60 * 1024, 10), other: js(68.9 * 1024, 12) },
        { route: "/about", js: js(61 * 1024, 10), other: null },
      ],
      "vs",
    );
    expect(table.split("\n")[0]).toMatch(/^Route\s+JS\s+Files\s+vs JS\s+Difference\s+preact\s+react-router/);
    expect(table).not.toContain("CSR");
    expect(lineOf(table, "/ ")).toMatch(/^\/\s+60\.0\s+10\s+68\.9\s+-8\.9\s+30\.0/);
    expect(lineOf(table, "/about")).toMatch(/61\.0\s+10\s+–\s+–\s+30\.5/);
  });
});

describe("jsTableHeading", () => {
  it("says what CSR stands for, as it always has", () => {
    expect(jsTableHeading("client-rendered")).toBe(
      "First-load JavaScript (brotli bodies of the scripts each page loads before hydration; CSR = the " +
        "client-rendered build; the parts share each file out by its modules' sizes):",
    );
  });

  it("names the --vs build and the difference", () => {
    expect(jsTableHeading("vs", "build-before")).toMatch(/; vs = build-before; Difference = JS less vs JS;/);
  });
});

describe("signed", () => {
  it("gives every difference its sign, and a difference that rounds to nothing a plus", () => {
    expect(signed(1.234, 1)).toBe("+1.2");
    expect(signed(-0.44, 1)).toBe("-0.4");
    expect(signed(-0.04, 1)).toBe("+0.0");
    expect(signed(0, 2)).toBe("+0.00");
    expect(signed(-12, 0)).toBe("-12");
  });
});

describe("formatSideBySide", () => {
  const ours = summariseRun(fakeLhr({ fcp: 700, lcp: 900 }), false);
  const slow = summariseRun(fakeLhr({ scores: { performance: 0.7 }, fcp: 1500, lcp: 3600 }), false);
  const close = summariseRun(fakeLhr({ fcp: 900, lcp: 1500 }), false);

  it("shows both builds' figures and the LCP gain, marking a gain under 2×", () => {
    const table = formatSideBySide([
      { route: "/", ours, clientRendered: slow },
      { route: "/about", ours, clientRendered: close },
      { route: "/contact", ours, clientRendered: null },
    ]);
    expect(lineOf(table, "/ ")).toMatch(/^\/\s+100\s+0\.70\s+0\.90\s+70\s+1\.50\s+3\.60\s+4\.0×$/);
    expect(lineOf(table, "/about")).toMatch(/1\.7×!$/);
    expect(lineOf(table, "/contact")).toMatch(/–\s+–\s+–\s+–$/);
  });

  it("has no ratio without both runs", () => {
    expect(lcpRatio({ route: "/", ours: null, clientRendered: slow })).toBeNull();
  });
});

describe("sideBySideHeading", () => {
  it("explains the LCP gain against the client-rendered build, as it always has", () => {
    expect(sideBySideHeading("client-rendered")).toBe(
      "Side by side on mobile: this build, and the client-rendered build (CSR) of the same pages; LCP gain = " +
        "CSR LCP / this LCP, ! under 2×:",
    );
  });

  it("names both builds with --vs, and what Δ is", () => {
    const heading = sideBySideHeading("vs", { ours: "build", other: "build-before" });
    expect(heading).toMatch(
      /^Side by side on mobile: this build \(build\), and build-before \(vs\), each route right after/,
    );
    expect(heading).toMatch(/Δ = this less vs/);
    expect(heading).not.toMatch(/CSR|LCP gain/);
  });
});

describe("formatVsSideBySide", () => {
  const after = summariseRun(fakeLhr({ fcp: 700, lcp: 900, tbt: 20 }), false);
  const before = summariseRun(fakeLhr({ scores: { performance: 0.97 }, fcp: 750, lcp: 1210, tbt: 64.6 }), false);

  it("shows both builds' Perf, FCP, LCP, TBT and first-load JS, then this less the other, and no LCP gain", () => {
    const table = formatVsSideBySide([
      { route: "/", ours: after, other: before, oursJs: 60 * 1024, otherJs: 68.9 * 1024 },
      { route: "/about", ours: before, other: after, oursJs: 61 * 1024, otherJs: 61 * 1024 },
    ]);
    const [names = "", units = ""] = table.split("\n");
    expect(names.split(/\s{2,}/)).toEqual([
      "Route",
      "Perf",
      "FCP",
      "LCP",
      "TBT",
      "JS",
      "vs Perf",
      "vs FCP",
      "vs LCP",
      "vs TBT",
      "vs JS",
      "ΔPerf",
      "ΔFCP",
      "ΔLCP",
      "ΔTBT",
      "ΔJS",
    ]);
    expect(units.trim().split(/\s+/)).toEqual(["s", "s", "ms", "KiB", "s", "s", "ms", "KiB", "s", "s", "ms", "KiB"]);
    expect(table).not.toMatch(/CSR|gain/);
    expect(lineOf(table, "/ ").split(/\s+/)).toEqual([
      "/",
      "100",
      "0.70",
      "0.90",
      "20",
      "60.0",
      "97",
      "0.75",
      "1.21",
      "65",
      "68.9",
      "+3",
      "-0.05",
      "-0.31",
      "-45",
      "-8.9",
    ]);
    expect(lineOf(table, "/about").split(/\s+/).slice(-5)).toEqual(["-3", "+0.05", "+0.31", "+45", "+0.0"]);
  });

  it("leaves a dash where either build has no figure", () => {
    const table = formatVsSideBySide([{ route: "/", ours: after, other: null, oursJs: 60 * 1024, otherJs: null }]);
    expect(lineOf(table, "/ ").split(/\s+/).slice(6)).toEqual(Array(10).fill("–"));
  });
});

describe("vsDifferences", () => {
  it("is this build less the other, in the JSON's units, and null where either is missing", () => {
    const ours = summariseRun(fakeLhr({ fcp: 700, lcp: 900, tbt: 20 }), false);
    const other = summariseRun(fakeLhr({ scores: { performance: 0.9 }, fcp: 800, lcp: 1000, tbt: 30 }), false);
    expect(vsDifferences({ route: "/", ours, other, oursJs: 2048, otherJs: 1024 })).toEqual({
      performance: 10,
      fcpMs: -100,
      lcpMs: -100,
      tbtMs: -10,
      firstLoadJsBytes: 1024,
    });
    expect(vsDifferences({ route: "/", ours, other: null, oursJs: null, otherJs: 1024 })).toEqual({
      performance: null,
      fcpMs: null,
      lcpMs: null,
      tbtMs: null,
      firstLoadJsBytes: null,
    });
  });
});
