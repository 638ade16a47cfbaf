/**
 * The cases in the statistics (issue 56): how many stand at each stage now, and how long a visa takes, from the
 * enquiry (or the case's start, for one without an enquiry) to "visa ready", over the cases that became ready in a
 * period: the median and the time 9 in 10 took at most. Cases are few (tens a week): read, then counted here.
 */
import type { Database } from "../database";
import type { CaseStage } from "../schema";
import { caseStages } from "./store";
import { dubaiDay } from "../dubai-days";

export interface CaseFigures {
  /** Cases at each stage now (closed ones included). */
  byStage: Record<CaseStage, number>;
  /** From the enquiry to "visa ready", in days (one decimal), over the cases ready in the period. */
  toVisa: { count: number; medianDays: number | null; ninetiethDays: number | null };
}

const dayMs = 86_400_000;

/** The value below which `share` of the sorted list falls (nearest rank). */
function rank(sorted: number[], share: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))] ?? null;
}

/** The figures, the period being Dubai days `from` to `to` (YYYY-MM-DD) for the time to a visa. */
export async function caseFigures(database: Database, from: string, to: string): Promise<CaseFigures> {
  const db = database.reads;
  const counts = await db
    .selectFrom("cases")
    .select(["stage", (eb) => eb.fn.countAll<number | string>().as("count")])
    .groupBy("stage")
    .execute();
  const byStage = Object.fromEntries(caseStages.map((stage) => [stage, 0])) as Record<CaseStage, number>;
  for (const row of counts) if (row.stage in byStage) byStage[row.stage] = Number(row.count);

  // Each case's first move to "visa ready", and when its enquiry came (or the case began).
  const ready = await db
    .selectFrom("case_events as e")
    .innerJoin("cases as c", "c.id", "e.case_id")
    .leftJoin("enquiries as q", "q.id", "c.enquiry_id")
    .select(["e.case_id", "e.at", "c.created_at", "q.received_at"])
    .where("e.kind", "=", "stage")
    .where("e.detail", "like", '{"stage":"visa-ready"%')
    .orderBy("e.id")
    .execute();
  const firstReady = new Map<number, number>();
  for (const row of ready) {
    const caseId = Number(row.case_id);
    if (firstReady.has(caseId)) continue;
    const day = dubaiDay(Date.parse(row.at));
    if (day < from || day > to) {
      firstReady.set(caseId, Number.NaN);
      continue;
    }
    firstReady.set(caseId, (Date.parse(row.at) - Date.parse(row.received_at ?? row.created_at)) / dayMs);
  }
  const days = [...firstReady.values()].filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  const round = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);
  return {
    byStage,
    toVisa: { count: days.length, medianDays: round(rank(days, 0.5)), ninetiethDays: round(rank(days, 0.9)) },
  };
}
