/**
 * The amounts in the statistics (issue 58): what travellers paid, refunds subtracted, per Dubai day, per service
 * (the case's) and per source of the enquiry (as the statistics name sources and campaign tags: bounds.ts). A
 * payment counts on the day the provider's notification marked it paid; a refund on the day it was recorded, so a
 * day's figures are what came in and went out that day, as the provider's payouts have them. Only payments paid
 * (then maybe refunded) count: one asked for and not paid, cancelled, or flagged for another amount (mismatch) never
 * does. Payments are few (tens a week): the rows of the period are read, with one query each for both engines, and
 * added up here.
 */
import type { Database } from "../database";
import type { PaymentStatus } from "../schema";
import { addDays, daysFrom, dubaiDay, dubaiDayStart } from "../dubai-days";
import { otherSource, sourceOf } from "./bounds";

/** The statuses of a payment that was paid: it may have been refunded since, in part or wholly. */
export const paidStatuses: readonly PaymentStatus[] = ["paid", "partly-refunded", "refunded"];

/** The services and sources named, the highest net amount first; the rest are one row (`otherService`, `otherSource`). */
export const amountRowsShown = 20;
/** The one row of the services past `amountRowsShown`. */
export const otherService = "(other)";

/** In fils (1/100 of a dirham): paid, refunded, and paid less refunded. */
export interface Money {
  paidFils: number;
  refundedFils: number;
  netFils: number;
}

export interface Amounts {
  /** The period's sums, with how many payments were paid and refunds recorded in it. */
  totals: Money & { payments: number; refunds: number };
  /** Every day of the period, the empty ones too, oldest first. */
  days: ({ day: string } & Money)[];
  /** Per case's service, the highest net first ("" none; `otherService` the rest). */
  services: ({ service: string; payments: number } & Money)[];
  /** Per source of the case's enquiry, bounded as the statistics' sources ("" not known or no enquiry). */
  sources: ({ source: string; payments: number } & Money)[];
}

/** One payment paid, or one refund recorded, in the period. */
interface Movement {
  at: string;
  fils: number;
  service: string;
  source: string | null;
}

const dayStart = (day: string) => new Date(dubaiDayStart(day)).toISOString();

/** The amounts of the Dubai days `from` to `to` (YYYY-MM-DD), both included. */
export async function amountsOf(database: Database, from: string, to: string): Promise<Amounts> {
  const db = database.reads;
  const start = dayStart(from);
  const end = dayStart(addDays(to, 1));
  const [paid, refunded] = await Promise.all([
    db
      .selectFrom("payments as p")
      .innerJoin("cases as c", "c.id", "p.case_id")
      .leftJoin("enquiries as q", "q.id", "c.enquiry_id")
      .select(["p.paid_at as at", "p.amount_fils as fils", "c.service", "q.source"])
      .where("p.status", "in", paidStatuses)
      .where("p.paid_at", ">=", start)
      .where("p.paid_at", "<", end)
      .execute(),
    db
      .selectFrom("refunds as r")
      .innerJoin("payments as p", "p.id", "r.payment_id")
      .innerJoin("cases as c", "c.id", "p.case_id")
      .leftJoin("enquiries as q", "q.id", "c.enquiry_id")
      .select(["r.at", "r.amount_fils as fils", "c.service", "q.source"])
      .where("p.status", "in", paidStatuses)
      .where("r.at", ">=", start)
      .where("r.at", "<", end)
      .execute(),
  ]);
  const movement = (row: { at: string | null; fils: number | string; service: string; source: string | null }) => ({
    at: row.at ?? "",
    fils: Number(row.fils),
    service: row.service,
    source: row.source,
  });
  return amountsFrom(from, to, paid.map(movement), refunded.map(movement));
}

/** The figures of the payments paid and the refunds recorded in the days `from` to `to`. */
export function amountsFrom(from: string, to: string, paid: Movement[], refunded: Movement[]): Amounts {
  const days = new Map(daysFrom(from, to).map((day) => [day, zero()]));
  const services = new Map<string, Money & { payments: number }>();
  const sources = new Map<string, Money & { payments: number }>();
  const totals = { ...zero(), payments: 0, refunds: 0 };
  const add = (into: Money | undefined, fils: number, refund: boolean) => {
    if (!into) return;
    if (refund) into.refundedFils += fils;
    else into.paidFils += fils;
    into.netFils += refund ? -fils : fils;
  };
  const entry = (map: Map<string, Money & { payments: number }>, key: string) => {
    const found = map.get(key) ?? { ...zero(), payments: 0 };
    map.set(key, found);
    return found;
  };
  for (const [rows, refund] of [
    [paid, false],
    [refunded, true],
  ] as const) {
    for (const row of rows) {
      const service = entry(services, row.service.trim());
      const source = entry(sources, sourceOf(row.source));
      for (const into of [days.get(dubaiDay(Date.parse(row.at))), service, source, totals]) add(into, row.fils, refund);
      if (refund) totals.refunds += 1;
      else {
        totals.payments += 1;
        service.payments += 1;
        source.payments += 1;
      }
    }
  }
  return {
    totals,
    days: [...days].map(([day, money]) => ({ day, ...money })),
    services: bounded(services, otherService).map(({ key, ...money }) => ({ service: key, ...money })),
    sources: bounded(sources, otherSource).map(({ key, ...money }) => ({ source: key, ...money })),
  };
}

/** The rows, the highest net first (then by name); past `amountRowsShown`, added up in one row named `other`. */
function bounded(map: Map<string, Money & { payments: number }>, other: string) {
  const rows = [...map]
    .map(([key, money]) => ({ key, ...money }))
    .sort((a, b) => b.netFils - a.netFils || b.paidFils - a.paidFils || (a.key < b.key ? -1 : 1));
  if (rows.length <= amountRowsShown) return rows;
  const rest = rows.slice(amountRowsShown - 1);
  const sum = (key: "paidFils" | "refundedFils" | "netFils" | "payments") =>
    rest.reduce((total, row) => total + row[key], 0);
  return [
    ...rows.slice(0, amountRowsShown - 1),
    {
      key: other,
      paidFils: sum("paidFils"),
      refundedFils: sum("refundedFils"),
      netFils: sum("netFils"),
      payments: sum("payments"),
    },
  ];
}

function zero(): Money {
  return { paidFils: 0, refundedFils: 0, netFils: 0 };
}
