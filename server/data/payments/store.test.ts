import { afterEach, describe, expect, it } from "vitest";
import { whenFree } from "../../busy";
import { CaseStore, type NewCase } from "../cases/store";
import { documentsKey, Keyring } from "../cases/vault";
import { openDatabase, type Database } from "../open";
import { emptyDatabase, engines } from "../testing/engines";
import { PaymentStore, PaymentError } from "./store";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const keys = new Keyring([documentsKey(Buffer.alloc(32, 3))]);
const now = new Date("2026-11-01T08:00:00Z");
const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

const maria: NewCase = {
  enquiryId: null,
  name: "Maria Santos",
  phone: "+971 50 123 4567",
  email: "maria@example.com",
  service: "Dubai Tourist Visa",
  kind: "visit-visa",
  travelDate: "2026-12-20",
};

const lines = [
  { label: "Service fee", amountFils: 15_000 },
  { label: "Government fees", amountFils: 35_050 },
];

async function open(engine: (typeof engines)[number]) {
  const { setting, remove } = await emptyDatabase(engine);
  cleanups.push(remove);
  const database = await openDatabase(setting);
  cleanups.push(() => database.close());
  const person = await database.db
    .insertInto("people")
    .values({ name: "Aisha", role: "staff", handle: "aisha", created_at: now.toISOString(), revoked_at: null })
    .returning("id")
    .executeTakeFirstOrThrow();
  const caseId = await new CaseStore(database, keys).start(maria, person.id, now);
  return { database, setting, store: new PaymentStore(database), caseId, by: person.id };
}

async function events(database: Database, caseId: number) {
  const rows = await database.db.selectFrom("case_events").select("kind").where("case_id", "=", caseId).execute();
  return rows.map((row) => row.kind);
}

describe.each(engines)("payments, on %s", (engine) => {
  it("keeps each line's VAT flag (the agency's fee, or a government fee outside VAT); a line without one has VAT", async () => {
    const { database, store, caseId, by } = await open(engine);
    const asked = [
      { label: "Agency service fee", amountFils: 19_000, vat: true },
      { label: "Government visa fee", amountFils: 35_000, vat: false },
      { label: "Courier", amountFils: 1_000 },
    ];
    const payment = await store.requestPayment(caseId, asked, by, now);
    const expected = [asked[0], asked[1], { ...asked[2], vat: true }];
    expect(payment.lines).toEqual(expected);
    expect((await store.get(payment.id))?.lines).toEqual(expected);
    // A row kept before the flag (issue 58's first payments): its lines read as carrying VAT.
    await database.db
      .updateTable("payments")
      .set({ lines: JSON.stringify([{ label: "Old fee", amountFils: 500 }]) })
      .where("id", "=", payment.id)
      .execute();
    expect((await store.get(payment.id))?.lines).toEqual([{ label: "Old fee", amountFils: 500, vat: true }]);
  });

  it("asks for a payment: its lines, their sum in fils, a random public id; on the case's timeline", async () => {
    const { database, store, caseId, by } = await open(engine);
    const payment = await store.requestPayment(caseId, lines, by, now);
    expect(payment).toMatchObject({
      caseId,
      lines,
      amountFils: 50_050,
      currency: "aed",
      status: "requested",
      providerSession: null,
      requestedAt: now.toISOString(),
      paidAt: null,
    });
    expect(payment.publicId).toMatch(/^[0-9a-f]{32}$/);
    expect(await store.byPublicId(payment.publicId)).toEqual(payment);
    expect(await store.byPublicId("0".repeat(32))).toBeUndefined();
    expect(await store.paymentsOf(caseId)).toEqual([payment]);
    expect(await events(database, caseId)).toContain("payment-requested");
  });

  it("refuses lines that make no payment: none, a zero or a fraction of a fil, a blank label, another case", async () => {
    const { store, caseId, by } = await open(engine);
    await expect(store.requestPayment(caseId, [], by, now)).rejects.toThrow(PaymentError);
    await expect(store.requestPayment(caseId, [{ label: "Fee", amountFils: 0 }], by, now)).rejects.toThrow(
      PaymentError,
    );
    await expect(store.requestPayment(caseId, [{ label: "Fee", amountFils: 10.5 }], by, now)).rejects.toThrow(
      PaymentError,
    );
    await expect(store.requestPayment(caseId, [{ label: " ", amountFils: 100 }], by, now)).rejects.toThrow(
      PaymentError,
    );
    await expect(store.requestPayment(caseId + 99, lines, by, now)).rejects.toThrow(PaymentError);
    expect(await store.paymentsOf(caseId)).toEqual([]);
  });

  it("marks paid once: a second markPaid is told no and changes nothing", async () => {
    const { database, store, caseId, by } = await open(engine);
    const payment = await store.requestPayment(caseId, lines, by, now);
    expect(await store.attachSession(payment.id, "stripe", "cs_test_1")).toBe(true);
    expect(await store.markPaid(payment.id, { session: "cs_test_1", payment: "pi_1", event: "evt_1" }, later(1))).toBe(
      true,
    );
    expect(await store.markPaid(payment.id, { session: "cs_test_1", payment: "pi_1", event: "evt_2" }, later(2))).toBe(
      false,
    );
    expect(await store.byPublicId(payment.publicId)).toMatchObject({
      status: "paid",
      provider: "stripe",
      providerSession: "cs_test_1",
      providerPayment: "pi_1",
      paidAt: later(1).toISOString(),
      paidEvent: "evt_1",
    });
    // A paid payment takes no new session.
    expect(await store.attachSession(payment.id, "stripe", "cs_test_2")).toBe(false);
    expect((await events(database, caseId)).filter((kind) => kind === "payment-paid")).toHaveLength(1);
  });

  it("two servers marking the same payment at once: marked once, and only one of them is told it marked it", async () => {
    const { setting, store, caseId, by } = await open(engine);
    const payment = await store.requestPayment(caseId, lines, by, now);
    // As the servers open it: SQLite's lock is waited for on timers (server/busy.ts), never inside SQLite.
    const servers = await Promise.all([0, 1].map(() => openDatabase(setting, { migrate: false, waitMs: 0 })));
    for (const server of servers) cleanups.push(() => server.close());
    const results = await Promise.all(
      servers.map((server, n) =>
        whenFree(
          () =>
            new PaymentStore(server).markPaid(
              payment.id,
              { session: "cs_x", payment: "pi_x", event: `evt_${n}` },
              later(n),
            ),
          5_000,
        ),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await store.byPublicId(payment.publicId))?.status).toBe("paid");
  });

  it("records each provider event once: the same event id again is false", async () => {
    const { store, caseId, by } = await open(engine);
    const payment = await store.requestPayment(caseId, lines, by, now);
    const event = { provider: "stripe", eventId: "evt_1", type: "checkout.session.completed", paymentId: payment.id };
    expect(await store.seenEvent("evt_1")).toBe(false);
    expect(await store.recordEvent({ ...event, outcome: "paid" }, now)).toBe(true);
    expect(await store.recordEvent({ ...event, outcome: "paid" }, later(1))).toBe(false);
    expect(await store.seenEvent("evt_1")).toBe(true);
  });

  it("a mismatch is never paid, and the owner's audit log and the case's timeline say so", async () => {
    const { database, store, caseId, by } = await open(engine);
    const payment = await store.requestPayment(caseId, lines, by, now);
    expect(await store.mismatch(payment.id, "the provider reports AED 1.00, not AED 500.50", later(1))).toBe(true);
    expect(await store.markPaid(payment.id, { session: "cs", payment: "pi", event: "evt" }, later(2))).toBe(false);
    expect((await store.byPublicId(payment.publicId))?.status).toBe("mismatch");
    const audit = await database.db.selectFrom("audit_log").select(["action", "detail"]).execute();
    expect(audit).toEqual([
      { action: "payment-mismatch", detail: expect.stringContaining("AED 1.00, not AED 500.50") as string },
    ]);
    expect(await events(database, caseId)).toContain("payment-mismatch");
  });

  it("refunds a paid payment in parts, never more than was paid", async () => {
    const { store, caseId, by } = await open(engine);
    const payment = await store.requestPayment(caseId, lines, by, now);
    await expect(
      store.refund(payment.id, { amountFils: 100, providerRefund: null, by, reason: "" }, now),
    ).rejects.toThrow(PaymentError);
    await store.markPaid(payment.id, { session: "cs", payment: "pi", event: "evt" }, now);
    const part = await store.refund(payment.id, { amountFils: 15_000, providerRefund: "re_1", by, reason: "fee" }, now);
    expect(part).toMatchObject({ status: "partly-refunded", refundedFils: 15_000 });
    await expect(
      store.refund(payment.id, { amountFils: 35_051, providerRefund: null, by, reason: "" }, now),
    ).rejects.toThrow(PaymentError);
    const whole = await store.refund(payment.id, { amountFils: 35_050, providerRefund: "re_2", by, reason: "" }, now);
    expect(whole).toMatchObject({ status: "refunded", refundedFils: 50_050 });
    expect(await store.refundsOf(payment.id)).toMatchObject([
      { amountFils: 15_000, providerRefund: "re_1", reason: "fee" },
      { amountFils: 35_050, providerRefund: "re_2" },
    ]);
  });

  it("a new checkout session replaces an expired one while the payment waits; expiring another changes nothing", async () => {
    const { store, caseId, by } = await open(engine);
    const payment = await store.requestPayment(caseId, lines, by, now);
    await store.attachSession(payment.id, "stripe", "cs_1");
    expect(await store.forgetSession(payment.id, "cs_other")).toBe(false);
    expect(await store.forgetSession(payment.id, "cs_1")).toBe(true);
    expect((await store.byPublicId(payment.publicId))?.providerSession).toBeNull();
    expect(await store.attachSession(payment.id, "stripe", "cs_2")).toBe(true);
    expect((await store.byPublicId(payment.publicId))?.providerSession).toBe("cs_2");
  });
});
