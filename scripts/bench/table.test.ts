// @vitest-environment node
import { describe, expect, it } from "vitest";
import { fakeLhr, request } from "./fixtures";
import { summariseRun } from "./summary";
import { formatHeaderNote, formatTable, formatVerdict, type TableRow } from "./table";

const passingSummary = summariseRun(
  fakeLhr({
    url: "http://127.0.0.1:4000/about",
    fcp: 812,
    lcp: 905,
    tbt: 12.4,
    requests: [
      request("/about", "Document", 5120),
      request("/assets/root.css", "Stylesheet", 3072),
      request("/assets/entry.js", "Script", 51_200),
      request("/assets/inter.woff2", "Font", 40_960),
      request("/assets/sky.svg", "Image", 1536),
    ],
  }),
  false,
);
const passing: TableRow = { formFactor: "mobile", route: "/about", runs: 1, summary: passingSummary };

const missing: TableRow = {
  formFactor: "mobile",
  route: "/",
  runs: 3,
  summary: summariseRun(fakeLhr({ scores: { performance: 0.95 }, fcp: 2283.6, lcp: 2468, tbt: 60, cls: 0.05 }), false),
};

const notFound: TableRow = {
  formFactor: "mobile",
  route: "/no-such-page",
  runs: 1,
  summary: summariseRun(
    fakeLhr({
      url: "http://127.0.0.1:4000/no-such-page",
      scores: { seo: 0.5 },
      failing: [
        { id: "http-status-code", category: "seo" },
        { id: "is-crawlable", category: "seo" },
      ],
    }),
    true,
  ),
};

const failed: TableRow = { formFactor: "desktop", route: "/contact", runs: 0, summary: null, error: "NO_FCP" };

function lineOf(table: string, route: string): string {
  const line = table.split("\n").find((candidate) => candidate.includes(` ${route} `));
  if (!line) throw new Error(`no line for ${route} in\n${table}`);
  return line;
}

describe("formatTable", () => {
  const table = formatTable([passing, missing, notFound, failed]);

  it("heads the columns in the order of the issue: scores, metrics, then bytes", () => {
    const [header = ""] = table.split("\n");
    const names = ["Form", "Route", "Perf", "A11y", "BP", "SEO", "FCP", "LCP", "TBT", "CLS"];
    const bytes = ["HTML", "CSS", "JS", "Font", "Img", "HTML+CSS", "Runs"];
    const positions = [...names, ...bytes].map((name) => header.indexOf(name));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it("states the targets and units under the column names", () => {
    const [, units = ""] = table.split("\n");
    for (const target of ["≤1.00 s", "≤1.20 s", "≤50 ms", "KiB", "≤100", "≤14"]) expect(units).toContain(target);
  });

  it("prints a row that meets every target without a mark, in seconds, milliseconds and KiB", () => {
    const line = lineOf(table, "/about");
    expect(line).not.toContain("!");
    expect(line.split(/\s+/).filter(Boolean)).toEqual([
      "mobile",
      "/about",
      "100",
      "100",
      "100",
      "100",
      "0.81",
      "0.91",
      "12",
      "0",
      "5.0",
      "3.0",
      "50.0",
      "40.0",
      "1.5",
      "8.0",
      "1",
    ]);
  });

  it("marks each missed target with ! and says when a figure is the median of 3 runs", () => {
    const line = lineOf(table, "/");
    for (const value of ["95!", "2.28!", "2.47!", "60!", "0.050!", "median of 3"]) expect(line).toContain(value);
    expect(line).not.toContain("100!");
  });

  it("marks a score below 100 only through what a 404 page must fail with *, not !", () => {
    const line = lineOf(table, "/no-such-page");
    expect(line).toContain("50*");
    expect(line).not.toContain("!");
  });

  it("keeps a row for a route whose Lighthouse run failed, with the reason", () => {
    const line = lineOf(table, "/contact");
    expect(line).toContain("desktop");
    expect(line).toContain("Lighthouse failed: NO_FCP");
  });

  it("lines the columns up", () => {
    const lines = table.split("\n").filter((line) => line && !line.includes("Lighthouse failed"));
    const widths = new Set(lines.slice(0, 5).map((line) => line.length));
    expect(lines.length).toBeGreaterThanOrEqual(5);
    expect(widths.size).toBe(1);
  });

  it("shows a tiny layout shift as non-zero", () => {
    const shifted: TableRow = {
      ...passing,
      summary: { ...passingSummary, metrics: { ...passingSummary.metrics, cls: 0.0002 } },
    };
    expect(lineOf(formatTable([shifted]), "/about")).toContain("<0.001!");
  });
});

describe("formatVerdict", () => {
  it("counts the rows that meet every target and the misses per target", () => {
    const verdict = formatVerdict([passing, missing, notFound, failed]);
    expect(verdict).toContain("All targets met on 2 of 4 rows");
    expect(verdict).toContain("Perf 1");
    expect(verdict).toContain("FCP 1");
    expect(verdict).toContain("CLS 1");
    expect(verdict).toContain("Lighthouse failed on 1");
    expect(verdict).not.toContain("SEO");
  });
});

describe("formatHeaderNote", () => {
  it("says how much of the JS and HTML+CSS transfer is response headers", () => {
    const withHeaders: TableRow = {
      ...passing,
      summary: { ...passingSummary, headerBytes: { ...passingSummary.bytes, html: 1024, css: 1024, js: 10_240 } },
    };
    const other: TableRow = {
      ...withHeaders,
      summary: { ...passingSummary, headerBytes: { ...passingSummary.bytes, html: 2048, css: 1024, js: 20_480 } },
    };
    const note = formatHeaderNote([withHeaders, other, failed]);
    expect(note).toContain("JS 10.0–20.0 KiB");
    expect(note).toContain("HTML+CSS 2.0–3.0 KiB");
  });

  it("says nothing without header figures", () => {
    expect(formatHeaderNote([passing])).toBe("");
  });
});
