/**
 * Payments on a traveller's case (issue 58, migration 21), for both engines: the office asks for an amount in lines
 * (`requestPayment`), the traveller's checkout session with the provider is attached to it, and the provider's signed
 * notification marks it paid (`markPaid`: one UPDATE that only a payment still waiting passes, so that of two
 * servers taking the same notification at once, one alone is told it marked it), or flags it when the provider's
 * amount is not the one asked for (`mismatch`). Every notification is recorded once by its event id
 * (`recordEvent`). Refunds are recorded against what was paid, never beyond it. Whoever calls it has decided who
 * may: the office for any case, the traveller's page for the case its link opens.
 */
import { randomBytes } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../database";
import type { PaymentStatus, Schema } from "../schema";
import { formatAed } from "./money";

export type { PaymentStatus };

export interface PaymentLine {
  label: string;
  /** In fils (1/100 of a dirham), a whole number above 0. */
  amountFils: number;
  /**
   * true: the agency's own fee, with VAT (its tax invoice shows VAT on it); false: a government fee passed on at
   * cost, outside VAT. A line asked for without it, or kept before it existed, has VAT.
   */
  vat: boolean;
}

/** A line as the office asks for it: without a VAT flag, it has VAT. */
export type LineAsked = Omit<PaymentLine, "vat"> & { vat?: boolean };

/** Lines as kept: a line from before the VAT flag has VAT. */
const linesOf = (json: string): PaymentLine[] =>
  (JSON.parse(json) as LineAsked[]).map((line) => ({
    label: line.label,
    amountFils: line.amountFils,
    vat: line.vat !== false,
  }));

export interface PaymentRecord {
  id: number;
  /** Random, 32 hex digits: the traveller's return address names the payment by it. */
  publicId: string;
  caseId: number;
  lines: PaymentLine[];
  amountFils: number;
  currency: "aed";
  status: PaymentStatus;
  provider: string | null;
  providerSession: string | null;
  providerPayment: string | null;
  requestedAt: string;
  requestedBy: number | null;
  paidAt: string | null;
  paidEvent: string | null;
  /** What was refunded so far, in fils. */
  refundedFils: number;
}

export interface RefundRecord {
  id: number;
  amountFils: number;
  providerRefund: string | null;
  at: string;
  by: number | null;
  reason: string;
}

/** A payment asked for or refunded wrongly: the message says what, in the office's words. */
export class PaymentError extends Error {
  override name = "PaymentError";
}

/** A public id as issued: 16 random bytes in hex. */
export const publicIdShape = /^[0-9a-f]{32}$/;

/** The most lines one payment holds, a label's length, and the most one line may ask (AED 1,000,000). */
export const maxLines = 20;
export const maxLabel = 200;
export const maxLineFils = 100_000_000;

const paymentColumns = [
  "id",
  "public_id",
  "case_id",
  "lines",
  "amount_fils",
  "currency",
  "status",
  "provider",
  "provider_session",
  "provider_payment",
  "requested_at",
  "requested_by",
  "paid_at",
  "paid_event",
] as const;

type PaymentRow = Pick<Schema["payments"], Exclude<(typeof paymentColumns)[number], "id">> & { id: number };

function paymentOf(row: PaymentRow, refundedFils: number): PaymentRecord {
  return {
    id: Number(row.id),
    publicId: row.public_id,
    caseId: Number(row.case_id),
    lines: linesOf(row.lines),
    amountFils: Number(row.amount_fils),
    currency: row.currency,
    status: row.status,
    provider: row.provider,
    providerSession: row.provider_session,
    providerPayment: row.provider_payment,
    requestedAt: row.requested_at,
    requestedBy: row.requested_by === null ? null : Number(row.requested_by),
    paidAt: row.paid_at,
    paidEvent: row.paid_event,
    refundedFils,
  };
}

/** The lines as kept: labels trimmed; a clear PaymentError for any that cannot be asked for. */
export function checkedLines(lines: readonly LineAsked[]): PaymentLine[] {
  if (lines.length === 0) throw new PaymentError("A payment needs at least one line.");
  if (lines.length > maxLines) throw new PaymentError(`A payment has at most ${maxLines} lines.`);
  return lines.map((line) => {
    const label = line.label.trim().replace(/\s+/g, " ");
    if (label === "") throw new PaymentError("Each line needs a label saying what it is for.");
    if (label.length > maxLabel) throw new PaymentError(`A line's label is at most ${maxLabel} characters.`);
    if (!Number.isSafeInteger(line.amountFils) || line.amountFils <= 0 || line.amountFils > maxLineFils) {
      throw new PaymentError(`"${label}": the amount must be above AED 0.00 and at most AED 1,000,000, in fils.`);
    }
    return { label, amountFils: line.amountFils, vat: line.vat !== false };
  });
}

type Db = Kysely<Schema> | Transaction<Schema>;

async function caseEvent(db: Db, caseId: number, by: number | null, kind: string, detail: unknown, now: Date) {
  await db
    .insertInto("case_events")
    .values({ case_id: caseId, at: now.toISOString(), person_id: by, kind, detail: JSON.stringify(detail) })
    .execute();
}

export class PaymentStore {
  private readonly db: Kysely<Schema>;

  constructor(readonly database: Database) {
    this.db = database.db;
  }

  /** The office asks for a payment on a case: its lines (a service fee, government fees…), in fils. */
  async requestPayment(
    caseId: number,
    lines: readonly LineAsked[],
    by: number | null,
    now = new Date(),
  ): Promise<PaymentRecord> {
    const kept = checkedLines(lines);
    const amountFils = kept.reduce((sum, line) => sum + line.amountFils, 0);
    const publicId = randomBytes(16).toString("hex");
    return this.db.transaction().execute(async (trx) => {
      const found = await trx.selectFrom("cases").select("id").where("id", "=", caseId).executeTakeFirst();
      if (!found) throw new PaymentError("There is no such case.");
      const row = await trx
        .insertInto("payments")
        .values({
          public_id: publicId,
          case_id: caseId,
          lines: JSON.stringify(kept),
          amount_fils: amountFils,
          currency: "aed",
          status: "requested",
          provider: null,
          provider_session: null,
          provider_payment: null,
          requested_at: now.toISOString(),
          requested_by: by,
          paid_at: null,
          paid_event: null,
        })
        .returning(paymentColumns)
        .executeTakeFirstOrThrow();
      await caseEvent(trx, caseId, by, "payment-requested", { payment: publicId, amountFils }, now);
      return paymentOf(row, 0);
    });
  }

  private async refunded(ids: number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom("refunds")
      .select(["payment_id", (eb) => eb.fn.sum<number>("amount_fils").as("total")])
      .where("payment_id", "in", ids)
      .groupBy("payment_id")
      .execute();
    return new Map(rows.map((row) => [Number(row.payment_id), Number(row.total)]));
  }

  async get(id: number): Promise<PaymentRecord | undefined> {
    const row = await this.db.selectFrom("payments").select(paymentColumns).where("id", "=", id).executeTakeFirst();
    return row ? paymentOf(row, (await this.refunded([row.id])).get(row.id) ?? 0) : undefined;
  }

  /** The payment a traveller's return address names (anything but 32 hex digits is none). */
  async byPublicId(publicId: string): Promise<PaymentRecord | undefined> {
    if (!publicIdShape.test(publicId)) return undefined;
    const row = await this.db
      .selectFrom("payments")
      .select(paymentColumns)
      .where("public_id", "=", publicId)
      .executeTakeFirst();
    return row ? paymentOf(row, (await this.refunded([row.id])).get(row.id) ?? 0) : undefined;
  }

  /** A case's payments, the oldest first. */
  async paymentsOf(caseId: number): Promise<PaymentRecord[]> {
    const rows = await this.db
      .selectFrom("payments")
      .select(paymentColumns)
      .where("case_id", "=", caseId)
      .orderBy("id")
      .execute();
    const refunded = await this.refunded(rows.map((row) => row.id));
    return rows.map((row) => paymentOf(row, refunded.get(row.id) ?? 0));
  }

  /** The provider's checkout session for a payment still waiting; false once it is paid or otherwise settled. */
  async attachSession(paymentId: number, provider: string, session: string): Promise<boolean> {
    const result = await this.db
      .updateTable("payments")
      .set({ provider, provider_session: session })
      .where("id", "=", paymentId)
      .where("status", "=", "requested")
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The session expired at the provider: a payment still waiting forgets it (the next "Pay now" makes another). */
  async forgetSession(paymentId: number, session: string): Promise<boolean> {
    const result = await this.db
      .updateTable("payments")
      .set({ provider_session: null })
      .where("id", "=", paymentId)
      .where("status", "=", "requested")
      .where("provider_session", "=", session)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Marks a waiting payment paid: one UPDATE … WHERE status = 'requested', so that of several servers marking it at
   * once exactly one is told true (and issues what follows a payment: its invoice). Paid, mismatched, refunded or
   * cancelled payments are left as they are (false).
   */
  async markPaid(
    paymentId: number,
    paid: { session: string; payment: string | null; event: string },
    now = new Date(),
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable("payments")
        .set({
          status: "paid",
          provider_session: paid.session,
          provider_payment: paid.payment,
          paid_at: now.toISOString(),
          paid_event: paid.event,
        })
        .where("id", "=", paymentId)
        .where("status", "=", "requested")
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      const row = await trx
        .selectFrom("payments")
        .select(["case_id", "public_id", "amount_fils"])
        .where("id", "=", paymentId)
        .executeTakeFirstOrThrow();
      await caseEvent(
        trx,
        Number(row.case_id),
        null,
        "payment-paid",
        { payment: row.public_id, amountFils: Number(row.amount_fils) },
        now,
      );
      return true;
    });
  }

  /**
   * The provider's amount or currency is not the one asked for: the payment is flagged, never paid, and the owner's
   * audit log and the case's timeline say what the provider reported. False when it was no longer waiting.
   */
  async mismatch(paymentId: number, what: string, now = new Date()): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable("payments")
        .set({ status: "mismatch" })
        .where("id", "=", paymentId)
        .where("status", "=", "requested")
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      const row = await trx
        .selectFrom("payments")
        .select(["case_id", "public_id"])
        .where("id", "=", paymentId)
        .executeTakeFirstOrThrow();
      const caseId = Number(row.case_id);
      await trx
        .insertInto("audit_log")
        .values({
          at: now.toISOString(),
          person_id: null,
          action: "payment-mismatch",
          detail: `Case ${caseId}, payment ${row.public_id}: ${what}. Not marked paid: check it in the provider's dashboard.`,
        })
        .execute();
      await caseEvent(trx, caseId, null, "payment-mismatch", { payment: row.public_id, what }, now);
      return true;
    });
  }

  /** Whether a provider's event was taken in already. */
  async seenEvent(eventId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom("payment_events")
      .select("id")
      .where("event_id", "=", eventId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Records a provider's event once: false when its id was recorded before (by this server or another). */
  async recordEvent(
    event: { provider: string; eventId: string; type: string; paymentId: number | null; outcome: string },
    now = new Date(),
  ): Promise<boolean> {
    const result = await this.db
      .insertInto("payment_events")
      .values({
        provider: event.provider,
        event_id: event.eventId,
        type: event.type,
        payment_id: event.paymentId,
        received_at: now.toISOString(),
        outcome: event.outcome,
      })
      .onConflict((conflict) => conflict.column("event_id").doNothing())
      .returning("id")
      .executeTakeFirst();
    return result !== undefined;
  }

  /** Records a refund of a paid payment (made with the provider first, where it takes them); never beyond what was paid. */
  async refund(
    paymentId: number,
    refund: { amountFils: number; providerRefund: string | null; by: number | null; reason: string },
    now = new Date(),
  ): Promise<PaymentRecord> {
    if (!Number.isSafeInteger(refund.amountFils) || refund.amountFils <= 0) {
      throw new PaymentError("A refund's amount must be above AED 0.00, in fils.");
    }
    await this.db.transaction().execute(async (trx) => {
      // The payment's row is locked first (an update that changes nothing): two refunds at once are taken one after
      // the other, the second reading the first's sum.
      await trx
        .updateTable("payments")
        .set((eb) => ({ status: eb.ref("status") }))
        .where("id", "=", paymentId)
        .execute();
      const row = await trx
        .selectFrom("payments")
        .select(["case_id", "public_id", "status", "amount_fils"])
        .where("id", "=", paymentId)
        .executeTakeFirst();
      if (!row) throw new PaymentError("There is no such payment.");
      if (row.status !== "paid" && row.status !== "partly-refunded") {
        throw new PaymentError("Only a paid payment can be refunded.");
      }
      const done = await trx
        .selectFrom("refunds")
        .select((eb) => eb.fn.sum<number>("amount_fils").as("total"))
        .where("payment_id", "=", paymentId)
        .executeTakeFirst();
      const total = Number(done?.total ?? 0) + refund.amountFils;
      const paid = Number(row.amount_fils);
      if (total > paid) {
        throw new PaymentError(
          `That is more than is left to refund: ${formatAed(paid - Number(done?.total ?? 0))} of ${formatAed(paid)}.`,
        );
      }
      const status = total === paid ? "refunded" : "partly-refunded";
      await trx.updateTable("payments").set({ status }).where("id", "=", paymentId).execute();
      await trx
        .insertInto("refunds")
        .values({
          payment_id: paymentId,
          amount_fils: refund.amountFils,
          provider_refund: refund.providerRefund,
          at: now.toISOString(),
          by: refund.by,
          reason: refund.reason.trim(),
        })
        .execute();
      await caseEvent(
        trx,
        Number(row.case_id),
        refund.by,
        "payment-refunded",
        { payment: row.public_id, amountFils: refund.amountFils },
        now,
      );
    });
    const after = await this.get(paymentId);
    if (!after) throw new PaymentError("There is no such payment.");
    return after;
  }

  /** The refunds of a payment, the oldest first. */
  async refundsOf(paymentId: number): Promise<RefundRecord[]> {
    const rows = await this.db
      .selectFrom("refunds")
      .select(["id", "amount_fils", "provider_refund", "at", "by", "reason"])
      .where("payment_id", "=", paymentId)
      .orderBy("id")
      .execute();
    return rows.map((row) => ({
      id: Number(row.id),
      amountFils: Number(row.amount_fils),
      providerRefund: row.provider_refund,
      at: row.at,
      by: row.by === null ? null : Number(row.by),
      reason: row.reason,
    }));
  }

  /** The office withdraws a payment nobody paid yet. */
  async cancel(paymentId: number, by: number | null, now = new Date()): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable("payments")
        .set({ status: "cancelled" })
        .where("id", "=", paymentId)
        .where("status", "=", "requested")
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      const row = await trx
        .selectFrom("payments")
        .select(["case_id", "public_id"])
        .where("id", "=", paymentId)
        .executeTakeFirstOrThrow();
      await caseEvent(trx, Number(row.case_id), by, "payment-cancelled", { payment: row.public_id }, now);
      return true;
    });
  }
}
