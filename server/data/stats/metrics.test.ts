import { CLSThresholds, FCPThresholds, INPThresholds, LCPThresholds, TTFBThresholds } from "web-vitals";
import { describe, expect, it } from "vitest";
import { metrics, rating } from "./metrics";

describe("the Core Web Vitals as the office rates them", () => {
  it("uses the web-vitals library's own thresholds", () => {
    expect(metrics.LCP.thresholds).toEqual(LCPThresholds);
    expect(metrics.INP.thresholds).toEqual(INPThresholds);
    expect(metrics.CLS.thresholds).toEqual(CLSThresholds);
    expect(metrics.FCP.thresholds).toEqual(FCPThresholds);
    expect(metrics.TTFB.thresholds).toEqual(TTFBThresholds);
  });

  it.each([
    ["LCP", 2500, "good"],
    ["LCP", 2501, "needs improvement"],
    ["LCP", 4000, "needs improvement"],
    ["LCP", 4001, "poor"],
    ["CLS", 0.1, "good"],
    ["CLS", 0.26, "poor"],
    ["INP", 199, "good"],
    ["TTFB", 1801, "poor"],
  ] as const)("%s at %d is %s", (metric, value, expected) => {
    expect(rating(metric, value)).toBe(expected);
  });
});
