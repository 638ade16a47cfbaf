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
