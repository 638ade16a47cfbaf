import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../open";
import { emptyDatabase, engines } from "../testing/engines";
import { CaseStore } from "../cases/store";
import type { ChargeLine } from "../../invoices/money";
import { InvoicesOffError, InvoiceStore, type Agency } from "./store";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const agency: Agency = {
  name: "Karama Visa & Travel",
  address: "Office 12, Al Karama, Dubai, UAE",
  trn: "100123456700003",
};
const now = new Date("2026-11-01T08:00:00Z");
const fee = (amountFils: number): ChargeLine => ({ label: "Agency service fee", amountFils, vat: true });
const government = (amountFils: number): ChargeLine => ({ label: "Government visa fee", amountFils, vat: false });

async function open(engine: (typeof engines)[number]) {
  const { setting, remove } = await emptyDatabase(engine);
  cleanups.push(remove);
  const database = await openDatabase(setting);
  cleanups.push(() => database.close());
  return { database, setting };
}

async function aCase(database: Database, name = "Maria Santos"): Promise<number> {
  const cases = new CaseStore(database, null);
  const input = { enquiryId: null, name, phone: null, email: null, service: "Dubai Tourist Visa", travelDate: null };
  return cases.start({ ...input, kind: "visit-visa" }, null, now);
}

describe.each(engines)("invoices and credit notes on %s", (engine) => {
  it("issues an invoice numbered INV-000001, its content frozen: lines, totals in fils, the agency as at issue", async () => {
    const { database } = await open(engine);
    const caseId = await aCase(database);
    const store = new InvoiceStore(database, agency);
    const issued = await store.issueInvoice(
      { caseId, customerName: "Maria Santos", lines: [fee(19000), government(30000)], paymentRef: "pay_1" },
      now,
    );
    expect(issued).toMatchObject({
      kind: "invoice",
      number: "INV-000001",
      sequence: 1,
      caseId,
      paymentRef: "pay_1",
      issuedAt: now.toISOString(),
      suppliedOn: "2026-11-01",
      customerName: "Maria Santos",
      lines: [fee(19000), government(30000)],
      // Prices include VAT: AED 190.00 holds 9.05 of VAT; the total is what the customer pays, AED 490.00.
      totals: { excludingVatFils: 18095, vatFils: 905, disbursementsFils: 30000, totalFils: 49000 },
      agency,
    });
    // The agency's address changes later: the invoice keeps the one it was issued with.
    const moved = new InvoiceStore(database, { ...agency, address: "Elsewhere" });
    expect((await moved.invoice(issued.id))?.agency.address).toBe(agency.address);
    expect(await moved.invoicesOf(caseId)).toEqual([issued]);
    expect(await moved.invoiceForPayment("pay_1")).toEqual(issued);
    expect(await moved.invoiceForPayment("pay_2")).toBeNull();
    expect(await moved.invoice(issued.id + 100)).toBeNull();
  });

  it("issues one invoice per payment: asked twice, the first comes back, and no number is used up", async () => {
    const { database } = await open(engine);
    const caseId = await aCase(database);
    const store = new InvoiceStore(database, agency);
    const input = { caseId, customerName: "Maria Santos", lines: [fee(19000)], paymentRef: "pay_1" };
    const [first, second] = await Promise.all([store.issueInvoice(input, now), store.issueInvoice(input, now)]);
    expect(second).toEqual(first);
    expect((await store.issueInvoice({ ...input, paymentRef: "pay_2" }, now)).number).toBe("INV-000002");
  });

  it("refuses without the TRN, or with bad lines, saying why, and uses up no number", async () => {
    const { database } = await open(engine);
    const caseId = await aCase(database);
    const input = { caseId, customerName: "Maria Santos", lines: [fee(19000)] };
    await expect(new InvoiceStore(database, { ...agency, trn: "" }).issueInvoice(input, now)).rejects.toThrow(
      InvoicesOffError,
    );
    await expect(new InvoiceStore(database, { ...agency, trn: "" }).issueInvoice(input, now)).rejects.toThrow(
      /AGENCY_TRN/,
    );
    const store = new InvoiceStore(database, agency);
    await expect(store.issueInvoice({ ...input, lines: [] }, now)).rejects.toThrow(/at least one line/);
    await expect(store.issueInvoice({ ...input, lines: [fee(0)] }, now)).rejects.toThrow(/more than AED 0.00/);
    await expect(store.issueInvoice({ ...input, lines: [fee(1.5)] }, now)).rejects.toThrow(/fils/);
    await expect(store.issueInvoice({ ...input, customerName: " " }, now)).rejects.toThrow(/customer's name/);
    expect((await store.issueInvoice(input, now)).number).toBe("INV-000001");
  });

  it("a transaction that fails leaves no gap: the next invoice takes the number it gave back", async () => {
    const { database } = await open(engine);
    const caseId = await aCase(database);
    const store = new InvoiceStore(database, agency);
    expect((await store.issueInvoice({ caseId, customerName: "A", lines: [fee(100)] }, now)).number).toBe("INV-000001");
    // No such case: the insert fails after the number was taken, inside the same transaction.
    await expect(
      store.issueInvoice({ caseId: caseId + 99, customerName: "B", lines: [fee(100)] }, now),
    ).rejects.toThrow();
    expect((await store.issueInvoice({ caseId, customerName: "C", lines: [fee(100)] }, now)).number).toBe("INV-000002");
  });

  it("two servers issuing 50 invoices each at once number them 1 to 100, no gap, no repeat", async () => {
    const { database, setting } = await open(engine);
    const caseId = await aCase(database);
    // Two servers: connections of their own, which never wait inside SQLite (busy_timeout 0), as the servers'.
    const servers = await Promise.all([1, 2].map(() => openDatabase(setting, { waitMs: 0, migrate: false })));
    cleanups.push(() => Promise.all(servers.map((server) => server.close())).then(() => undefined));
    const issued = await Promise.all(
      servers.flatMap((server, index) =>
        Array.from({ length: 50 }, (_, n) =>
          new InvoiceStore(server, agency).issueInvoice(
            { caseId, customerName: `S${index} ${n}`, lines: [fee(100 + n)], paymentRef: `pay_${index}_${n}` },
            now,
          ),
        ),
      ),
    );
    const sequences = issued.map((each) => each.sequence).sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: 100 }, (_, index) => index + 1));
    const stored = await database.db.selectFrom("invoices").select("number").orderBy("sequence").execute();
    expect(stored.map((row) => row.number)).toEqual(
      Array.from({ length: 100 }, (_, index) => `INV-${String(index + 1).padStart(6, "0")}`),
    );
  }, 60_000);

  it("credit notes: CN- numbers of their own, the invoice named, never more than the invoice left to credit", async () => {
    const { database } = await open(engine);
    const caseId = await aCase(database);
    const store = new InvoiceStore(database, agency);
    const invoice = await store.issueInvoice(
      { caseId, customerName: "Maria", lines: [fee(19000), government(30000)] },
      now,
    );
    // A part: the agency's fee first, VAT included (AED 100.00 of the fee = 95.24 + 4.76 VAT).
    const part = await store.issueCreditNote(invoice.id, { amountFils: 10000 }, "Customer cancelled", now);
    expect(part).toMatchObject({
      kind: "credit-note",
      number: "CN-000001",
      creditedInvoiceId: invoice.id,
      creditedNumber: "INV-000001",
      reason: "Customer cancelled",
      lines: [{ label: "Agency service fee", amountFils: 10000, vat: true }],
      totals: { excludingVatFils: 9524, vatFils: 476, disbursementsFils: 0, totalFils: 10000 },
    });
    // Lines given: no more of the agency's fee than is left of it (AED 90.00), however much is left in all.
    await expect(store.issueCreditNote(invoice.id, { lines: [fee(9001)] }, "Too much fee", now)).rejects.toThrow(
      /AED 390.00/,
    );
    // The rest of it: 490.00 - 100.00 = 390.00 left.
    await expect(store.issueCreditNote(invoice.id, { amountFils: 39001 }, "Too much", now)).rejects.toThrow(
      /AED 390.00/,
    );
    const rest = await store.issueCreditNote(invoice.id, { amountFils: 39000 }, "Visa refused", now);
    expect(rest.number).toBe("CN-000002");
    expect(rest.lines).toEqual([
      { label: "Agency service fee", amountFils: 9000, vat: true },
      { label: "Government visa fee", amountFils: 30000, vat: false },
    ]);
    expect(rest.totals).toEqual({ excludingVatFils: 8571, vatFils: 429, disbursementsFils: 30000, totalFils: 39000 });
    // Both notes together give back the invoice: its VAT (4.76 + 4.29 = 9.05) and its total.
    expect(part.totals.vatFils + rest.totals.vatFils).toBe(invoice.totals.vatFils);
    expect(part.totals.totalFils + rest.totals.totalFils).toBe(invoice.totals.totalFils);
    // Lines given: checked against what is left (nothing now).
    await expect(store.issueCreditNote(invoice.id, { lines: [government(1)] }, "Again", now)).rejects.toThrow(
      /AED 0.00/,
    );
    await expect(store.issueCreditNote(rest.id, { amountFils: 1 }, "A note of a note", now)).rejects.toThrow(
      /not an invoice/,
    );
    await expect(store.issueCreditNote(invoice.id, { amountFils: 1 }, " ", now)).rejects.toThrow(/reason/);
    expect((await store.invoicesOf(caseId)).map((each) => each.number)).toEqual([
      "INV-000001",
      "CN-000001",
      "CN-000002",
    ]);
    // The invoices' own sequence is untouched by the credit notes.
    expect((await store.issueInvoice({ caseId, customerName: "Maria", lines: [fee(100)] }, now)).number).toBe(
      "INV-000002",
    );
  });
});
