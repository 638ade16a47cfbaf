import type { MetricName } from "../../../app/lib/statistics/beacon";
import { addDays, dubaiDay } from "../dubai-days";
import type { Database } from "../database";
import { rating, type Rating } from "./metrics";
import { type Figures, StatsStore, type VitalFigure } from "./store";

export { defaultDays, longestDays, periods } from "./periods";
/** The speed table is always the last 28 days, as Google's own field data (CrUX) is. */
export const vitalsDays = 28;

export interface Report extends Figures {
  /** The range in days, counting today (Dubai). */
  length: number;
  vitals: (VitalFigure & { rating: Rating })[];
  vitalsFrom: string;
}

/** The figures of the last `days` days up to today in Dubai, and the last 28 days' speed: the office's and the CLI's. */
export async function statsReport(database: Database, days: number, now = Date.now()): Promise<Report> {
  const stats = new StatsStore(database);
  const to = dubaiDay(now);
  const vitalsFrom = addDays(to, -(vitalsDays - 1));
  const [figures, vitals] = await Promise.all([
    stats.figures(addDays(to, -(days - 1)), to),
    stats.vitals(vitalsFrom, to),
  ]);
  return {
    ...figures,
    length: days,
    vitalsFrom,
    vitals: vitals.map((vital) => ({ ...vital, rating: rating(vital.metric, vital.p75) })),
  };
}

/** Enquiries per view, as a percentage with one decimal ("2.5 %"), or "–" without views. */
export function conversion({ views, enquiries }: { views: number; enquiries: number }): string {
  return views === 0 ? "–" : `${((enquiries / views) * 100).toFixed(1)} %`;
}

/** A metric's value as people read it: "1.24 s", "180 ms", "0.05". */
export function formatMetric(metric: MetricName, value: number): string {
  if (metric === "CLS") return value.toFixed(2);
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`;
}
