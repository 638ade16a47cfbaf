import type { StatEventsTable, StatKind } from "../schema";

/*
 * The statistics named once (issue 36, item 5): what a counted row is counted by, and where each kind of counted
 * thing is added up. The migrations keep their own copies: they are the schema as it was at their number.
 */

/** One row per day, kind, page, source and device class in stat_events and stat_days (their key since migration 8). */
export const statKey = ["day", "kind", "route", "source", "device"] as const;

export type StatKeyed = Pick<StatEventsTable, (typeof statKey)[number]>;

/** The row's key as one string: for tallying a batch, and for sorting rows so that writers lock them in one order. */
export function keyOf(row: StatKeyed): string {
  return statKey.map((column) => row[column]).join("\u0000");
}

/**
 * Where the report adds up each kind (figures.ts). Every kind must have a place: a new one does not compile until
 * it is given one, rather than being counted as something else.
 */
export const countedAs = {
  view: "views",
  enquiry: "enquiries",
  missing: "notFound",
} as const satisfies Record<StatKind, "views" | "enquiries" | "notFound">;
