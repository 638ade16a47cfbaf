/**
 * The figures the office's statistics page and `npm run stats` show (report.ts), added up from the counts the
 * database returns per day, page, source and device: the totals, the empty days, the rankings, the other source.
 */
import type { StatKind } from "../schema";
import { daysFrom } from "../dubai-days";
import { otherSource, pageOf, sourceOf, sourcesShown } from "./bounds";
import { isTag } from "./counting";
import { countedAs } from "./key";

export interface Counts {
  views: number;
  enquiries: number;
}

export interface Figures {
  from: string;
  to: string;
  totals: Counts;
  /** Every day of the range, the empty ones too, oldest first. */
  days: ({ day: string } & Counts)[];
  /**
   * Most viewed first; a page with enquiries and no views too (`route` '' when the page was not known, `otherPage`
   * for any address that is not a page of the site): at most the site's pages and two more.
   */
  pages: ({ route: string } & Counts)[];
  /** The known sources, the `sourcesShown` most viewed campaign tags, and the rest added up as `otherSource`. */
  sources: ({ source: string } & Counts)[];
  devices: ({ device: string } & Counts)[];
  /** Views of the not-found page, whatever the address (which is not kept: issue 34). */
  notFound: number;
}

/** What the database counted of each kind per value of one column (StatsStore's countedBy). */
export interface Counted {
  name: string;
  kind: StatKind;
  count: number;
}

/** The figures of the days from `from` to `to`, from the counts per day, page (route), source and device. */
export function figuresOf(
  from: string,
  to: string,
  counted: Record<"day" | "route" | "source" | "device", readonly Counted[]>,
): Figures {
  const { day: byDay, route: byRoute, source: bySource, device: byDevice } = counted;
  const days = new Map(daysFrom(from, to).map((day) => [day, zero()]));
  const totals = zero();
  let notFound = 0;
  for (const { name, kind, count } of byDay) {
    const place = countedAs[kind];
    if (place === "notFound") notFound += count;
    else {
      add(days, name, place, count);
      totals[place] += count;
    }
  }
  // Each of the other columns: the page, source and device of what was counted, not-found views aside.
  const byName = (rows: readonly Counted[], nameOf: (name: string) => string) => {
    const map = new Map<string, Counts>();
    for (const { name, kind, count } of rows) {
      const place = countedAs[kind];
      if (place !== "notFound") add(map, nameOf(name), place, count);
    }
    return map;
  };
  const pages = byName(byRoute, (name) => (name === "" ? "" : pageOf(name)));
  const sources = byName(bySource, (name) => (name === "" ? "" : sourceOf(name)));
  const devices = byName(byDevice, (name) => name);
  // The most viewed campaign tags by name; the others, whatever their number, in the one other row.
  const tags = ranked(sources, "source").filter((row) => isTag(row.source));
  for (const { source, ...counts } of tags.slice(sourcesShown)) {
    sources.delete(source);
    add(sources, otherSource, "views", counts.views);
    add(sources, otherSource, "enquiries", counts.enquiries);
  }
  return {
    from,
    to,
    totals,
    days: [...days].map(([day, counts]) => ({ day, ...counts })),
    pages: ranked(pages, "route"),
    sources: ranked(sources, "source"),
    devices: ranked(devices, "device"),
    notFound,
  };
}

function add(map: Map<string, Counts>, key: string, place: keyof Counts, count: number): void {
  const counts = map.get(key) ?? zero();
  counts[place] += count;
  map.set(key, counts);
}

/** Most viewed first, then most enquiries, then by name. */
function ranked<K extends string>(map: Map<string, Counts>, key: K): ({ [P in K]: string } & Counts)[] {
  return [...map]
    .map(([name, counts]) => ({ [key]: name, ...counts }) as { [P in K]: string } & Counts)
    .sort((a, b) => b.views - a.views || b.enquiries - a.enquiries || (a[key] < b[key] ? -1 : 1));
}

function zero(): Counts {
  return { views: 0, enquiries: 0 };
}
