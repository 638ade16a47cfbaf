/**
 * What follows a payment marked paid (issue 58; the pay plugin's `onPaid`, called by the one server whose UPDATE
 * marked it): its tax invoice (paymentRef: the payment's id, so the same payment asked twice gives the first
 * invoice back and never a second number), mailed to the traveller with the PDF attached when they gave an e-mail,
 * and an alert to the agency's phones ("Paid: <name>, AED …"). Invoices off (no TRN or address): no invoice, said in
 * the log; the office can issue it later from the case's page, once they are set.
 */
import type { FastifyBaseLogger } from "fastify";
import { CaseStore, type CaseRecord } from "../data/cases/store";
import type { Keyring } from "../data/cases/vault";
import type { Agency, InvoiceRecord } from "../data/invoices/store";
import { InvoiceStore, invoicesOffReason } from "../data/invoices/store";
import type { Database } from "../data/open";
import { formatAed } from "../data/payments/money";
import type { PaymentRecord } from "../data/payments/store";
import { queueAlert } from "../data/push";
import type { DatabaseResource } from "../data/resource";
import { invoicePdf } from "../invoices/pdf";
import type { MailMessage, OutgoingMail } from "../mailer";
import { escapeHtml, oneLine } from "../text";
import { firstName } from "./reply-texts";
import { travellerService } from "./cases";

/** A payment's reference on its invoice: the payment's id. */
export const paymentRef = (payment: Pick<PaymentRecord, "id">) => String(payment.id);

/** The invoice's file name, for the office's download, the traveller's and the mail. */
export const invoiceFileName = (invoice: Pick<InvoiceRecord, "number">) => `${invoice.number}.pdf`;

/**
 * Issues the payment's tax invoice, or gives back the one it has: `fresh` says whether this call issued it.
 * Throws InvoicesOffError without the TRN or address.
 */
export async function invoiceFor(
  database: Database,
  agency: Agency,
  payment: PaymentRecord,
  record: Pick<CaseRecord, "id" | "name">,
): Promise<{ invoice: InvoiceRecord; fresh: boolean }> {
  const store = new InvoiceStore(database, agency);
  const known = await store.invoiceForPayment(paymentRef(payment));
  if (known) return { invoice: known, fresh: false };
  const now = new Date();
  const invoice = await store.issueInvoice(
    {
      caseId: record.id,
      customerName: oneLine(record.name).slice(0, 120) || "Customer",
      lines: payment.lines,
      paymentRef: paymentRef(payment),
      ...(payment.paidAt ? { suppliedOn: dubaiDate(payment.paidAt) } : {}),
    },
    now,
  );
  // Another server's invoice for it, issued meanwhile, comes back with its own time.
  return { invoice, fresh: invoice.issuedAt === now.toISOString() };
}

const dubaiDate = (iso: string) =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone: "Asia/Dubai",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date(iso));

/** The traveller's mail with their invoice attached: plain words, the PDF, nothing from the link. */
export function invoiceMail(
  record: Pick<CaseRecord, "name" | "email" | "service">,
  invoice: InvoiceRecord,
  pdf: Buffer,
  agency: { name: string; from: string },
): MailMessage | null {
  const to = record.email?.trim() ?? "";
  if (!to.includes("@") || /[\r\n]/.test(to)) return null;
  const name = firstName(oneLine(record.name)) || "there";
  const service = oneLine(travellerService(record.service)) || "your service";
  const text = [
    `Hello ${name},`,
    "",
    `Thank you: we received your payment of ${formatAed(invoice.totals.totalFils)} for ${service}.`,
    `Your tax invoice ${invoice.number} is attached (a PDF).`,
    "",
    agency.name,
  ].join("\n");
  return {
    messageId: `<invoice-${invoice.number}@${agency.from.split("@")[1] ?? "karama.invalid"}>`,
    from: agency.from,
    to,
    subject: oneLine(`Your tax invoice ${invoice.number} - ${agency.name}`),
    text,
    html: text
      .split("\n\n")
      .map((part) => `<p>${escapeHtml(part).replace(/\n/g, "<br>")}</p>`)
      .join(""),
    attachments: [{ filename: invoiceFileName(invoice), content: pdf, contentType: "application/pdf" }],
  };
}

export interface PaidFollowUp {
  database: Pick<DatabaseResource, "connection">;
  keyring: Keyring;
  /** The agency as its invoices name it (AGENCY_NAME, AGENCY_ADDRESS, AGENCY_TRN). */
  agency: Agency;
  mail: OutgoingMail | null;
  log: FastifyBaseLogger;
  /** An alert was queued: this tells the push worker. */
  alertsQueued?: () => void;
}

/** The pay plugin's `onPaid`: the invoice (once), its mail, and the staff's alert. */
export function paidFollowUp(options: PaidFollowUp): (payment: PaymentRecord) => Promise<void> {
  return async (payment) => {
    const database = options.database.connection?.database;
    if (!database) throw new Error(`payment ${payment.publicId} was paid while the database was away`);
    const record = await new CaseStore(database, options.keyring).get(payment.caseId);
    if (!record) throw new Error(`payment ${payment.publicId}'s case ${payment.caseId} is gone`);
    const off = invoicesOffReason(options.agency);
    let issued: { invoice: InvoiceRecord; fresh: boolean } | null = null;
    if (off) {
      options.log.warn(`Payment ${payment.publicId} is paid, with no invoice: ${off}`);
    } else {
      issued = await invoiceFor(database, options.agency, payment, record);
    }
    // Called again for the same payment: its invoice back, nothing sent twice.
    if (issued && !issued.fresh) return;
    if (issued && options.mail) {
      const pdf = await invoicePdf(issued.invoice);
      const message = invoiceMail(record, issued.invoice, pdf, { name: options.agency.name, from: options.mail.from });
      if (message) {
        await options.mail.sender.send(message).catch((error: unknown) => {
          options.log.warn({ err: error, case: record.id }, `Invoice ${issued?.invoice.number} was not mailed`);
        });
      }
    }
    await queueAlert(database.db, {
      to: "everyone-on",
      title: oneLine(`Paid: ${oneLine(record.name).slice(0, 60)}, ${formatAed(payment.amountFils)}`),
      body: issued ? `Invoice ${issued.invoice.number} issued.` : "No invoice: invoices are off (see the case).",
      url: `/office/cases/${record.id}`,
    });
    options.alertsQueued?.();
  };
}
