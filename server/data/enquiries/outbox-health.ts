/** The outbox at a glance, for GET /healthz and the owner's health page (server/data/health.ts): what waits, what failed. */
import type { Kysely } from "kysely";
import type { Schema } from "../schema";

/** What GET /healthz reports of the outbox. */
export interface OutboxHealth {
  pending: number;
  /** When the oldest enquiry still waiting to be mailed was received (ms since the epoch), or null. */
  oldestPendingAt: number | null;
  rejected: number;
  held: number;
  /** The error of the latest failed attempt among those not yet sent, or null. */
  lastError: string | null;
}

export async function outboxHealth(db: Kysely<Schema>): Promise<OutboxHealth> {
  const counts = await db
    .selectFrom("outbox as o")
    .innerJoin("enquiries as e", "e.id", "o.enquiry_id")
    .select((eb) => [
      eb.fn.countAll<number>().filterWhere("o.status", "=", "pending").as("pending"),
      eb.fn.min("e.received_at").filterWhere("o.status", "=", "pending").as("oldest"),
      eb.fn.countAll<number>().filterWhere("o.status", "=", "rejected").as("rejected"),
      eb.fn.countAll<number>().filterWhere("o.status", "=", "held").as("held"),
    ])
    .where("o.status", "!=", "sent")
    .executeTakeFirst();
  const last = await db
    .selectFrom("outbox")
    .select("last_error")
    .where("status", "in", ["pending", "rejected"])
    .where("last_error", "is not", null)
    .orderBy((eb) => eb.case().when("attempts", ">", 0).then(1).else(0).end(), "desc")
    .orderBy("next_attempt_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return {
    pending: Number(counts?.pending ?? 0),
    oldestPendingAt: counts?.oldest ? Date.parse(counts.oldest) : null,
    rejected: Number(counts?.rejected ?? 0),
    held: Number(counts?.held ?? 0),
    lastError: last?.last_error ?? null,
  };
}
