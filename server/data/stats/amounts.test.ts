// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseOpeningHours } from "../../../app/lib/structured-data";
import { CaseStore } from "../cases/store";
import { documentsKey, Keyring } from "../cases/vault";
import { InboxStore } from "../enquiries/store";
import { openDatabase, type Database } from "../open";
import { PaymentStore } from "../payments/store";
import { emptyDatabase, engines } from "../testing/engines";
import { submission } from "../../testing/submission";
import { amountRowsShown, amountsFrom, amountsOf, otherService } from "./amounts";
import { otherSource } from "./bounds";
import { statsReport } from "./report";
import { jsonReport, textReport } from "../../../scripts/stats/print";

/*
 * Issue 58: the statistics gain amounts, paid per Dubai day, per service and per source of the enquiry, refunds
 * subtracted. A payment asked for and not paid, cancelled, or flagged for another amount never counts.
 */

const keys = new Keyring([documentsKey(Buffer.alloc(32, 7))]);
/** A moment given as the clock in Dubai shows it. */
const dubai = (clock: string) => new Date(`${clock}:00+04:00`);

describe.each(engines)("the amounts paid on %s", (engine) => {
  let database: Database;
  let remove: () => Promise<void>;

  beforeAll(async () => {
    const empty = await emptyDatabase(engine);
    remove = empty.remove;
    database = await openDatabase(empty.setting);
    const inbox = new InboxStore(database);
    const cases = new CaseStore(database, keys);
    const payments = new PaymentStore(database);
    const caseFor = async (service: string, source: string | null | "no enquiry") => {
      let enquiryId: number | null = null;
      if (source !== "no enquiry") {
        enquiryId = await inbox.add(submission({}), dubai("2026-11-01T10:00"));
        await database.db.updateTable("enquiries").set({ source }).where("id", "=", enquiryId).execute();
      }
      return cases.start(
        { enquiryId, name: "Traveller", phone: null, email: null, service, kind: "visit-visa", travelDate: null },
        null,
        dubai("2026-11-01T11:00"),
      );
    };
    /** A payment of `dirhams`, paid at `paidAt` (Dubai clock) unless null. */
    const pay = async (caseId: number, dirhams: number, paidAt: string | null) => {
      const payment = await payments.requestPayment(
        caseId,
        [{ label: "Fee", amountFils: dirhams * 100 }],
        null,
        dubai("2026-11-01T12:00"),
      );
      if (paidAt !== null) {
        await payments.markPaid(
          payment.id,
          { session: `cs_${payment.id}`, payment: `pi_${payment.id}`, event: `evt_${payment.id}` },
          dubai(paidAt),
        );
      }
      return payment.id;
    };
    const refund = (paymentId: number, dirhams: number, at: string) =>
      payments.refund(paymentId, { amountFils: dirhams * 100, providerRefund: null, by: null, reason: "" }, dubai(at));

    const tourist = await caseFor("Dubai Tourist Visa", "whatsapp");
    const transit = await caseFor("Transit Visa", "google");
    const flyer = await caseFor("Dubai Tourist Visa", "eid-flyer / eid");
    const walkIn = await caseFor("Golden Visa", "no enquiry");

    // 10 November: AED 1,490 paid from WhatsApp, then AED 490 of it refunded on 12 November.
    const first = await pay(tourist, 1490, "2026-11-10T09:00");
    await refund(first, 490, "2026-11-12T10:00");
    // Paid a minute after midnight in Dubai (still the 10th by UTC): the 11th.
    await pay(transit, 300, "2026-11-11T00:01");
    // A campaign's enquiry, paid and wholly refunded the same day.
    const whole = await pay(flyer, 200, "2026-11-12T15:00");
    await refund(whole, 200, "2026-11-12T16:00");
    // No enquiry behind the case.
    await pay(walkIn, 5000, "2026-11-12T18:00");
    // Never counted: asked for and not paid, cancelled, another amount reported.
    await pay(tourist, 111, null);
    const cancelled = await pay(tourist, 222, null);
    await payments.cancel(cancelled, null, dubai("2026-11-12T10:00"));
    const mismatched = await pay(transit, 333, null);
    await payments.mismatch(mismatched, "AED 3.00 reported", dubai("2026-11-12T10:00"));
    // Paid before the period, refunded in it: the refund counts, on its own day.
    const before = await pay(transit, 700, "2026-11-01T13:00");
    await refund(before, 100, "2026-11-10T20:00");
  });

  afterAll(async () => {
    await database?.close();
    await remove?.();
  });

  it("adds up each Dubai day: paid, refunded, net; a refund on the day it was made", async () => {
    const amounts = await amountsOf(database, "2026-11-09", "2026-11-13");
    expect(amounts.days).toEqual([
      { day: "2026-11-09", paidFils: 0, refundedFils: 0, netFils: 0 },
      { day: "2026-11-10", paidFils: 149_000, refundedFils: 10_000, netFils: 139_000 },
      { day: "2026-11-11", paidFils: 30_000, refundedFils: 0, netFils: 30_000 },
      { day: "2026-11-12", paidFils: 520_000, refundedFils: 69_000, netFils: 451_000 },
      { day: "2026-11-13", paidFils: 0, refundedFils: 0, netFils: 0 },
    ]);
    expect(amounts.totals).toEqual({
      paidFils: 699_000,
      refundedFils: 79_000,
      netFils: 620_000,
      payments: 4,
      refunds: 3,
    });
  });

  it("adds up each service and each source of the enquiry, refunds subtracted, unpaid, cancelled and mismatched left out", async () => {
    const amounts = await amountsOf(database, "2026-11-09", "2026-11-13");
    expect(amounts.services).toEqual([
      { service: "Golden Visa", payments: 1, paidFils: 500_000, refundedFils: 0, netFils: 500_000 },
      { service: "Dubai Tourist Visa", payments: 2, paidFils: 169_000, refundedFils: 69_000, netFils: 100_000 },
      { service: "Transit Visa", payments: 1, paidFils: 30_000, refundedFils: 10_000, netFils: 20_000 },
    ]);
    expect(amounts.sources).toEqual([
      { source: "", payments: 1, paidFils: 500_000, refundedFils: 0, netFils: 500_000 },
      { source: "whatsapp", payments: 1, paidFils: 149_000, refundedFils: 49_000, netFils: 100_000 },
      { source: "google", payments: 1, paidFils: 30_000, refundedFils: 10_000, netFils: 20_000 },
      { source: "eid-flyer / eid", payments: 1, paidFils: 20_000, refundedFils: 20_000, netFils: 0 },
    ]);
  });

  it("keeps to the period: a day outside it counts nothing", async () => {
    const amounts = await amountsOf(database, "2026-11-11", "2026-11-11");
    expect(amounts.totals).toEqual({ paidFils: 30_000, refundedFils: 0, netFils: 30_000, payments: 1, refunds: 0 });
    expect(amounts.sources.map((row) => row.source)).toEqual(["google"]);
  });

  it("is in the statistics' report, over its period", async () => {
    const report = await statsReport(
      database,
      5,
      parseOpeningHours("Mon - Sat, 10.00 am to 10.00 pm"),
      dubai("2026-11-13T12:00").getTime(),
    );
    expect(report.amounts.totals.netFils).toBe(620_000);
    expect(report.amounts.days).toHaveLength(5);
    // npm run stats: the same, as tables (days with money only) and as JSON (in fils).
    const text = textReport(report);
    expect(text).toContain(
      "Payments: AED 6,990.00 paid (4 payments), AED 790.00 refunded (3 refunds), AED 6,200.00 net.",
    );
    expect(text).toMatch(/2026-11-12 +AED 5,200\.00 +AED 690\.00 +AED 4,510\.00/);
    expect(text).not.toMatch(/2026-11-13 +AED/);
    expect(text).toMatch(/Golden Visa +1 +AED 5,000\.00 +AED 0\.00 +AED 5,000\.00/);
    expect(text).toMatch(/WhatsApp +1 +AED 1,490\.00 +AED 490\.00 +AED 1,000\.00/);
    expect(jsonReport(report).amounts).toEqual(report.amounts);
  });
});

describe("the rows of services and sources", () => {
  it("name the highest net amounts and add up the rest in one row", () => {
    const paid = Array.from({ length: amountRowsShown + 5 }, (_, n) => ({
      at: "2026-11-10T08:00:00.000Z",
      fils: (n + 1) * 100,
      service: `Service ${n}`,
      source: `tag-${n}`,
    }));
    const amounts = amountsFrom("2026-11-10", "2026-11-10", paid, []);
    expect(amounts.services).toHaveLength(amountRowsShown);
    expect(amounts.sources).toHaveLength(amountRowsShown);
    expect(amounts.services[0]?.service).toBe(`Service ${amountRowsShown + 4}`);
    const other = amounts.services.at(-1);
    expect(other?.service).toBe(otherService);
    // The six smallest: 1 to 6 dirhams.
    expect(other).toMatchObject({ payments: 6, netFils: 2_100 });
    expect(amounts.sources.at(-1)).toMatchObject({ source: otherSource, payments: 6, netFils: 2_100 });
    expect(amounts.totals.netFils).toBe(paid.reduce((sum, row) => sum + row.fils, 0));
  });
});
