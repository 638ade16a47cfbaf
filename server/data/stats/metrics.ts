import type { MetricName } from "../../../app/lib/statistics/beacon";

export type Rating = "good" | "needs improvement" | "poor";

interface MetricInfo {
  /** Good up to the first, poor above the second (Google's, as web-vitals rates them: metrics.test.ts). */
  thresholds: [number, number];
  /**
   * The largest value a browser reports for a page a visitor stayed on (issue 34): beyond it a beacon is refused,
   * and the store drops such a row, so a made-up value cannot move a page's figure. A page that paints after a
   * minute, or a tap answered after one, has lost its visitor long before; a layout shift's score is at most 1 a
   * frame, and a page that moves ten screens' worth in one burst is no page a visitor reads.
   */
  largest: number;
  unit: "ms" | "";
  title: string;
}

export const metrics: Record<MetricName, MetricInfo> = {
  LCP: { thresholds: [2500, 4000], largest: 60_000, unit: "ms", title: "Largest Contentful Paint" },
  INP: { thresholds: [200, 500], largest: 60_000, unit: "ms", title: "Interaction to Next Paint" },
  CLS: { thresholds: [0.1, 0.25], largest: 10, unit: "", title: "Cumulative Layout Shift" },
  FCP: { thresholds: [1800, 3000], largest: 60_000, unit: "ms", title: "First Contentful Paint" },
  TTFB: { thresholds: [800, 1800], largest: 60_000, unit: "ms", title: "Time to First Byte" },
};

export const metricNames = Object.keys(metrics) as MetricName[];

export function isMetricName(value: unknown): value is MetricName {
  return typeof value === "string" && Object.hasOwn(metrics, value);
}

export function rating(metric: MetricName, value: number): Rating {
  const [good, poor] = metrics[metric].thresholds;
  return value <= good ? "good" : value <= poor ? "needs improvement" : "poor";
}

/** A value a browser can report for the metric: finite, not negative, at most its `largest`. */
export function isReportable(metric: MetricName, value: number): boolean {
  return Number.isFinite(value) && value >= 0 && value <= metrics[metric].largest;
}
