// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CaseStore } from "../data/cases/store";
import { documentsKey, Keyring } from "../data/cases/vault";
import { InboxStore } from "../data/enquiries/store";
import { openDatabase, type Database } from "../data/open";
import { PaymentStore } from "../data/payments/store";
import { emptyDatabase, engines } from "../data/testing/engines";
import { submission } from "../testing/submission";
import { Work } from "./work";

/*
 * Issue 58: the owner's export gains, per enquiry, the amount paid on its cases, refunds subtracted. A payment asked
 * for and not paid, cancelled, or reported for another amount adds nothing; an enquiry nobody paid for has none.
 */

const keys = new Keyring([documentsKey(Buffer.alloc(32, 9))]);
const at = new Date("2026-11-10T08:00:00Z");

describe.each(engines)("the export's amounts on %s", (engine) => {
  let database: Database;
  let remove: () => Promise<void>;
  const ids: Record<"paid" | "refunded" | "none" | "unpaid", number> = { paid: 0, refunded: 0, none: 0, unpaid: 0 };

  beforeAll(async () => {
    const empty = await emptyDatabase(engine);
    remove = empty.remove;
    database = await openDatabase(empty.setting);
    const inbox = new InboxStore(database);
    const cases = new CaseStore(database, keys);
    const payments = new PaymentStore(database);
    const [paid, refunded, none, unpaid] = (await inbox.addMany(
      ["Paid Parveen", "Refunded Rafiq", "None Nadia", "Unpaid Umar"].map((name) => ({
        submission: submission({ name }),
        heldReason: null,
      })),
      at,
    )) as [number, number, number, number];
    Object.assign(ids, { paid, refunded, none, unpaid });
    const caseOf = (enquiryId: number, service: string) =>
      cases.start(
        { enquiryId, name: "Traveller", phone: null, email: null, service, kind: "visit-visa", travelDate: null },
        null,
        at,
      );
    let event = 0;
    const pay = async (caseId: number, fils: number) => {
      const payment = await payments.requestPayment(caseId, [{ label: "Fee", amountFils: fils }], null, at);
      event += 1;
      await payments.markPaid(payment.id, { session: `cs_${event}`, payment: null, event: `evt_${event}` }, at);
      return payment.id;
    };
    const refund = (paymentId: number, fils: number) =>
      payments.refund(paymentId, { amountFils: fils, providerRefund: null, by: null, reason: "" }, at);

    // Paid Parveen: AED 1,490 and AED 350.50 on one case, AED 200 on another; AED 490 refunded.
    const parveen = await caseOf(paid, "Dubai Tourist Visa");
    const first = await pay(parveen, 149_000);
    await pay(parveen, 35_050);
    await refund(first, 49_000);
    // A second case of the same enquiry (the first closed, a new visa).
    await database.db.updateTable("cases").set({ stage: "closed" }).where("id", "=", parveen).execute();
    await pay(await caseOf(paid, "Transit Visa"), 20_000);
    // Refunded Rafiq: paid and wholly refunded.
    await refund(await pay(await caseOf(refunded, "Transit Visa"), 30_000), 30_000);
    // Unpaid Umar: asked for and not paid, cancelled, and one for another amount.
    const umar = await caseOf(unpaid, "Golden Visa");
    await payments.requestPayment(umar, [{ label: "Fee", amountFils: 100_000 }], null, at);
    const cancelled = await payments.requestPayment(umar, [{ label: "Fee", amountFils: 100_000 }], null, at);
    await payments.cancel(cancelled.id, null, at);
    const mismatched = await payments.requestPayment(umar, [{ label: "Fee", amountFils: 100_000 }], null, at);
    await payments.mismatch(mismatched.id, "AED 1.00 reported", at);
  });

  afterAll(async () => {
    await database?.close();
    await remove?.();
  });

  it("gives each enquiry the amount paid on its cases, net of refunds; none when nothing was paid", async () => {
    const rows = await new Work(database).between("2026-11-01T00:00:00.000Z", "2026-12-01T00:00:00.000Z");
    const paidOf = new Map(rows.map((row) => [row.id, row.paidFils]));
    expect(paidOf.get(ids.paid)).toBe(149_000 + 35_050 + 20_000 - 49_000);
    expect(paidOf.get(ids.refunded)).toBe(0);
    expect(paidOf.get(ids.none)).toBeNull();
    expect(paidOf.get(ids.unpaid)).toBeNull();
  });
});
