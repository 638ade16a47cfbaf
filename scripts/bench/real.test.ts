// @vitest-environment node
import { describe, expect, it } from "vitest";
import {
  type RealRun,
  blockingTime,
  describeElement,
  formatRealConditions,
  formatRealTable,
  networkConditions,
  realLcpGain,
  realPhone,
  realRun,
  summariseRealRuns,
} from "./real";

const run = (fcp: number, lcp: number, blocking: number, hydrated: number, lcpElement = "h1.title"): RealRun => ({
  fcp,
  lcp,
  lcpElement,
  blocking,
  hydrated,
  longTasks: [],
});

const lineOf = (table: string, route: string) => table.split("\n").find((line) => line.startsWith(route)) ?? "";

describe("the conditions", () => {
  it("are Lighthouse's Slow 4G as its DevTools method sends it to Chromium: latency in ms, bytes per second", () => {
    expect(networkConditions()).toEqual({
      offline: false,
      latency: 562.5,
      // 1,474.56 kbps and 675 kbps, times 1024 / 8, rounded down as Lighthouse's emulation.js does.
      downloadThroughput: 188_743,
      uploadThroughput: 86_400,
    });
  });

  it("are Lighthouse's mobile screen", () => {
    expect(realPhone).toEqual({ width: 412, height: 823, deviceScaleFactor: 1.75 });
  });

  it("are said in one line above the table", () => {
    const line = formatRealConditions(3);
    expect(line).toContain("562.5 ms request latency, 1,474.56 kbps down, 675 kbps up, 4× CPU");
    expect(line).toContain("412 × 823 at 1.75×");
    expect(line).toContain("medians of 3 fresh loads");
  });
});

describe("blockingTime", () => {
  it("counts what each long task from FCP on lasts beyond 50 ms", () => {
    expect(
      blockingTime(
        [
          { start: 1000, duration: 120 },
          { start: 1500, duration: 80 },
        ],
        900,
      ),
    ).toBe(70 + 30);
  });

  it("ignores tasks that end before FCP, and a task of exactly 50 ms counts 0", () => {
    expect(
      blockingTime(
        [
          { start: 100, duration: 400 },
          { start: 1000, duration: 50 },
        ],
        900,
      ),
    ).toBe(0);
  });

  it("counts a task that starts at FCP whole", () => {
    expect(blockingTime([{ start: 900, duration: 200 }], 900)).toBe(150);
  });

  it("counts only the part after FCP of a task running across it, as Lighthouse does", () => {
    // 800–1100: 200 ms of it after FCP, 150 of them blocking.
    expect(blockingTime([{ start: 800, duration: 300 }], 900)).toBe(150);
    // 800–940: 40 ms after FCP, under the 50 ms line.
    expect(blockingTime([{ start: 800, duration: 140 }], 900)).toBe(0);
  });

  it("is 0 with no long tasks", () => {
    expect(blockingTime([], 900)).toBe(0);
  });
});

describe("describeElement", () => {
  it("gives the tag, its first class and the start of its text", () => {
    expect(describeElement({ tag: "H1", firstClass: "hero__title", text: "Dubai visa" })).toBe(
      'h1.hero__title "Dubai visa"',
    );
  });

  it("keeps 40 characters of the text, whitespace collapsed and none left before the ellipsis", () => {
    const text = "  Tourist   visa for 30 days,\n single entry, with insurance and support ";
    expect(describeElement({ tag: "P", firstClass: null, text })).toBe('p "Tourist visa for 30 days, single entry,…"');
  });

  it("leaves out an empty class and text", () => {
    expect(describeElement({ tag: "IMG", firstClass: "", text: "" })).toBe("img");
  });
});

describe("realRun", () => {
  it("takes the last LCP entry, as the browser reports LCP, and the blocking time from FCP", () => {
    expect(
      realRun({
        fcp: 700,
        lcp: [
          { time: 700, element: { tag: "P", firstClass: "lead", text: "Visas" } },
          { time: 820, element: { tag: "H1", firstClass: null, text: "Dubai" } },
        ],
        longTasks: [
          { start: 300, duration: 90 },
          { start: 1200, duration: 160 },
        ],
        hydrated: 1400,
      }),
    ).toEqual({
      fcp: 700,
      lcp: 820,
      lcpElement: 'h1 "Dubai"',
      blocking: 110,
      hydrated: 1400,
      longTasks: [
        { start: 300, duration: 90 },
        { start: 1200, duration: 160 },
      ],
    });
  });

  it("has no LCP without an entry, and an LCP element of none when the browser no longer had it", () => {
    expect(realRun({ fcp: 700, lcp: [], longTasks: [], hydrated: 900 })).toMatchObject({
      lcp: null,
      lcpElement: null,
    });
    expect(realRun({ fcp: 700, lcp: [{ time: 800, element: null }], longTasks: [], hydrated: 900 })).toMatchObject({
      lcp: 800,
      lcpElement: null,
    });
  });

  it("has no blocking time without FCP", () => {
    expect(realRun({ fcp: null, lcp: [], longTasks: [{ start: 0, duration: 900 }], hydrated: 900 }).blocking).toBe(
      null,
    );
  });
});

describe("summariseRealRuns", () => {
  it("takes the median of each figure over the runs", () => {
    const summary = summariseRealRuns([run(700, 900, 120, 1500), run(650, 1100, 40, 1700), run(800, 1000, 90, 1400)]);
    expect(summary).toMatchObject({ runs: 3, fcp: 700, lcp: 1000, blocking: 90, hydrated: 1500 });
  });

  it("names the most common LCP element, with how many runs had it when not all did", () => {
    expect(summariseRealRuns([run(1, 1, 0, 1), run(1, 1, 0, 1)]).lcpElement).toBe("h1.title");
    expect(summariseRealRuns([run(1, 900, 0, 1, "p.lead"), run(1, 1000, 0, 1), run(1, 1100, 0, 1)]).lcpElement).toBe(
      "h1.title (2/3)",
    );
  });

  it("breaks a tie with the element of the run nearest the median LCP", () => {
    expect(
      summariseRealRuns([run(1, 900, 0, 1, "p.lead"), run(1, 1000, 0, 1, "img"), run(1, 1100, 0, 1, "h2")]).lcpElement,
    ).toBe("img (1/3)");
  });

  it("leaves out a figure a run did not have, and has none when no run had it", () => {
    const summary = summariseRealRuns([{ ...run(700, 900, 0, 1500), lcp: null }, run(700, 1000, 0, 1500)]);
    expect(summary.lcp).toBe(1000);
    expect(summariseRealRuns([{ ...run(700, 900, 0, 1500), blocking: null }]).blocking).toBeNull();
  });

  it("has no figures when every run failed, and keeps the failures", () => {
    expect(summariseRealRuns([], ["timeout"])).toEqual({
      runs: 0,
      failedRuns: ["timeout"],
      fcp: null,
      lcp: null,
      lcpElement: null,
      blocking: null,
      hydrated: null,
    });
  });
});

describe("realLcpGain", () => {
  const ours = summariseRealRuns([run(700, 800, 0, 1500)]);
  const csr = summariseRealRuns([run(2000, 2800, 0, 3000)]);

  it("is the client-rendered build's LCP over this build's", () => {
    expect(realLcpGain({ route: "/", ours, clientRendered: csr })).toBe(3.5);
  });

  it("is none without both LCPs", () => {
    expect(realLcpGain({ route: "/", ours, clientRendered: null })).toBeNull();
    expect(realLcpGain({ route: "/", ours: summariseRealRuns([]), clientRendered: csr })).toBeNull();
  });
});

describe("formatRealTable", () => {
  const ours = summariseRealRuns([run(712, 846, 133.4, 1910, 'h1.title "Dubai visa"')]);
  const csr = summariseRealRuns([run(2050, 2958, 0, 3120, 'h1.title "Dubai visa"')]);

  it("puts both builds' figures and the LCP gain on a line per route", () => {
    const table = formatRealTable([
      { route: "/", ours, clientRendered: csr },
      { route: "/services", ours: summariseRealRuns([], ["timeout"]), clientRendered: csr },
    ]);
    const [names, units] = table.split("\n");
    expect(names).toMatch(
      /^Route\s+FCP\s+LCP\s+LCP element\s+Blocking\s+Hydrated\s+CSR FCP\s+CSR LCP\s+CSR hydrated\s+LCP gain$/,
    );
    expect(units).toMatch(/^\s+s\s+s\s+ms\s+s\s+s\s+s\s+s\s+×$/);
    expect(lineOf(table, "/ ")).toMatch(
      /^\/\s+0\.71\s+0\.85\s+h1\.title "Dubai visa"\s+133\s+1\.91\s+2\.05\s+2\.96\s+3\.12\s+3\.5×$/,
    );
    expect(lineOf(table, "/services")).toMatch(/^\/services\s+–\s+–\s+–\s+–\s+–\s+2\.05\s+2\.96\s+3\.12\s+–$/);
  });

  it("has no client-rendered columns when that build was not measured (--no-compare)", () => {
    const table = formatRealTable([{ route: "/", ours, clientRendered: null }]);
    expect(table.split("\n")[0]).toMatch(/^Route\s+FCP\s+LCP\s+LCP element\s+Blocking\s+Hydrated$/);
    expect(table).not.toContain("CSR");
    expect(lineOf(table, "/ ")).toMatch(/^\/\s+0\.71\s+0\.85\s+h1\.title "Dubai visa"\s+133\s+1\.91$/);
  });
});
