/** @jsxImportSource preact */
/**
 * A case's payments in the office (issue 58): each payment asked for, its lines, total and state, its invoice and
 * credit notes to download, Cancel while it waits, "Record a refund" once paid (owners); and "Ask for a payment",
 * its lines started from the service's charges and changed at will, then the ready text that sends it.
 */
import type { InvoiceRecord } from "../../data/invoices/store";
import { formatAed } from "../../data/payments/money";
import type { PaymentRecord, RefundRecord } from "../../data/payments/store";
import { oneLine } from "../../text";
import type { DraftLine, ServiceCharge } from "../payments";
import { formLines, longestLabel, longestReason } from "../payments";
import type { ReadyReply } from "../replies";
import { dubaiDateTime } from "../time";
import { PostForm } from "./post-form";
import { ReadyTextList } from "./ready-texts";

export interface PaymentRow {
  payment: PaymentRecord;
  refunds: RefundRecord[];
  invoice: InvoiceRecord | null;
  creditNotes: InvoiceRecord[];
  /** What the provider reported, for a payment flagged. */
  mismatch: string | null;
}

export type PaymentProblem =
  | { form: "payment"; message: string; draft: DraftLine[] }
  | { form: "refund"; payment: number; message: string; amount: string; reason: string };

export interface PaymentsView {
  caseId: number;
  /** Why payments are off; null while on. */
  offReason: string | null;
  /** Why invoices cannot be issued; null when they can. */
  invoicesOff: string | null;
  owner: boolean;
  rows: PaymentRow[];
  /** The lines the form shows: the service's charges, or what was typed. */
  draft: DraftLine[];
  /** The service's prices, when it has several: the form may start from another. */
  charges: ServiceCharge[];
  chargesPicked: string | null;
  /** A payment just asked for, with the ready texts that send it (and a new link). */
  asked?: { amount: string; link: string | null; texts: readonly ReadyReply[] };
  /** What was just done (a refund recorded, a credit note issued…). */
  notice?: string;
  problem?: PaymentProblem;
}

const statusWords: Record<PaymentRecord["status"], string> = {
  requested: "Asked, not paid yet",
  paid: "Paid",
  mismatch: "Not marked paid: the amount differs",
  "partly-refunded": "Paid, partly refunded",
  refunded: "Refunded",
  cancelled: "Cancelled",
};

export const invoiceHref = (caseId: number, invoice: Pick<InvoiceRecord, "id">) =>
  `/office/cases/${caseId}/invoices/${invoice.id}`;

function Payment({ view, row }: { view: PaymentsView; row: PaymentRow }) {
  const { payment, invoice, creditNotes, refunds } = row;
  const paid = payment.status === "paid" || payment.status === "partly-refunded";
  const left = payment.amountFils - payment.refundedFils;
  const mine = view.problem?.form === "refund" && view.problem.payment === payment.id ? view.problem : null;
  return (
    <li class={`payment payment-${payment.status}`} data-payment={payment.id}>
      <table class="pay-lines">
        <tbody>
          {payment.lines.map((line, index) => (
            <tr key={index}>
              <th scope="row">
                {oneLine(line.label)}{" "}
                <span class="quiet">{line.vat ? "(agency fee, VAT)" : "(government fee, no VAT)"}</span>
              </th>
              <td>{formatAed(line.amountFils)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td>{formatAed(payment.amountFils)}</td>
          </tr>
        </tfoot>
      </table>
      <p class={`pay-status pay-status-${payment.status}`} data-pay-status={payment.status}>
        <strong>{statusWords[payment.status]}</strong>
        {payment.paidAt ? ` · paid ${dubaiDateTime(payment.paidAt)}` : ` · asked ${dubaiDateTime(payment.requestedAt)}`}
        {payment.refundedFils > 0 ? ` · ${formatAed(payment.refundedFils)} refunded` : null}
      </p>
      {payment.status === "mismatch" ? (
        <p class="error" role="alert">
          {row.mismatch ? oneLine(row.mismatch) : "The provider reported another amount."} Check it in the provider's
          dashboard before doing anything else.
        </p>
      ) : null}
      {refunds.length > 0 ? (
        <ul class="pay-refunds">
          {refunds.map((refund) => (
            <li key={refund.id}>
              Refunded {formatAed(refund.amountFils)} {dubaiDateTime(refund.at)}: {oneLine(refund.reason)}
            </li>
          ))}
        </ul>
      ) : null}
      {invoice || creditNotes.length > 0 ? (
        <p class="pay-documents">
          {invoice ? (
            <a href={invoiceHref(view.caseId, invoice)} download>
              Invoice {invoice.number} (PDF)
            </a>
          ) : null}
          {creditNotes.map((note) => (
            <a key={note.id} href={invoiceHref(view.caseId, note)} download>
              Credit note {note.number} (PDF)
            </a>
          ))}
        </p>
      ) : paid || payment.status === "refunded" ? (
        view.invoicesOff ? (
          <p class="quiet">No invoice: {view.invoicesOff}</p>
        ) : (
          <PostForm action={`/office/cases/${view.caseId}/payments/${payment.id}/invoice`}>
            <button type="submit">Issue the invoice</button>
          </PostForm>
        )
      ) : null}
      {payment.status === "requested" ? (
        <PostForm action={`/office/cases/${view.caseId}/payments/${payment.id}/cancel`}>
          <button type="submit" class="danger">
            Cancel this payment
          </button>
        </PostForm>
      ) : null}
      {paid && view.owner ? (
        <details class="pay-refund" open={mine !== null}>
          <summary>Record a refund</summary>
          <PostForm action={`/office/cases/${view.caseId}/payments/${payment.id}/refund`}>
            <label htmlFor={`refund-amount-${payment.id}`}>Amount (at most {formatAed(left)})</label>
            <input
              id={`refund-amount-${payment.id}`}
              name="amount"
              inputMode="decimal"
              value={mine?.amount ?? ""}
              aria-invalid={mine ? "true" : undefined}
            />
            <label htmlFor={`refund-reason-${payment.id}`}>Why (the credit note prints it)</label>
            <input
              id={`refund-reason-${payment.id}`}
              name="reason"
              maxLength={longestReason}
              value={mine?.reason ?? ""}
            />
            {mine ? (
              <p class="error" role="alert">
                {mine.message}
              </p>
            ) : null}
            <button type="submit">Refund</button>
            <p class="quiet">
              {payment.provider
                ? "The money goes back to the card through the payment provider; a credit note is issued."
                : "Recorded only: give the money back yourself. A credit note is issued."}
            </p>
          </PostForm>
        </details>
      ) : paid ? (
        <p class="quiet">An owner can record a refund.</p>
      ) : null}
    </li>
  );
}

/** The payments section of a case's page. */
export function CasePaymentsSection({ view }: { view: PaymentsView }) {
  const shown = view.rows.filter((row) => row.payment.status !== "cancelled");
  const problem = view.problem?.form === "payment" ? view.problem : null;
  const draft = view.draft.length > 0 ? view.draft : [{ label: "", amount: "", vat: true }];
  return (
    <section aria-labelledby="payments-heading" class="card case-payments" id="payments">
      <h2 id="payments-heading">Payments</h2>
      {view.notice ? (
        <p class="notice" role="status">
          {view.notice}
        </p>
      ) : null}
      {view.asked ? (
        <div class="pay-asked" data-pay-asked>
          <p>
            <strong>Asked for {view.asked.amount}.</strong> The traveller sees it on their page, with a Pay now button.
          </p>
          {view.asked.link ? (
            <>
              <p class="quiet">Send it now: the link in it is shown only this once, and any link sent before stops.</p>
              <ReadyTextList texts={view.asked.texts} copy="text" />
            </>
          ) : null}
        </div>
      ) : null}
      {shown.length > 0 ? (
        <ol class="payments">
          {shown.map((row) => (
            <Payment key={row.payment.id} view={view} row={row} />
          ))}
        </ol>
      ) : (
        <p class="quiet">No payment asked for yet.</p>
      )}
      {view.invoicesOff ? <p class="quiet pay-invoices-off">{view.invoicesOff} Payments may still be asked.</p> : null}
      {view.offReason ? (
        <p class="pay-off" data-payments-off>
          <strong>Online payments are off.</strong> {view.offReason}
        </p>
      ) : (
        <details class="pay-ask" open={problem !== null || draft.some((line) => line.label !== "")}>
          <summary>Ask for a payment</summary>
          {view.charges.length > 1 ? (
            <form method="get" action={`/office/cases/${view.caseId}`} class="inline pay-charges">
              <label htmlFor="pay-charges">Start from</label>
              <select id="pay-charges" name="charges">
                {view.charges.map((charge) => (
                  <option key={charge.service} value={charge.service} selected={charge.service === view.chargesPicked}>
                    {charge.service.replace(/^\/[^,]*, /, "")} (
                    {formatAed(charge.lines.reduce((sum, line) => sum + line.amountFils, 0))})
                  </option>
                ))}
              </select>
              <button type="submit">Use</button>
            </form>
          ) : null}
          <PostForm action={`/office/cases/${view.caseId}/payments`} class="pay-form">
            {/* Enter in a field sends the request, as the first button of the form. */}
            <button type="submit" name="do" value="send" class="visually-hidden" tabIndex={-1} aria-hidden="true">
              Ask
            </button>
            <ol class="pay-draft">
              {draft.map((line, index) => (
                <li key={index} class="pay-draft-line">
                  <label htmlFor={`label${index + 1}`}>What for</label>
                  <input
                    id={`label${index + 1}`}
                    name={`label${index + 1}`}
                    value={line.label}
                    maxLength={longestLabel * 4}
                  />
                  <label htmlFor={`amount${index + 1}`}>Amount</label>
                  <input
                    id={`amount${index + 1}`}
                    name={`amount${index + 1}`}
                    value={line.amount}
                    inputMode="decimal"
                    placeholder="AED 190.00"
                  />
                  <label htmlFor={`vat${index + 1}`}>VAT</label>
                  <select id={`vat${index + 1}`} name={`vat${index + 1}`}>
                    <option value="yes" selected={line.vat}>
                      Agency fee, with VAT
                    </option>
                    <option value="no" selected={!line.vat}>
                      Government fee, outside VAT
                    </option>
                  </select>
                  {draft.length > 1 ? (
                    <button type="submit" name="do" value={`remove-${index + 1}`} class="link-button">
                      Remove line {index + 1}
                    </button>
                  ) : null}
                </li>
              ))}
            </ol>
            {problem?.message ? (
              <p class="error" role="alert" id="pay-problem">
                {problem.message}
              </p>
            ) : null}
            {draft.length < formLines ? (
              <button type="submit" name="do" value="add" class="link-button">
                Add a line
              </button>
            ) : null}
            <label class="check">
              <input type="checkbox" name="link" value="yes" checked /> Make the message to send, with a new link (the
              link sent before stops working)
            </label>
            <button type="submit" name="do" value="send">
              Ask for the payment
            </button>
          </PostForm>
        </details>
      )}
    </section>
  );
}
