// @vitest-environment node
import { describe, expect, it } from "vitest";
import { fakeLhr } from "./fixtures";
import { aggregateRuns, median } from "./stats";
import { summariseRun } from "./summary";

describe("median", () => {
  it("takes the middle value of an odd count and the mean of the middle two of an even count", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([1200, 900, 2500])).toBe(1200);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
  });

  it("refuses an empty list", () => {
    expect(() => median([])).toThrow();
  });
});

describe("aggregateRuns", () => {
  it("takes the median of each source of blocking time, or none when a run has no long-tasks list", () => {
    const run = (navigation: number, page: number, listed = true) =>
      summariseRun(
        fakeLhr({
          fcp: 700,
          longTasks: listed
            ? [
                { url: "Unattributable", startTime: 650, duration: 100 + navigation },
                { url: "http://127.0.0.1:4000/", startTime: 800, duration: 50 + page },
              ]
            : undefined,
        }),
        false,
      );
    expect(aggregateRuns([run(10, 30), run(90, 0), run(40, 5)]).summary.blocking).toEqual({
      navigation: 40,
      page: 5,
      scripts: 0,
      unattributed: 0,
    });
    expect(aggregateRuns([run(10, 30), run(90, 0, false)]).summary.blocking).toBeNull();
  });

  it("takes the median of the real long tasks' wall and thread times, or none when a run has no trace", () => {
    const url = "http://127.0.0.1:4000/";
    const run = (wallMs: number, threadMs: number, traced = true) =>
      summariseRun(
        fakeLhr({ url }),
        false,
        undefined,
        traced
          ? [
              { name: "navigationStart", pid: 1, tid: 1, ts: 0, args: { data: { documentLoaderURL: url } } },
              { name: "RunTask", ph: "X", pid: 1, tid: 1, ts: 5_000, dur: wallMs * 1000, tdur: threadMs * 1000 },
            ]
          : undefined,
      );
    expect(aggregateRuns([run(40, 10), run(20, 15), run(30, 12)]).summary.realLongTasks).toEqual({
      wallMs: 30,
      threadMs: 12,
    });
    expect(aggregateRuns([run(40, 10), run(20, 15, false)]).summary.realLongTasks).toBeNull();
  });

  const runs = [
    summariseRun(fakeLhr({ scores: { performance: 0.9 }, fcp: 2000, lcp: 2600, tbt: 80 }), false),
    summariseRun(fakeLhr({ scores: { performance: 1 }, fcp: 900, lcp: 1100, tbt: 10 }), false),
    summariseRun(fakeLhr({ scores: { performance: 0.97 }, fcp: 1100, lcp: 1300, tbt: 30 }), false),
  ];

  it("reports the median of each score and metric", () => {
    const { summary } = aggregateRuns(runs);
    expect(summary.scores.performance).toBe(97);
    expect(summary.metrics).toEqual({ fcp: 1100, lcp: 1300, tbt: 30, cls: 0 });
  });

  it("picks the run nearest the median paint times as the one whose report is kept", () => {
    expect(aggregateRuns(runs).representative).toBe(2);
  });

  it("passes a single run through unchanged", () => {
    expect(aggregateRuns(runs.slice(0, 1))).toEqual({ summary: runs[0], representative: 0 });
  });
});
