// @vitest-environment node
import { describe, expect, it } from "vitest";
import { formatJsTable, formatSideBySide, lcpRatio } from "./compare";
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
      { route: "/", js: js(90 * 1024, 10), clientRendered: js(104.3 * 1024, 9) },
      { route: "/about", js: js(110 * 1024, 12), clientRendered: null },
    ]);
    expect(table.split("\n")[0]).toMatch(/^Route\s+JS\s+Files\s+CSR JS\s+preact\s+react-router/);
    expect(table).toContain("≤100 KiB");
    expect(lineOf(table, "/ ")).toMatch(/^\/\s+90\.0\s+10\s+104\.3\s+45\.0/);
    expect(lineOf(table, "/about")).toMatch(/110\.0!\s+12\s+–\s+55\.0/);
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
