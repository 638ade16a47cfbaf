/**
 * Tax invoices and credit notes (issue 58, migration 20), for both engines. A document is numbered when issued, from
 * its kind's own unbroken sequence ("INV-000001", "CN-000001"), and its whole content is frozen then (the customer,
 * the lines, the totals in fils, the agency's name, address and TRN), so that it renders the same forever
 * (server/invoices/pdf.ts). Whoever calls it has decided who may; the payments give a payment's id, and one payment
 * never gets two invoices.
 *
 * No gap, no repeat, with any number of servers: the next number is taken by `UPDATE invoice_counters SET last =
 * last + 1 … RETURNING last` as the first statement of the issuing transaction. On SQLite that statement holds the
 * database's write lock (BEGIN IMMEDIATE; a server meeting the lock waits on a timer, server/busy.ts), on
 * PostgreSQL the counter's row lock: one issuer at a time per kind, and a transaction that fails (after taking its
 * number) gives the number back with the rest of its work.
 */
import { type Kysely, sql } from "kysely";
import { whenFree } from "../../busy";
import { aedOf, totalsOf, type ChargeLine, type Totals } from "../../invoices/money";
import { dubaiDay } from "../dubai-days";
import type { Database } from "../database";
import type { InvoicesTable, Schema } from "../schema";

export type InvoiceKind = InvoicesTable["kind"];

/** The agency as an invoice names it (settings AGENCY_NAME, AGENCY_ADDRESS, AGENCY_TRN). */
export interface Agency {
  name: string;
  address: string;
  /** The Tax Registration Number, 15 digits; "" while unset (no invoice can be issued). */
  trn: string;
}

export interface NewInvoice {
  caseId: number;
  customerName: string;
  lines: readonly ChargeLine[];
  /** The payment's id, as the payments keep it: asked again for the same one, the first invoice comes back. */
  paymentRef?: string | null;
  /** The date of supply, YYYY-MM-DD; the day of issue (Dubai) by default. */
  suppliedOn?: string;
}

/** What a credit note credits: lines of its own, or an amount in fils (VAT included), the agency's fee first. */
export type Credit = { lines: readonly ChargeLine[] } | { amountFils: number };

export interface InvoiceRecord {
  id: number;
  kind: InvoiceKind;
  number: string;
  sequence: number;
  caseId: number;
  paymentRef: string | null;
  /** A credit note: the invoice it corrects, its number, and why. */
  creditedInvoiceId: number | null;
  creditedNumber: string | null;
  reason: string | null;
  issuedAt: string;
  suppliedOn: string;
  customerName: string;
  lines: ChargeLine[];
  totals: Totals;
  agency: Agency;
}

/** Each kind's prefix: its numbers are the prefix and six digits. */
export const numberPrefixes: Record<InvoiceKind, string> = { invoice: "INV-", "credit-note": "CN-" };

export const numberOf = (kind: InvoiceKind, sequence: number) =>
  `${numberPrefixes[kind]}${String(sequence).padStart(6, "0")}`;

/** Invoices cannot be issued: the settings lack what a tax invoice must show. The message says which. */
export class InvoicesOffError extends Error {
  override name = "InvoicesOffError";
}

/** Bad input: the message says what, in words the office can act on. Nothing was issued. */
export class InvoiceInputError extends Error {
  override name = "InvoiceInputError";
}

/** Why invoices cannot be issued with these settings, or null when they can (the office shows it). */
export function invoicesOffReason(agency: Agency): string | null {
  if (!/^[0-9]{15}$/.test(agency.trn)) {
    return "Invoices cannot be issued: the agency's Tax Registration Number (the setting AGENCY_TRN, 15 digits) is not set.";
  }
  if (agency.address.trim() === "") {
    return "Invoices cannot be issued: the agency's registered address (the setting AGENCY_ADDRESS) is not set.";
  }
  return null;
}

const maxLines = 20;

function checkLines(lines: readonly ChargeLine[]): ChargeLine[] {
  if (lines.length === 0) throw new InvoiceInputError("An invoice needs at least one line.");
  if (lines.length > maxLines) throw new InvoiceInputError(`An invoice has at most ${maxLines} lines.`);
  const checked = lines.map((line) => {
    const label = line.label.trim();
    if (label === "" || label.length > 80)
      throw new InvoiceInputError("Each line needs a label of 1 to 80 characters.");
    if (!Number.isSafeInteger(line.amountFils) || line.amountFils < 0) {
      throw new InvoiceInputError(`"${label}": the amount must be a whole number of fils, 0 or more.`);
    }
    return { label, amountFils: line.amountFils, vat: line.vat === true };
  });
  if (totalsOf(checked).totalFils <= 0) throw new InvoiceInputError("The total must be more than AED 0.00.");
  return checked;
}

/** Thrown inside an issuing transaction to roll it back (its number given back) and answer with `record`. */
class AlreadyIssued {
  constructor(readonly id: number) {}
}

type Row = Omit<InvoicesTable, "id"> & { id: number; credited_number: string | null };

function recordOf(row: Row): InvoiceRecord {
  return {
    id: Number(row.id),
    kind: row.kind,
    number: row.number,
    sequence: Number(row.sequence),
    caseId: Number(row.case_id),
    paymentRef: row.payment_ref,
    creditedInvoiceId: row.credited_invoice_id === null ? null : Number(row.credited_invoice_id),
    creditedNumber: row.credited_number,
    reason: row.reason,
    issuedAt: row.issued_at,
    suppliedOn: row.supplied_on,
    customerName: row.customer_name,
    lines: JSON.parse(row.lines) as ChargeLine[],
    totals: {
      excludingVatFils: Number(row.excluding_vat_fils),
      vatFils: Number(row.vat_fils),
      disbursementsFils: Number(row.disbursements_fils),
      totalFils: Number(row.total_fils),
    },
    agency: { name: row.agency_name, address: row.agency_address, trn: row.agency_trn },
  };
}

/** `amount` fils taken in order from `lines`, after the first `skip` fils of them (those credited before). */
function takeFrom(lines: readonly ChargeLine[], skip: number, amount: number): ChargeLine[] {
  const taken: ChargeLine[] = [];
  for (const line of lines) {
    const skipped = Math.min(skip, line.amountFils);
    skip -= skipped;
    const part = Math.min(amount, line.amountFils - skipped);
    if (part > 0) taken.push({ ...line, amountFils: part });
    amount -= part;
  }
  return taken;
}

export class InvoiceStore {
  constructor(
    private readonly database: Database,
    private readonly agency: Agency,
  ) {}

  private get db(): Kysely<Schema> {
    return this.database.db;
  }

  /**
   * Issues a tax invoice, numbered INV-… from the next number. With a payment's id already invoiced, that invoice
   * comes back and no number is used. InvoicesOffError without the TRN or address; InvoiceInputError on bad input.
   */
  async issueInvoice(input: NewInvoice, now: Date = new Date()): Promise<InvoiceRecord> {
    this.checkAgency();
    const paymentRef = input.paymentRef?.trim() || null;
    if (paymentRef !== null) {
      const known = await this.invoiceForPayment(paymentRef);
      if (known) return known;
    }
    const lines = checkLines(input.lines);
    const customerName = input.customerName.trim();
    if (customerName === "" || customerName.length > 120) {
      throw new InvoiceInputError("The customer's name is needed (at most 120 characters).");
    }
    const suppliedOn = input.suppliedOn ?? dubaiDay(now.getTime());
    if (!/^\d{4}-\d{2}-\d{2}$/.test(suppliedOn)) throw new InvoiceInputError("The date of supply is YYYY-MM-DD.");
    return this.issue(
      "invoice",
      async (trx) => {
        if (paymentRef !== null) {
          const known = await trx
            .selectFrom("invoices")
            .select("id")
            .where("kind", "=", "invoice")
            .where("payment_ref", "=", paymentRef)
            .executeTakeFirst();
          if (known) throw new AlreadyIssued(Number(known.id));
        }
        return {
          case_id: input.caseId,
          payment_ref: paymentRef,
          credited_invoice_id: null,
          reason: null,
          supplied_on: suppliedOn,
          customer_name: customerName,
          lines,
        };
      },
      now,
    );
  }

  /**
   * Issues a credit note (CN-…) against an invoice: lines of its own, or an amount in fils taken from the agency's
   * fee first (its amounts include VAT, as the invoice's do) and then the government fees. Never more than the
   * invoice has left to credit after its earlier credit notes, in all and of its VAT lines and its disbursements.
   * Its VAT is worked out on its own lines, as an invoice's (server/invoices/money.ts).
   */
  async issueCreditNote(
    invoiceId: number,
    credit: Credit,
    reason: string,
    now: Date = new Date(),
  ): Promise<InvoiceRecord> {
    this.checkAgency();
    const why = reason.trim();
    if (why === "" || why.length > 200)
      throw new InvoiceInputError("A credit note needs a reason (at most 200 characters).");
    if ("amountFils" in credit && (!Number.isSafeInteger(credit.amountFils) || credit.amountFils <= 0)) {
      throw new InvoiceInputError("The amount to credit must be a whole number of fils, more than 0.");
    }
    const given = "lines" in credit ? checkLines(credit.lines) : null;
    return this.issue(
      "credit-note",
      async (trx) => {
        const invoice = await this.read(trx, invoiceId);
        if (invoice?.kind !== "invoice") throw new InvoiceInputError(`Document ${invoiceId} is not an invoice.`);
        const earlier = (await this.creditNotesOf(trx, invoiceId)).map((note) => note.totals);
        const credited = (pick: (totals: Totals) => number) => earlier.reduce((sum, each) => sum + pick(each), 0);
        const left = invoice.totals.totalFils - credited((each) => each.totalFils);
        /** Of the lines with VAT, VAT included. */
        const withVat = (totals: Totals) => totals.excludingVatFils + totals.vatFils;
        const withVatLeft = withVat(invoice.totals) - credited(withVat);
        const disbursementsLeft = invoice.totals.disbursementsFils - credited((each) => each.disbursementsFils);
        const refuse = () =>
          new InvoiceInputError(
            `${invoice.number} has ${aedOf(Math.max(0, left))} left to credit: the credit note is more.`,
          );
        let lines: ChargeLine[];
        if (given) {
          const totals = totalsOf(given);
          if (
            totals.totalFils > left ||
            withVat(totals) > withVatLeft ||
            totals.disbursementsFils > disbursementsLeft
          ) {
            throw refuse();
          }
          lines = given;
        } else {
          const amount = (credit as { amountFils: number }).amountFils;
          if (amount > left) throw refuse();
          // The agency's fee first, VAT included (its amounts include it), then government fees for the rest.
          const fromFee = Math.min(amount, withVatLeft);
          const vatLines = invoice.lines.filter((line) => line.vat);
          const otherLines = invoice.lines.filter((line) => !line.vat);
          const feeDone = withVat(invoice.totals) - withVatLeft;
          const otherDone = invoice.totals.disbursementsFils - disbursementsLeft;
          lines = [...takeFrom(vatLines, feeDone, fromFee), ...takeFrom(otherLines, otherDone, amount - fromFee)];
        }
        return {
          case_id: invoice.caseId,
          payment_ref: null,
          credited_invoice_id: invoice.id,
          reason: why,
          supplied_on: dubaiDay(now.getTime()),
          customer_name: invoice.customerName,
          lines,
        };
      },
      now,
    );
  }

  async invoice(id: number): Promise<InvoiceRecord | null> {
    return this.read(this.db, id);
  }

  /** A case's invoices and credit notes, in the order they were issued. */
  async invoicesOf(caseId: number): Promise<InvoiceRecord[]> {
    const rows = await this.select(this.db).where("i.case_id", "=", caseId).orderBy("i.id").execute();
    return rows.map(recordOf);
  }

  /** The invoice of a payment, or null while it has none. */
  async invoiceForPayment(paymentRef: string): Promise<InvoiceRecord | null> {
    const row = await this.select(this.db)
      .where("i.kind", "=", "invoice")
      .where("i.payment_ref", "=", paymentRef)
      .executeTakeFirst();
    return row ? recordOf(row) : null;
  }

  private checkAgency(): void {
    const off = invoicesOffReason(this.agency);
    if (off !== null) throw new InvoicesOffError(off);
  }

  private select(db: Kysely<Schema>) {
    return db
      .selectFrom("invoices as i")
      .leftJoin("invoices as credited", "credited.id", "i.credited_invoice_id")
      .selectAll("i")
      .select("credited.number as credited_number");
  }

  private async read(db: Kysely<Schema>, id: number): Promise<InvoiceRecord | null> {
    const row = await this.select(db).where("i.id", "=", id).executeTakeFirst();
    return row ? recordOf(row) : null;
  }

  private async creditNotesOf(db: Kysely<Schema>, invoiceId: number): Promise<InvoiceRecord[]> {
    const rows = await this.select(db).where("i.credited_invoice_id", "=", invoiceId).orderBy("i.id").execute();
    return rows.map(recordOf);
  }

  /**
   * One issuing transaction: the kind's next number first (the lock), then `content` (which may refuse, or answer
   * with a document already issued), then the row. Any failure rolls the number back with the rest.
   */
  private async issue(
    kind: InvoiceKind,
    content: (trx: Kysely<Schema>) => Promise<
      Pick<
        InvoicesTable,
        "case_id" | "payment_ref" | "credited_invoice_id" | "reason" | "supplied_on" | "customer_name"
      > & {
        lines: ChargeLine[];
      }
    >,
    now: Date,
  ): Promise<InvoiceRecord> {
    const agency = this.agency;
    const work = async (trx: Kysely<Schema>): Promise<number> => {
      const counter = await trx
        .updateTable("invoice_counters")
        .set((eb) => ({ last: eb("last", "+", 1) }))
        .where("kind", "=", kind)
        .returning("last")
        .executeTakeFirstOrThrow();
      const sequence = Number(counter.last);
      const { lines, ...rest } = await content(trx);
      const totals = totalsOf(lines);
      const row = await trx
        .insertInto("invoices")
        .values({
          ...rest,
          kind,
          number: numberOf(kind, sequence),
          sequence,
          issued_at: now.toISOString(),
          lines: JSON.stringify(lines),
          excluding_vat_fils: totals.excludingVatFils,
          vat_fils: totals.vatFils,
          disbursements_fils: totals.disbursementsFils,
          total_fils: totals.totalFils,
          agency_name: agency.name,
          agency_address: agency.address.trim(),
          agency_trn: agency.trn,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return Number(row.id);
    };
    let id: number;
    try {
      id = await this.transaction(work);
    } catch (error) {
      if (error instanceof AlreadyIssued) id = error.id;
      else throw error;
    }
    const record = await this.invoice(id);
    if (record === null) throw new Error(`invoice ${id} vanished`);
    return record;
  }

  /** A write transaction: PostgreSQL's own; on SQLite one holding the write lock from its start, retried while busy. */
  private async transaction<T>(work: (trx: Kysely<Schema>) => Promise<T>): Promise<T> {
    if (this.database.engine === "postgres") return this.db.transaction().execute(work);
    return whenFree(
      () =>
        this.db.connection().execute(async (connection) => {
          await sql`BEGIN IMMEDIATE`.execute(connection);
          try {
            const result = await work(connection);
            await sql`COMMIT`.execute(connection);
            return result;
          } catch (error) {
            await sql`ROLLBACK`.execute(connection);
            throw error;
          }
        }),
      30_000,
    );
  }
}
