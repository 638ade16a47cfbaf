import type { MetricName } from "../../../app/lib/statistics/beacon";
import type { OpeningHours } from "../../../app/lib/structured-data";
import { addDays, dubaiDay } from "../dubai-days";
import { type CaseFigures, caseFigures } from "../cases/figures";
import { type Amounts, amountsOf } from "./amounts";
import type { Database } from "../database";
import { otherSource, pageOf, sourceOf } from "./bounds";
import { tagOfSource } from "./campaigns";
import { isTag } from "./counting";
import { type Leads, leadRows, leadsOf } from "./leads";
import { rating, type Rating } from "./metrics";
import { type Counts, type Figures, StatsStore, type VitalFigure } from "./store";

export { defaultDays, longestDays, periods } from "./periods";
/** The speed table is always the last 28 days, as Google's own field data (CrUX) is. */
export const vitalsDays = 28;

/** A row of counted visits with the enquiries received then that are won by now (leads.ts). */
export type WithWon = Counts & { won: number };

export interface Report extends Omit<Figures, "pages" | "sources"> {
  /** The range in days, counting today (Dubai). */
  length: number;
  pages: ({ route: string } & WithWon)[];
  sources: ({ source: string } & WithWon)[];
  /** How soon the enquiries received in the period were first answered (leads.ts). */
  firstContact: Leads["firstContact"];
  vitals: (VitalFigure & { rating: Rating })[];
  vitalsFrom: string;
  /**
   * A line per campaign link the owner made (issue 55), the newest first: those in use, and removed ones the period
   * counted. Its tag's views and enquiries (with any utm_campaign after it), and the enquiries won.
   */
  campaigns: ({ name: string; tag: string; path: string; removed: boolean } & WithWon)[];
  /** The travellers' cases (issue 56): at each stage now, and the days from the enquiry to the visa. */
  cases: CaseFigures;
  /** What travellers paid (issue 58): per Dubai day, per service, per source of the enquiry, refunds subtracted. */
  amounts: Amounts;
}

/**
 * The figures of the last `days` days up to today in Dubai, and the last 28 days' speed: the office's and the CLI's.
 * `hours`, the agency's opening hours, split the times to a first contact.
 */
export async function statsReport(
  database: Database,
  days: number,
  hours: OpeningHours,
  now = Date.now(),
): Promise<Report> {
  const stats = new StatsStore(database);
  const to = dubaiDay(now);
  const from = addDays(to, -(days - 1));
  const vitalsFrom = addDays(to, -(vitalsDays - 1));
  const [figures, vitals, leads, links, cases, amounts] = await Promise.all([
    stats.figures(from, to),
    stats.vitals(vitalsFrom, to),
    leadRows(database, from, to).then((rows) => leadsOf(rows, hours, from, to)),
    stats.campaigns.list({ removed: true }),
    caseFigures(database, from, to),
    amountsOf(database, from, to),
  ]);
  const tagCounts = await stats.tagCounts(
    from,
    to,
    links.map((link) => link.tag),
  );
  const wonByTag = new Map<string, number>();
  for (const [source, count] of leads.wonBySource) {
    const tag = tagOfSource(source);
    wonByTag.set(tag, (wonByTag.get(tag) ?? 0) + count);
  }
  const campaigns = links
    .map((link) => ({
      name: link.name,
      tag: link.tag,
      path: link.path,
      removed: link.removedAt !== null,
      ...(tagCounts.get(link.tag) ?? { views: 0, enquiries: 0 }),
      won: wonByTag.get(link.tag) ?? 0,
    }))
    .filter((line) => !line.removed || line.views + line.enquiries + line.won > 0);
  return {
    ...figures,
    pages: withWon(figures.pages, "route", leads.wonByPage, pageOf),
    sources: withWon(figures.sources, "source", leads.wonBySource, (source) => {
      const bounded = sourceOf(source);
      // A campaign tag not among the rows named is one of the other tags.
      return isTag(bounded) && !figures.sources.some((row) => row.source === bounded) ? otherSource : bounded;
    }),
    firstContact: leads.firstContact,
    campaigns,
    cases,
    amounts,
    length: days,
    vitalsFrom,
    vitals: vitals.map((vital) => ({ ...vital, rating: rating(vital.metric, vital.p75) })),
  };
}

/**
 * The rows with the enquiries won, each by the row its stored value (`rowOf`) counts in; one the visits did not
 * count gets a row of its own, after the others (an enquiry from a page whose views were not counted).
 */
function withWon<K extends string>(
  rows: readonly ({ [P in K]: string } & Counts)[],
  key: K,
  won: ReadonlyMap<string, number>,
  rowOf: (stored: string | null) => string,
): ({ [P in K]: string } & WithWon)[] {
  const wonBy = new Map<string, number>();
  for (const [stored, count] of won) {
    const name = stored === "" ? "" : rowOf(stored);
    wonBy.set(name, (wonBy.get(name) ?? 0) + count);
  }
  const withCounts = rows.map((row) => ({ ...row, won: wonBy.get(row[key]) ?? 0 }));
  const extra = [...wonBy]
    .filter(([name]) => !rows.some((row) => row[key] === name))
    .map(([name, count]) => ({ [key]: name, views: 0, enquiries: 0, won: count }) as { [P in K]: string } & WithWon);
  return [...withCounts, ...extra];
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

/** A time to a first contact as people read it: "12 min", "3 h 5 min", "2 d 4 h"; "–" when there is none. */
export function formatMinutes(minutes: number | null): string {
  if (minutes === null) return "–";
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  return hours % 24 === 0 ? `${Math.floor(hours / 24)} d` : `${Math.floor(hours / 24)} d ${hours % 24} h`;
}
