import type { MetricName } from "../../app/lib/statistics/beacon";

export type Rating = "good" | "needs improvement" | "poor";

interface MetricInfo {
  /** Good up to the first, poor above the second (Google's, as web-vitals rates them: metrics.test.ts). */
  thresholds: [number, number];
  /** The largest value accepted from a browser: beyond it a beacon is refused. */
  largest: number;
  unit: "ms" | "";
  title: string;
}

export const metrics: Record<MetricName, MetricInfo> = {
  LCP: { thresholds: [2500, 4000], largest: 120_000, unit: "ms", title: "Largest Contentful Paint" },
  INP: { thresholds: [200, 500], largest: 60_000, unit: "ms", title: "Interaction to Next Paint" },
  CLS: { thresholds: [0.1, 0.25], largest: 100, unit: "", title: "Cumulative Layout Shift" },
  FCP: { thresholds: [1800, 3000], largest: 120_000, unit: "ms", title: "First Contentful Paint" },
  TTFB: { thresholds: [800, 1800], largest: 120_000, unit: "ms", title: "Time to First Byte" },
};

export const metricNames = Object.keys(metrics) as MetricName[];

export function isMetricName(value: unknown): value is MetricName {
  return typeof value === "string" && Object.hasOwn(metrics, value);
}

export function rating(metric: MetricName, value: number): Rating {
  const [good, poor] = metrics[metric].thresholds;
  return value <= good ? "good" : value <= poor ? "needs improvement" : "poor";
}
