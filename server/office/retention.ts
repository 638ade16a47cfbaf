/**
 * The enquiries as a whole, as the owner and the nightly chores handle them: the owner's export (with how the office
 * worked each), a person's enquiries found and erased on request, held spam deleted, and the nightly sweep of what
 * is kept no longer. Work's methods of the same names call these.
 */
import type { Kysely } from "kysely";
import type { Database } from "../data/open";
import type { Schema } from "../data/schema";
import { InboxStore } from "../data/enquiries/store";
import { dropStaleAlerts } from "../data/push";
import type { ExportedEnquiry, ExportedNote } from "../data/enquiries/types";
import { internationalDigits } from "./replies";
import { phoneHas } from "./search";
import { paidStatuses } from "../data/stats/amounts";

/**
 * The enquiries received in [from, to) (ISO times), oldest first, with their mail status and how the office
 * worked them: stage, lost reason, notes (who, when), the people on each timeline and the next step still to do.
 * The owner's export.
 */
export async function between(database: Database, from: string, to: string): Promise<ExportedEnquiry[]> {
  const rows = await new InboxStore(database).receivedBetween(from, to);
  const stages = await database.db
    .selectFrom("enquiries as e")
    .select(["e.id", "e.stage", "e.lost_reason", "e.next_step_at", "e.next_step_note", "e.phone_international"])
    .where("e.received_at", ">=", from)
    .where("e.received_at", "<", to)
    .execute();
  const events = await database.db
    .selectFrom("enquiry_events as ev")
    .innerJoin("enquiries as e", "e.id", "ev.enquiry_id")
    .leftJoin("people as p", "p.id", "ev.person_id")
    .select(["ev.enquiry_id", "ev.at", "ev.kind", "ev.detail", "p.name"])
    .where("e.received_at", ">=", from)
    .where("e.received_at", "<", to)
    .orderBy("ev.id")
    .execute();
  const worked = new Map<number, { notes: ExportedNote[]; workedBy: Set<string> }>();
  for (const event of events) {
    const entry = worked.get(event.enquiry_id) ?? { notes: [], workedBy: new Set<string>() };
    worked.set(event.enquiry_id, entry);
    if (event.name !== null) entry.workedBy.add(event.name);
    if (event.kind === "note") entry.notes.push({ at: event.at, who: event.name, text: event.detail });
  }
  const paid = await paidOn(database, from, to);
  const workOf = new Map(stages.map((row) => [row.id, row]));
  return rows.map((row) => {
    const state = workOf.get(row.id);
    return {
      ...row,
      phoneInternational: state?.phone_international ?? null,
      stage: state?.stage ?? "new",
      lostReason: state?.lost_reason ?? null,
      notes: worked.get(row.id)?.notes ?? [],
      workedBy: [...(worked.get(row.id)?.workedBy ?? [])],
      nextStep: state?.next_step_at ? { at: state.next_step_at, note: state.next_step_note ?? "" } : null,
      paidFils: paid.get(row.id) ?? null,
    };
  });
}

/**
 * What was paid on the cases of the enquiries received in [from, to) (issue 58), per enquiry, in fils: the payments
 * paid (maybe refunded since) less their refunds. One query each for both engines; an enquiry without a payment paid
 * is not in the map.
 */
async function paidOn(database: Database, from: string, to: string): Promise<Map<number, number>> {
  const paidPayments = database.db
    .selectFrom("payments as p")
    .innerJoin("cases as c", "c.id", "p.case_id")
    .innerJoin("enquiries as e", "e.id", "c.enquiry_id")
    .where("p.status", "in", paidStatuses)
    .where("e.received_at", ">=", from)
    .where("e.received_at", "<", to);
  const [paid, refunded] = await Promise.all([
    paidPayments
      .select(["e.id", (eb) => eb.fn.sum<number | string>("p.amount_fils").as("fils")])
      .groupBy("e.id")
      .execute(),
    paidPayments
      .innerJoin("refunds as r", "r.payment_id", "p.id")
      .select(["e.id", (eb) => eb.fn.sum<number | string>("r.amount_fils").as("fils")])
      .groupBy("e.id")
      .execute(),
  ]);
  const net = new Map(paid.map((row) => [Number(row.id), Number(row.fils)]));
  for (const row of refunded) net.set(Number(row.id), (net.get(Number(row.id)) ?? 0) - Number(row.fils));
  return net;
}

/**
 * A data-protection request: every enquiry with this e-mail (any case) or this phone number (its digits), with
 * its timeline and outbox row. Returns how many; what they held is gone, the count is what the audit log keeps.
 */
export async function erase(db: Kysely<Schema>, who: { email?: string; phone?: string }): Promise<number> {
  const matches = await matching(db, who);
  if (matches.length === 0) return 0;
  const ids = matches.map((match) => match.id);
  await db.transaction().execute((trx) => forget(trx, ids));
  return ids.length;
}

/**
 * The enquiries a person's e-mail (any case) or phone number finds, for the owner to see before erasing. A phone
 * is compared as WhatsApp would dial it (050 123 4567 and +971 50 123 4567 are one number).
 */
export async function matching(
  db: Kysely<Schema>,
  who: { email?: string; phone?: string },
): Promise<{ id: number; name: string; receivedAt: string }[]> {
  const email = who.email?.trim().toLowerCase() ?? "";
  const number = who.phone ? internationalDigits(who.phone) : null;
  if (email === "" && number === null) return [];
  // The last seven digits narrow the rows in the database; the whole number decides.
  const tail = number?.slice(-7) ?? null;
  const rows = await db
    .selectFrom("enquiries as e")
    .select(["e.id", "e.name", "e.received_at", "e.email", "e.phone"])
    .where((eb) =>
      eb.or([
        ...(email ? [eb(eb.fn("lower", ["e.email"]), "=", email)] : []),
        ...(tail ? [phoneHas(eb.ref("e.phone"), tail)] : []),
      ]),
    )
    .orderBy("e.id")
    .execute();
  return rows
    .filter(
      (row) =>
        (email !== "" && row.email.trim().toLowerCase() === email) ||
        (number !== null && internationalDigits(row.phone) === number),
    )
    .map((row) => ({ id: row.id, name: row.name, receivedAt: row.received_at }));
}

/**
 * What is kept, and for how long: enquiries older than `retentionMonths`, held spam after 30 days, and the
 * phones' alerts after a day (each names a visitor: data/push.ts, alertsKeptMs). Returns how many were deleted. Run nightly by every server (deleting what is already gone is harmless).
 */
export async function sweep(
  db: Kysely<Schema>,
  now: number,
  retentionMonths: number,
): Promise<{ old: number; spam: number; alerts: number }> {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - retentionMonths);
  const spamCutoff = new Date(now - 30 * 24 * 60 * 60_000).toISOString();
  const old = await db.selectFrom("enquiries").select("id").where("received_at", "<", cutoff.toISOString()).execute();
  const spam = await db
    .selectFrom("enquiries as e")
    .innerJoin("outbox as o", "o.enquiry_id", "e.id")
    .select("e.id")
    .where("o.status", "=", "held")
    .where("e.received_at", "<", spamCutoff)
    .execute();
  const ids = [...new Set([...old, ...spam].map((row) => row.id))];
  for (let start = 0; start < ids.length; start += 500) {
    const chunk = ids.slice(start, start + 500);
    await db.transaction().execute((trx) => forget(trx, chunk));
  }
  const spamIds = new Set(spam.map((row) => row.id));
  const alerts = await dropStaleAlerts(db, now);
  return { old: old.filter((row) => !spamIds.has(row.id)).length, spam: spamIds.size, alerts };
}

/**
 * An owner deletes held spam now rather than after 30 days: one held enquiry, or every one, with its timeline.
 * Never one that is not held. Returns how many were deleted (the audit log keeps the count).
 */
export async function deleteHeld(db: Kysely<Schema>, which: number | "all"): Promise<number> {
  let held = db.selectFrom("outbox").select("enquiry_id").where("status", "=", "held");
  if (which !== "all") held = held.where("enquiry_id", "=", which);
  const ids = (await held.execute()).map((row) => row.enquiry_id);
  let deleted = 0;
  for (let start = 0; start < ids.length; start += 500) {
    const chunk = ids.slice(start, start + 500);
    await db.transaction().execute(async (trx) => {
      // Only those still held: one let through meanwhile stays.
      const still = (
        await trx
          .deleteFrom("outbox")
          .where("enquiry_id", "in", chunk)
          .where("status", "=", "held")
          .returning("enquiry_id")
          .execute()
      ).map((row) => row.enquiry_id);
      if (still.length === 0) return;
      await trx.deleteFrom("enquiry_events").where("enquiry_id", "in", still).execute();
      await trx.deleteFrom("enquiries").where("id", "in", still).execute();
      deleted += still.length;
    });
  }
  return deleted;
}

/** Deletes enquiries with their timelines and outbox rows (the caller's transaction: all of them, or none). */
async function forget(trx: Kysely<Schema>, ids: number[]): Promise<void> {
  await trx.deleteFrom("enquiry_events").where("enquiry_id", "in", ids).execute();
  await trx.deleteFrom("outbox").where("enquiry_id", "in", ids).execute();
  await trx.deleteFrom("enquiries").where("id", "in", ids).execute();
}
