/** @jsxImportSource preact */
/**
 * The payments on the traveller's page (issue 58): each payment the office asked for, its lines and total, and a
 * "Pay now" button (a form posted to this server, which sends the traveller on to the provider's own page: no card
 * number ever reaches this server or this page). Back from the provider's page, the payment says "Paid" as soon as
 * the provider's notification is in, and "We are checking your payment" until then (the page reloads itself every
 * few seconds, without a script); back from a cancelled payment, that nothing was taken.
 */
import type { VNode } from "preact";
import type { CaseRecord } from "../data/cases/store";
import { type PaymentRecord, PaymentStore } from "../data/payments/store";
import type { DatabaseResource } from "../data/resource";
import { type Agency, type CaseAssets, Shell } from "../case/pages";
import { formatAed } from "../data/payments/money";
import { InvoiceStore } from "../data/invoices/store";

/** How often the page looks again while a payment is being checked. */
export const checkEverySeconds = 4;

const dateFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Asia/Dubai",
});

export interface Returned {
  /** The payment the traveller came back for (?payment=<public id>). */
  payment?: string;
  /** Came back from the provider's page without paying (?back=cancelled). */
  back?: "cancelled";
}

export interface CasePaymentsProps {
  payments: PaymentRecord[];
  token: string;
  returned: Returned;
  /** Whether payments are on (PAYMENTS_PROVIDER): off, no button, the traveller pays at the office. */
  on: boolean;
  /** The payments (public ids) with a tax invoice to download. */
  invoiced?: ReadonlySet<string>;
}

/** A paid payment's tax invoice, for the traveller (issue 58). */
export const invoicePath = (token: string, publicId: string) => `/case/${token}/payments/${publicId}/invoice`;

/** The address the "Pay now" form posts to. */
export const payPath = (token: string, publicId: string) => `/case/${token}/payments/${publicId}/pay`;

function PaymentState({
  payment,
  token,
  returned,
  on,
  invoiced,
}: { payment: PaymentRecord } & Omit<CasePaymentsProps, "payments">) {
  const back = returned.payment === payment.publicId ? returned : {};
  if (payment.status === "paid" || payment.status === "partly-refunded" || payment.status === "refunded") {
    const refunded =
      payment.status === "refunded"
        ? "Refunded"
        : payment.status === "partly-refunded"
          ? `${formatAed(payment.refundedFils)} refunded`
          : null;
    return (
      <div class="pay-state paid" role="status">
        <span class="badge ok">Paid</span>
        <span class="muted">
          {payment.paidAt ? `on ${dateFormat.format(new Date(payment.paidAt))}` : null}
          {refunded ? ` · ${refunded}` : null}
        </span>
        {invoiced?.has(payment.publicId) ? (
          <a class="pay-invoice" href={invoicePath(token, payment.publicId)} download>
            Your tax invoice (PDF)
          </a>
        ) : null}
      </div>
    );
  }
  if (payment.status === "mismatch") {
    return (
      <div class="pay-state checking" role="status">
        <strong>We are checking your payment</strong>
        <p class="muted">We will contact you about it. You do not need to pay again.</p>
      </div>
    );
  }
  if (payment.status !== "requested") return null;
  if (back.payment && back.back !== "cancelled") {
    return (
      <div class="pay-state checking" role="status">
        <meta http-equiv="refresh" content={String(checkEverySeconds)} />
        <strong>We are checking your payment</strong>
        <p class="muted">This takes a few seconds, and this page updates by itself. You do not need to pay again.</p>
      </div>
    );
  }
  return (
    <>
      {back.back === "cancelled" ? (
        <p class="pay-state cancelled" role="status">
          <strong>Payment cancelled: nothing was taken.</strong> You can pay when you are ready.
        </p>
      ) : null}
      {on ? (
        <form method="post" action={payPath(token, payment.publicId)} class="pay-form">
          <button type="submit" class="pay-button">
            Pay now {formatAed(payment.amountFils)}
          </button>
          <p class="muted">You pay by card on our payment provider's secure page; your card number never reaches us.</p>
        </form>
      ) : (
        <p class="muted">To pay, call or WhatsApp us, or pay at our office.</p>
      )}
    </>
  );
}

/** The payments of the case, each in its card; nothing when the office asked for none. */
export function CasePayments({ payments, token, returned, on, invoiced }: CasePaymentsProps) {
  const shown = payments.filter((payment) => payment.status !== "cancelled");
  if (shown.length === 0) return null;
  return (
    <>
      {shown.map((payment) => (
        <section class="case-card payment" aria-labelledby={`pay-${payment.publicId}`} data-payment={payment.publicId}>
          <h2 id={`pay-${payment.publicId}`}>
            {payment.status === "requested" || payment.status === "mismatch" ? "Your payment" : "Payment"}
          </h2>
          <table class="pay-lines">
            <tbody>
              {payment.lines.map((line) => (
                <tr>
                  <th scope="row">{line.label}</th>
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
          <PaymentState payment={payment} token={token} returned={returned} on={on} invoiced={invoiced} />
        </section>
      ))}
    </>
  );
}

/** What a "Pay now" that cannot go on says (payments off, the provider unreachable), with the way back. */
export function PayMessagePage({
  agency,
  assets,
  title,
  message,
  back,
}: {
  agency: Agency;
  assets: CaseAssets | null;
  title: string;
  message: string;
  back: string;
}) {
  return (
    <Shell title={title} agency={agency} assets={assets}>
      <h1>{title}</h1>
      <p>{message}</p>
      <p>
        <a href={back}>Back to your page</a>
      </p>
    </Shell>
  );
}

/**
 * Back from the provider's page in a browser that holds no link to the case (another phone, a cookie gone): the
 * payment's state alone, by its random id, and the way back to the case through the link we sent.
 */
export function ReturnedPage({
  agency,
  assets,
  payment,
  cancelled,
}: {
  agency: Agency;
  assets: CaseAssets | null;
  payment: PaymentRecord;
  cancelled: boolean;
}) {
  const paid = payment.status === "paid" || payment.status === "partly-refunded" || payment.status === "refunded";
  const title = paid
    ? "Paid"
    : cancelled && payment.status === "requested"
      ? "Payment cancelled: nothing was taken"
      : "We are checking your payment";
  return (
    <Shell title={title} agency={agency} assets={assets}>
      {!paid && !cancelled ? <meta http-equiv="refresh" content={String(checkEverySeconds)} /> : null}
      <h1>{title}</h1>
      <p>
        {paid
          ? `Thank you: ${formatAed(payment.amountFils)} paid.`
          : cancelled
            ? "You can pay when you are ready."
            : "This takes a few seconds, and this page updates by itself. You do not need to pay again."}
      </p>
      <p>Open your page with the link we sent you to see where your visa stands{paid ? " and your invoice" : ""}.</p>
    </Shell>
  );
}

/** The case page's payments part (server/case/plugin.tsx `payments`): the case's payments, read at each view. */
export function paymentsOnCasePage(database: Pick<DatabaseResource, "connection">, on: boolean) {
  return async (record: CaseRecord, token: string, returned: Returned): Promise<VNode | null> => {
    const db = database.connection?.database;
    if (!db) return null;
    const payments = await new PaymentStore(db).paymentsOf(record.id);
    if (payments.length === 0) return null;
    const invoices = await new InvoiceStore(db, { name: "", address: "", trn: "" }).invoicesOf(record.id);
    const refs = new Set(invoices.filter((each) => each.kind === "invoice").map((each) => each.paymentRef));
    const invoiced = new Set(payments.filter((each) => refs.has(String(each.id))).map((each) => each.publicId));
    return <CasePayments payments={payments} token={token} returned={returned} on={on} invoiced={invoiced} />;
  };
}
