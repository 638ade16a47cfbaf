// @vitest-environment node
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CaseStore } from "../data/cases/store";
import { documentsKey, Keyring } from "../data/cases/vault";
import { InvoiceStore } from "../data/invoices/store";
import { openDatabase, type Database } from "../data/open";
import { PaymentStore } from "../data/payments/store";
import { engines } from "../data/testing/engines";
import { StripeProvider } from "../pay/stripe";
import { pushOffReason } from "../push/config";
import { removeTestDirs, type Running, startOn } from "../testing/inbox-server";
import { LocalSmtp } from "../testing/smtp";
import { startStripeStandin, type StripeStandin } from "../testing/stripe-standin";
import { paidFollowUp } from "./paid";
import { filsTyped, linesOfDraft } from "./payments";
import { OfficeClient, officeOrigin, ownAddress, signedInPerson } from "./testing/office-client";

/*
 * Issue 58, the office's side of payments: asking for one (every bad input refused with a clear message, what was
 * typed kept), the ready text with the link, the payment paid through the Stripe stand-in, its invoice issued once
 * and mailed, downloaded (logged), a refund through the provider with its credit note, and each route against an
 * attacker (no session, another site, the wrong role, repeated or huge parameters, another case's payment).
 */

afterAll(removeTestDirs);

const keyring = new Keyring([documentsKey(Buffer.alloc(32, 1))]);
const agency = { name: "Karama Visa & Travel", address: "Shop 5, Al Karama, Dubai", trn: "100123456700003" };

describe("an amount as the office types it, and the lines of a request", () => {
  it("reads AED 1,490.50, 1490.5 and 190; refuses anything else", () => {
    expect(filsTyped("AED 1,490.50")).toBe(149_050);
    expect(filsTyped("1490.5")).toBe(149_050);
    expect(filsTyped(" 190 ")).toBe(19_000);
    for (const bad of ["", "abc", "1.234", "-5", "1,49", "190 AED", "1e5", "0x10"]) expect(filsTyped(bad)).toBeNull();
  });

  it("says what is wrong with each line, in order", () => {
    const problem = (label: string, amount: string) => {
      const result = linesOfDraft([{ label, amount, vat: true }]);
      return "problem" in result ? result.problem : null;
    };
    expect(problem("", "")).toBe("Add at least one line: what it is for, and its amount.");
    expect(problem("", "190")).toMatch(/^Line 1: say what it is for/);
    expect(problem("Fee", "")).toMatch(/give its amount/);
    expect(problem("Fee", "lots")).toBe('Line 1 (Fee): "lots" is not an amount: write it as AED 190.00, or 190.');
    expect(problem("Fee", "0")).toMatch(/more than AED 0.00/);
    expect(problem("Fee", "2,000,000")).toMatch(/at most AED 1,000,000.00/);
    expect(problem("x".repeat(81), "190")).toMatch(/at most 80 characters/);
  });
});

describe.each(engines)("payments in the office, on %s", (engine) => {
  let standin: StripeStandin;
  let server: Running;
  let database: Database;
  let staff: Awaited<ReturnType<typeof signedInPerson>>;
  let owner: Awaited<ReturnType<typeof signedInPerson>>;
  let cases: CaseStore;
  let payments: PaymentStore;
  const smtp = new LocalSmtp();

  beforeAll(async () => {
    standin = await startStripeStandin();
    const smtpPort = await smtp.start();
    server = await startOn(engine, {
      smtpPort,
      server: {
        trustProxy: true,
        push: { on: false, reason: pushOffReason },
        payments: {
          on: true,
          provider: new StripeProvider({
            secretKey: standin.secretKey,
            webhookSecret: standin.webhookSecret,
            apiUrl: standin.origin,
          }),
        },
        invoices: agency,
      },
    });
    standin.notifyUrl = `${server.origin}/payments/notify/stripe`;
    database = await openDatabase(server.database, { migrate: false });
    staff = await signedInPerson(server.origin, database, "Staff Sam", "staff");
    owner = await signedInPerson(server.origin, database, "Owner Olu", "owner");
    cases = new CaseStore(database, keyring);
    payments = new PaymentStore(database);
  });
  afterAll(async () => {
    await standin.settled();
    await database.close();
    await server.app.close();
    await standin.close();
    await smtp.stop();
  });

  const newCase = (name = "Maria Santos", email: string | null = "maria@example.com") =>
    cases.start(
      {
        enquiryId: null,
        name,
        phone: "+971501234567",
        email,
        service: "Dubai Tourist Visa",
        kind: "visit-visa",
        travelDate: null,
      },
      null,
      new Date(),
    );

  const ask = (id: number, fields: Record<string, string>, client: OfficeClient = staff.client) =>
    client.form(`/office/cases/${id}/payments`, { do: "send", link: "yes", ...fields });

  /** Through the traveller's page and the stand-in's: paid, the notification taken in. */
  async function paid(caseId: number) {
    const asked = await ask(caseId, {
      label1: "Agency service fee",
      amount1: "AED 150.00",
      vat1: "yes",
      label2: "Government visa fee",
      amount2: "AED 350.50",
      vat2: "no",
    });
    expect(asked.status).toBe(200);
    const payment = (await payments.paymentsOf(caseId)).at(-1);
    if (!payment) throw new Error("no payment was asked for");
    const link = /\/case\/([A-Za-z0-9_-]+)/.exec(asked.text)?.[1] ?? "";
    const started = await fetch(`${server.origin}/case/${link}/payments/${payment.publicId}/pay`, {
      method: "POST",
      redirect: "manual",
      headers: {
        ...ownAddress(),
        "sec-fetch-site": "same-origin",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "",
    });
    expect(started.status).toBe(303);
    const checkout = started.headers.get("location") ?? "";
    expect((await fetch(checkout, { method: "POST", redirect: "manual" })).status).toBe(303);
    await standin.settled();
    const after = await payments.get(payment.id);
    if (!after) throw new Error("the payment is gone");
    return { payment: after, link };
  }

  it("starts from the service's charges, refuses every bad line with a clear message, keeping what was typed", async () => {
    const id = await newCase();
    const page = await staff.client.get(`/office/cases/${id}`);
    expect(page.text).toContain("Ask for a payment");
    // Dubai Tourist Visa: /tourist-visa/2 in charges.yaml.
    expect(page.text).toContain('value="Agency service fee"');
    expect(page.text).toContain('value="AED 390.00"');
    for (const [fields, message] of [
      [{ label1: "", amount1: "" }, "Add at least one line"],
      [{ label1: "Fee", amount1: "one hundred" }, "&quot;one hundred&quot; is not an amount"],
      [{ label1: "x".repeat(300), amount1: "190" }, "at most 80 characters"],
      [{ label1: "Fee", amount1: "0.00" }, "more than AED 0.00"],
    ] as const) {
      const answer = await ask(id, fields);
      expect(answer.status).toBe(400);
      expect(answer.text).toContain(message);
      // What was typed is there to mend.
      if (fields.amount1) expect(answer.text).toContain(`value="${fields.amount1}"`);
    }
    expect(await payments.paymentsOf(id)).toEqual([]);
    // Markup in a label is kept as text, and shown as text.
    const markup = '<img src=x onerror="alert(1)">Fee';
    const bad = await ask(id, { label1: markup, amount1: "nope" });
    expect(bad.text).not.toContain("<img src=x");
    expect(bad.text).toContain("&lt;img src=x");
  });

  it("adds and removes a line without asking, keeping what was typed", async () => {
    const id = await newCase();
    const added = await ask(id, { do: "add", label1: "Agency service fee", amount1: "AED 90.00" });
    expect(added.status).toBe(200);
    expect(added.text).toContain('id="label2"');
    expect(added.text).toContain('value="AED 90.00"');
    const removed = await ask(id, { do: "remove-1", label1: "Gone", amount1: "1", label2: "Kept", amount2: "2" });
    expect(removed.text).toContain('value="Kept"');
    expect(removed.text).not.toContain('value="Gone"');
    expect(await payments.paymentsOf(id)).toEqual([]);
  });

  it("asks for a payment: its lines with their VAT flags, and the ready text with a new link and the amount", async () => {
    const id = await newCase();
    const answer = await ask(id, {
      label1: "Agency service fee",
      amount1: "AED 90.00",
      vat1: "yes",
      label2: "Government visa fee",
      amount2: "100",
      vat2: "no",
    });
    expect(answer.status).toBe(200);
    const [payment] = await payments.paymentsOf(id);
    expect(payment?.lines).toEqual([
      { label: "Agency service fee", amountFils: 9_000, vat: true },
      { label: "Government visa fee", amountFils: 10_000, vat: false },
    ]);
    expect(payment?.amountFils).toBe(19_000);
    expect(answer.text).toContain("Asked for AED 190.00");
    expect(answer.text).toContain("Your payment");
    expect(answer.text).toMatch(
      /please pay AED 190.00 \(Agency service fee, Government visa fee\) on your own page: http:\/\/localhost:3000\/case\//,
    );
    expect(answer.text).toContain("Pay now");
    expect(answer.text).not.toContain("Your papers");
    // Listed, and cancelled while it waits.
    const cancelled = await staff.client.form(`/office/cases/${id}/payments/${payment?.id}/cancel`, {});
    expect(cancelled.text).toContain("is cancelled");
    expect((await payments.get(payment?.id ?? 0))?.status).toBe("cancelled");
  });

  it("paid: one invoice, mailed with its PDF, downloaded as an attachment and logged; onPaid twice changes nothing", async () => {
    const id = await newCase("Maria Santos");
    const before = smtp.received.length;
    const { payment } = await paid(id);
    expect(payment.status).toBe("paid");
    const invoices = new InvoiceStore(database, agency);
    const invoice = await invoices.invoiceForPayment(String(payment.id));
    expect(invoice?.number).toMatch(/^INV-\d{6}$/);
    // The mail: to the traveller, the PDF attached.
    await expect.poll(() => smtp.received.length).toBe(before + 1);
    const mail = smtp.received.at(-1);
    expect(mail?.recipients).toEqual(["maria@example.com"]);
    expect(mail?.raw).toContain(`${invoice?.number}.pdf`);
    expect(mail?.raw).toContain("application/pdf");
    // The same payment again: the same invoice, no other number, no other mail.
    const follow = paidFollowUp({
      database: { connection: { database } } as never,
      keyring,
      agency,
      mail: null,
      log: server.app.log,
    });
    await follow(payment);
    await follow(payment);
    expect((await invoices.invoicesOf(id)).filter((each) => each.kind === "invoice")).toHaveLength(1);
    // The office sees it paid, and downloads the invoice.
    const page = await staff.client.get(`/office/cases/${id}`);
    expect(page.text).toContain('data-pay-status="paid"');
    expect(page.text).toContain(`Invoice ${invoice?.number} (PDF)`);
    const pdf = await staff.client.get(`/office/cases/${id}/invoices/${invoice?.id}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toMatch(/^attachment;/);
    expect(pdf.headers.get("x-content-type-options")).toBe("nosniff");
    const file = join(mkdtempSync(join(tmpdir(), "office-invoice-")), "invoice.pdf");
    writeFileSync(file, pdf.bytes);
    const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
    expect(text).toContain("100123456700003");
    expect(text).toContain("Government visa fee");
    const logged = await database.db
      .selectFrom("audit_log")
      .select("detail")
      .where("action", "=", "invoice-downloaded")
      .execute();
    expect(logged.map((row) => row.detail)).toContain(`Case ${id}: invoice ${invoice?.number}`);
    // The traveller's page offers it too, for their own case alone.
    const second = await paid(await newCase("Second Traveller", null));
    const link = second.link;
    const own = await fetch(`${server.origin}/case/${link}`, { headers: ownAddress() });
    expect(await own.text()).toContain("Your tax invoice (PDF)");
    const mine = await fetch(`${server.origin}/case/${link}/payments/${second.payment.publicId}/invoice`, {
      headers: ownAddress(),
    });
    expect(mine.status).toBe(200);
    expect(mine.headers.get("content-type")).toBe("application/pdf");
    expect(mine.headers.get("content-disposition")).toMatch(/^attachment; filename="INV-\d{6}\.pdf"$/);
    const theirs = await fetch(`${server.origin}/case/${link}/payments/${payment.publicId}/invoice`, {
      headers: ownAddress(),
    });
    expect(theirs.status).toBe(404);
  });

  it("refunds: owners only; too much refused; the provider refusing records nothing; a partial one gives a credit note", async () => {
    const id = await newCase("Ahmed Ali", null);
    const { payment } = await paid(id);
    const refund = (fields: Record<string, string>, client = owner.client) =>
      client.form(`/office/cases/${id}/payments/${payment.id}/refund`, fields);
    // Staff: not found, nothing done.
    expect((await refund({ amount: "10", reason: "Changed plans" }, staff.client)).status).toBe(404);
    const tooMuch = await refund({ amount: "AED 600.00", reason: "Changed plans" });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.text).toContain("more than is left to refund: at most AED 500.50");
    expect(tooMuch.text).toContain('value="AED 600.00"');
    expect((await refund({ amount: "10", reason: "" })).text).toContain("Say why");
    // The provider refuses (it knows no such payment): nothing recorded.
    await database.db
      .updateTable("payments")
      .set({ provider_payment: "pi_unknown" })
      .where("id", "=", payment.id)
      .execute();
    const refused = await refund({ amount: "AED 100.00", reason: "Changed plans" });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("The payment provider did not make the refund");
    expect((await payments.get(payment.id))?.refundedFils).toBe(0);
    await database.db
      .updateTable("payments")
      .set({ provider_payment: payment.providerPayment })
      .where("id", "=", payment.id)
      .execute();
    const made = await refund({ amount: "AED 100.00", reason: "Changed plans" });
    expect(made.status).toBe(200);
    expect(made.text).toMatch(/Refunded AED 100.00; credit note CN-\d{6} is issued/);
    expect(standin.refunds.at(-1)).toMatchObject({ payment_intent: payment.providerPayment, amount: 10_000 });
    expect((await payments.get(payment.id))?.status).toBe("partly-refunded");
    const notes = (await new InvoiceStore(database, agency).invoicesOf(id)).filter(
      (each) => each.kind === "credit-note",
    );
    expect(notes).toHaveLength(1);
    expect(made.text).toContain(`Credit note ${notes[0]?.number} (PDF)`);
  });

  it("turns the attacker away: no session, another site, repeated or huge fields, another case's payment or invoice", async () => {
    const id = await newCase();
    const other = await newCase("Someone Else");
    const { payment } = await paid(other);
    const invoice = await new InvoiceStore(database, agency).invoiceForPayment(String(payment.id));
    const stranger = new OfficeClient(server.origin, ownAddress());
    const noSession = await stranger.request(`/office/cases/${id}/payments`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: officeOrigin,
        "sec-fetch-site": "same-origin",
      },
      body: "csrf=x&label1=Fee&amount1=10",
    });
    expect(noSession.status).toBe(303);
    expect(noSession.location).toBe("/office/sign-in");
    expect((await stranger.get(`/office/cases/${other}/invoices/${invoice?.id}`)).location).toBe("/office/sign-in");
    const crossSite = await ask(id, { label1: "Fee", amount1: "10" }, staff.client).then(() =>
      staff.client.form(
        `/office/cases/${id}/payments`,
        { label1: "Fee", amount1: "10" },
        {
          origin: "https://evil.example",
          "sec-fetch-site": "cross-site",
        },
      ),
    );
    expect(crossSite.status).toBe(403);
    const repeated = await staff.client.request(`/office/cases/${id}/payments`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: officeOrigin,
        "sec-fetch-site": "same-origin",
      },
      body: `csrf=${staff.client.csrf}&label1=A&label1=B&amount1=10`,
    });
    expect(repeated.status).toBe(400);
    const huge = await staff.client.form(`/office/cases/${id}/payments`, { label1: "Fee", amount1: "9".repeat(500) });
    expect(huge.status).toBe(400);
    // Another case's payment and invoice, through this case's address: not found.
    expect((await staff.client.form(`/office/cases/${id}/payments/${payment.id}/cancel`, {})).status).toBe(404);
    expect(
      (await owner.client.form(`/office/cases/${id}/payments/${payment.id}/refund`, { amount: "1", reason: "x" }))
        .status,
    ).toBe(404);
    expect((await staff.client.get(`/office/cases/${id}/invoices/${invoice?.id}`)).status).toBe(404);
    expect((await staff.client.get(`/office/cases/${id}/invoices/99999999999`)).status).toBe(404);
  });
});
