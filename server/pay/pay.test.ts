import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CaseStore, type NewCase } from "../data/cases/store";
import { documentsKey, Keyring } from "../data/cases/vault";
import { openDatabase, type Database } from "../data/open";
import { type PaymentLine, type PaymentRecord, PaymentStore } from "../data/payments/store";
import { engines } from "../data/testing/engines";
import { pushOffReason } from "../push/config";
import { type Running, start, startOn } from "../testing/inbox-server";
import { startStripeStandin, type StripeStandin } from "../testing/stripe-standin";
import { paymentsOff, type PaymentsSetting } from "./config";
import { notifyBodyLimit } from "./plugin";
import { refundPayment } from "./refund";
import { StripeProvider } from "./stripe";

// The key the test server seals with (server/testing/inbox-server.ts).
const keys = new Keyring([documentsKey(Buffer.alloc(32, 1))]);

let addresses = 0;
/** Each test's requests from an address of their own (the server trusts X-Forwarded-For here). */
const from = () => ({ "x-forwarded-for": `203.0.${Math.floor(++addresses / 250)}.${addresses % 250}` });

const traveller: NewCase = {
  enquiryId: null,
  name: "Maria Santos",
  phone: "+971 50 123 4567",
  email: "maria@example.com",
  service: "Dubai Tourist Visa",
  kind: "visit-visa",
  travelDate: "2026-12-20",
};

const lines: PaymentLine[] = [
  { label: "Service fee", amountFils: 15_000, vat: true },
  { label: "Government fees", amountFils: 35_050, vat: false },
];

describe.each(engines)("paying on the traveller's page, on %s", (engine) => {
  let standin: StripeStandin;
  let server: Running;
  let second: Running;
  let off: Running;
  let database: Database;
  let cases: CaseStore;
  let payments: PaymentStore;
  const paidHere = vi.fn<(payment: PaymentRecord) => void>();
  const paidThere = vi.fn<(payment: PaymentRecord) => void>();
  const logged: string[] = [];
  const logger = {
    level: "info",
    stream: new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged.push(chunk.toString());
        done();
      },
    }),
  };

  beforeAll(async () => {
    standin = await startStripeStandin();
    const stripeOn = (): PaymentsSetting => ({
      on: true,
      provider: new StripeProvider({
        secretKey: standin.secretKey,
        webhookSecret: standin.webhookSecret,
        apiUrl: standin.origin,
      }),
    });
    const push = { on: false as const, reason: pushOffReason };
    server = await startOn(engine, {
      server: { trustProxy: true, push, payments: stripeOn(), onPaid: paidHere, logger },
    });
    // A second server on the same database (several servers on PostgreSQL; on SQLite, two processes on one file).
    second = await start({
      database: server.database,
      server: { trustProxy: true, push, payments: stripeOn(), onPaid: paidThere },
    });
    off = await start({ database: server.database, server: { trustProxy: true, push, payments: paymentsOff } });
    standin.notifyUrl = `${server.origin}/payments/notify/stripe`;
    database = await openDatabase(server.database, { migrate: false });
    cases = new CaseStore(database, keys);
    payments = new PaymentStore(database);
    // The owner, with alerts on one phone: a payment to check is an alert to them.
    const owner = await database.db
      .insertInto("people")
      .values({ name: "Owner", role: "owner", handle: "owner", created_at: new Date().toISOString(), revoked_at: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto("push_subscriptions")
      .values({
        person_id: owner.id,
        endpoint: "https://fcm.googleapis.com/fcm/send/owner",
        p256dh: "k",
        auth: "a",
        label: "Phone",
        created_at: new Date().toISOString(),
        last_success_at: null,
        last_failure_at: null,
        last_error: null,
      })
      .execute();
  });
  afterAll(async () => {
    await standin.settled();
    await database.close();
    await Promise.all([server.app.close(), second.app.close(), off.app.close()]);
    await standin.close();
  });

  async function newCase(asked: PaymentLine[] = lines) {
    const id = await cases.start(traveller, null, new Date());
    const link = await cases.issueLink(id, null, new Date());
    const payment = await payments.requestPayment(id, asked, null);
    return { id, link, payment };
  }

  const page = async (link: string, query = "", on = server) => {
    const response = await fetch(`${on.origin}/case/${link}${query}`, { headers: from() });
    return { status: response.status, text: await response.text(), headers: response.headers };
  };

  /** The "Pay now" form, as the page posts it. */
  const payNow = (link: string, publicId: string, headers: Record<string, string> = {}, on = server) =>
    fetch(`${on.origin}/case/${link}/payments/${publicId}/pay`, {
      method: "POST",
      redirect: "manual",
      headers: { ...from(), "content-type": "application/x-www-form-urlencoded", ...headers },
      body: "",
    });

  /** The traveller pays on the provider's page: where they are sent back to. */
  async function pays(checkoutUrl: string): Promise<string> {
    const response = await fetch(checkoutUrl, { method: "POST", redirect: "manual" });
    expect(response.status).toBe(303);
    return response.headers.get("location") ?? "";
  }

  /** Back from the provider's page in the browser that tapped Pay now (its cookie): where it is taken on to. */
  async function comeBack(returnUrl: string, tapped: Response): Promise<URL> {
    const returned = new URL(returnUrl);
    const response = await fetch(`${server.origin}${returned.pathname}${returned.search}`, {
      redirect: "manual",
      headers: { ...from(), cookie: tapped.headers.get("set-cookie")?.split(";")[0] ?? "" },
    });
    return new URL(response.headers.get("location") ?? "", server.origin);
  }

  const statusOf = async (publicId: string) => (await payments.byPublicId(publicId))?.status;
  const sessionOf = (url: string) => url.split("/pay/")[1] ?? "";

  it("a payment paid: the page shows its lines and Pay now; the provider's page; back, it says Paid; onPaid once", async () => {
    paidHere.mockClear();
    paidThere.mockClear();
    const { link, payment } = await newCase();
    const before = await page(link);
    expect(before.text).toContain("Service fee");
    expect(before.text).toContain("AED 150.00");
    expect(before.text).toContain("AED 350.50");
    expect(before.text).toContain("AED 500.50");
    expect(before.text).toContain(`action="/case/${link}/payments/${payment.publicId}/pay"`);
    // The page may send its form on to the provider's page, and nowhere else.
    expect(before.headers.get("content-security-policy")).toContain(`form-action 'self' ${standin.origin}`);

    const tapped = await payNow(link, payment.publicId);
    expect(tapped.status).toBe(303);
    const checkout = tapped.headers.get("location") ?? "";
    expect(checkout).toMatch(new RegExp(`^${standin.origin}/pay/cs_test_`));
    const session = standin.sessions.get(sessionOf(checkout));
    expect(session).toMatchObject({
      amount_total: 50_050,
      currency: "aed",
      mode: "payment",
      customer_email: "maria@example.com",
      metadata: { payment_id: payment.publicId },
      line_items_sent: [
        { name: "Service fee", unit_amount: 15_000, quantity: 1 },
        { name: "Government fees", unit_amount: 35_050, quantity: 1 },
      ],
    });
    // The provider is never given the private link: it sends the traveller back to the payment's own address.
    expect(session?.success_url).toBe(`http://localhost:3000/case/return/${payment.publicId}`);
    expect(session?.cancel_url).toBe(`http://localhost:3000/case/return/${payment.publicId}?back=cancelled`);
    expect(JSON.stringify(session)).not.toContain(link);

    const back = await pays(checkout);
    expect(back).toBe(session?.success_url);
    // Back in the browser that tapped Pay now: the cookie it was given takes it to its page.
    const cookie = tapped.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(
      /^karama_pay_return=[A-Za-z0-9_-]{43}; Max-Age=86400; Path=\/case\/return; HttpOnly; SameSite=Lax$/,
    );
    const returned = await fetch(`${server.origin}/case/return/${payment.publicId}`, {
      redirect: "manual",
      headers: { ...from(), cookie: cookie.split(";")[0] ?? "" },
    });
    expect(returned.status).toBe(303);
    expect(returned.headers.get("location")).toBe(`/case/${link}?payment=${payment.publicId}`);
    expect(standin.deliveries.at(-1)).toMatchObject({ status: 200 });
    expect(await statusOf(payment.publicId)).toBe("paid");
    // Read back from the provider's API before it was marked.
    expect(standin.calls).toContain(`GET /v1/checkout/sessions/${session?.id}`);
    const after = await page(link, `?payment=${payment.publicId}`);
    expect(after.text).toContain(">Paid<");
    expect(after.text).not.toContain("Pay now");
    expect(after.text).not.toContain("checking");
    expect(paidHere).toHaveBeenCalledTimes(1);
    expect(paidHere.mock.calls[0]?.[0]).toMatchObject({ publicId: payment.publicId, status: "paid" });
    expect(paidThere).not.toHaveBeenCalled();
    const paid = await payments.byPublicId(payment.publicId);
    expect(paid).toMatchObject({ providerSession: session?.id, providerPayment: session?.payment_intent });
  });

  it("a second tap on Pay now goes to the same checkout, made once", async () => {
    const { link, payment } = await newCase();
    const made = () => standin.calls.filter((call) => call === "POST /v1/checkout/sessions").length;
    const first = await payNow(link, payment.publicId);
    const before = made();
    const again = await payNow(link, payment.publicId);
    expect(again.headers.get("location")).toBe(first.headers.get("location"));
    expect(made()).toBe(before);
  });

  it("a notification replayed, or sent twice: paid once, the replay answered 200 and changing nothing", async () => {
    paidHere.mockClear();
    standin.switches.twice = true;
    try {
      const { link, payment } = await newCase();
      const checkout = (await payNow(link, payment.publicId)).headers.get("location") ?? "";
      await pays(checkout);
      await standin.settled();
      expect(standin.deliveries.slice(-2).map((delivery) => delivery.status)).toEqual([200, 200]);
      expect(standin.deliveries.at(-1)?.body).toContain("replay");
      const paid = await payments.byPublicId(payment.publicId);
      expect(paid?.status).toBe("paid");
      // Days later, the same event again: nothing changes.
      const event = standin.signed("checkout.session.completed", sessionOf(checkout));
      const replay = JSON.parse(event.payload) as { id: string };
      await standin.deliver(event);
      await standin.deliver(event);
      expect(standin.deliveries.at(-1)?.status).toBe(200);
      expect(await payments.byPublicId(payment.publicId)).toEqual(paid);
      expect(paidHere).toHaveBeenCalledTimes(1);
      const recorded = await database.db
        .selectFrom("payment_events")
        .select("event_id")
        .where("event_id", "=", replay.id)
        .execute();
      expect(recorded).toHaveLength(1);
    } finally {
      standin.switches.twice = false;
    }
  });

  it("a forged notification is refused (400) and changes nothing; so is one altered after signing, or unsigned", async () => {
    standin.switches.forged = true;
    try {
      const { link, payment } = await newCase();
      const checkout = (await payNow(link, payment.publicId)).headers.get("location") ?? "";
      await pays(checkout);
      expect(standin.deliveries.at(-1)?.status).toBe(400);
      expect(await statusOf(payment.publicId)).toBe("requested");
      const event = standin.signed("checkout.session.completed", sessionOf(checkout));
      const altered = { ...event, payload: event.payload.replace('"livemode": false', '"livemode": true') };
      expect((await standin.deliver(altered)).status).toBe(400);
      const unsigned = { ...event, headers: { "content-type": "application/json" } };
      expect((await standin.deliver(unsigned)).status).toBe(400);
      expect(await statusOf(payment.publicId)).toBe("requested");
      const recorded = await database.db
        .selectFrom("payment_events")
        .select("id")
        .where("event_id", "=", event.id)
        .execute();
      expect(recorded).toEqual([]);
      expect((await page(link, `?payment=${payment.publicId}`)).text).toContain("We are checking your payment");
    } finally {
      standin.switches.forged = false;
    }
  });

  it("one for another amount: flagged, never paid, the owner told (audit log, alert, log line); onPaid not called", async () => {
    paidHere.mockClear();
    standin.switches.reportAmountFils = 100;
    try {
      const { id, link, payment } = await newCase();
      const checkout = (await payNow(link, payment.publicId)).headers.get("location") ?? "";
      await pays(checkout);
      expect(standin.deliveries.at(-1)?.status).toBe(200);
      expect(await statusOf(payment.publicId)).toBe("mismatch");
      expect(paidHere).not.toHaveBeenCalled();
      const audit = await database.db
        .selectFrom("audit_log")
        .select("detail")
        .where("action", "=", "payment-mismatch")
        .execute();
      expect(audit.map((row) => row.detail)).toContainEqual(
        expect.stringContaining(`payment ${payment.publicId}: stripe reports AED 1.00`),
      );
      const alerts = await database.db.selectFrom("push_queue").select(["title", "url"]).execute();
      expect(alerts).toContainEqual({ title: "A payment to check", url: `/office/cases/${id}` });
      expect(logged.join("")).toContain(`PAYMENT ALERT: case ${id}, payment ${payment.publicId}`);
      // The traveller is not told it failed, nor asked to pay again.
      const shown = await page(link, `?payment=${payment.publicId}`);
      expect(shown.text).toContain("We are checking your payment");
      expect(shown.text).not.toContain("Pay now");
    } finally {
      standin.switches.reportAmountFils = null;
    }
  });

  it("the notification after the traveller is back: the page says checking (and looks again), then Paid", async () => {
    standin.switches.notify = "held";
    try {
      const { link, payment } = await newCase();
      const tapped = await payNow(link, payment.publicId);
      const back = await comeBack(await pays(tapped.headers.get("location") ?? ""), tapped);
      expect(back.pathname).toBe(`/case/${link}`);
      const waiting = await page(link, back.search);
      expect(waiting.text).toContain("We are checking your payment");
      expect(waiting.text).toMatch(/<meta http-equiv="refresh" content="\d+"/);
      expect(waiting.text).not.toContain(">Paid<");
      await standin.release();
      const paid = await page(link, back.search);
      expect(paid.text).toContain(">Paid<");
      expect(paid.text).not.toContain("http-equiv");
    } finally {
      standin.switches.notify = "before-redirect";
    }
  });

  it("two servers receiving the same notification at once: paid once, onPaid called once, by the one that marked it", async () => {
    paidHere.mockClear();
    paidThere.mockClear();
    standin.switches.notify = "held";
    try {
      const { link, payment } = await newCase();
      const checkout = (await payNow(link, payment.publicId)).headers.get("location") ?? "";
      await pays(checkout);
      const event = standin.signed("checkout.session.completed", sessionOf(checkout));
      const answers = await Promise.all(
        [server, second, server, second].map((each) => standin.deliver(event, `${each.origin}/payments/notify/stripe`)),
      );
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
      expect(await statusOf(payment.publicId)).toBe("paid");
      expect(paidHere.mock.calls.length + paidThere.mock.calls.length).toBe(1);
      const events = await database.db
        .selectFrom("case_events")
        .select("kind")
        .where("kind", "=", "payment-paid")
        .execute();
      expect(events.length).toBeGreaterThan(0);
      const paidEvents = await database.db
        .selectFrom("case_events")
        .select("detail")
        .where("kind", "=", "payment-paid")
        .execute();
      expect(paidEvents.filter((row) => row.detail.includes(payment.publicId))).toHaveLength(1);
    } finally {
      standin.switches.notify = "before-redirect";
    }
  });

  it("events out of order: an expiry or a failure after it was paid changes nothing; an expiry before, a new checkout", async () => {
    const { link, payment } = await newCase();
    const first = (await payNow(link, payment.publicId)).headers.get("location") ?? "";
    // Expired before anything was paid: forgotten, and the next tap makes another checkout.
    const expired = standin.sessions.get(sessionOf(first));
    if (expired) expired.status = "expired";
    expect((await standin.deliver(standin.signed("checkout.session.expired", sessionOf(first)))).status).toBe(200);
    expect((await payments.byPublicId(payment.publicId))?.providerSession).toBeNull();
    const next = (await payNow(link, payment.publicId)).headers.get("location") ?? "";
    expect(next).not.toBe(first);
    await pays(next);
    expect(await statusOf(payment.publicId)).toBe("paid");
    const paid = await payments.byPublicId(payment.publicId);
    for (const type of ["checkout.session.expired", "checkout.session.async_payment_failed"]) {
      expect((await standin.deliver(standin.signed(type, sessionOf(next)))).status).toBe(200);
    }
    // The old, expired checkout "completed" late: not paid, not paid twice.
    expect((await standin.deliver(standin.signed("checkout.session.completed", sessionOf(first)))).status).toBe(200);
    expect(await payments.byPublicId(payment.publicId)).toEqual(paid);
    // A paid payment's Pay now goes back to the page, which says Paid.
    const tapped = await payNow(link, payment.publicId);
    expect(tapped.status).toBe(303);
    expect(tapped.headers.get("location")).toBe(`/case/${link}?payment=${payment.publicId}`);
  });

  it("a refund goes through the provider's payment, never beyond what is left, and is recorded", async () => {
    const { link, payment } = await newCase();
    await pays((await payNow(link, payment.publicId)).headers.get("location") ?? "");
    const provider = new StripeProvider({
      secretKey: standin.secretKey,
      webhookSecret: standin.webhookSecret,
      apiUrl: standin.origin,
    });
    const made = standin.refunds.length;
    await expect(
      refundPayment(provider, payments, payment.id, { amountFils: 50_051, by: null, reason: "" }),
    ).rejects.toThrow("at most AED 500.50");
    expect(standin.refunds.length).toBe(made);
    const part = await refundPayment(provider, payments, payment.id, { amountFils: 15_000, by: null, reason: "fee" });
    expect(part).toMatchObject({ status: "partly-refunded", refundedFils: 15_000 });
    const paid = await payments.byPublicId(payment.publicId);
    expect(standin.refunds.at(-1)).toMatchObject({ payment_intent: paid?.providerPayment, amount: 15_000 });
    expect((await payments.refundsOf(payment.id))[0]?.providerRefund).toBe(standin.refunds.at(-1)?.id);
    expect((await page(link)).text).toContain("AED 150.00 refunded");
  });

  it("back in another browser, or with another case's link: the payment's state alone, never a case's page", async () => {
    const { payment } = await newCase();
    const other = await newCase();
    const plain = await fetch(`${server.origin}/case/return/${payment.publicId}`, { headers: from() });
    expect(plain.status).toBe(200);
    const text = await plain.text();
    expect(text).toContain("We are checking your payment");
    expect(text).toContain("Open your page with the link we sent you");
    expect(text).not.toContain("Maria");
    expect(plain.headers.get("cache-control")).toBe("no-store");
    expect(plain.headers.get("referrer-policy")).toBe("no-referrer");
    const crossed = await fetch(`${server.origin}/case/return/${payment.publicId}`, {
      redirect: "manual",
      headers: { ...from(), cookie: `karama_pay_return=${other.link}` },
    });
    expect(crossed.status).toBe(200);
    expect(crossed.headers.get("location")).toBeNull();
    const cancelled = await fetch(`${server.origin}/case/return/${payment.publicId}?back=cancelled`, {
      headers: from(),
    });
    expect(await cancelled.text()).toContain("nothing was taken");
    expect((await fetch(`${server.origin}/case/return/${"0".repeat(32)}`, { headers: from() })).status).toBe(404);
    expect((await fetch(`${server.origin}/case/return/nothex`, { headers: from() })).status).toBe(400);
    expect(
      (await fetch(`${server.origin}/case/return/${payment.publicId}?back=paid`, { headers: from() })).status,
    ).toBe(400);
  });

  it("back from a cancelled payment: nothing was taken, and Pay now is there again", async () => {
    const { link, payment } = await newCase();
    const checkout = (await payNow(link, payment.publicId)).headers.get("location") ?? "";
    const cancelled = await fetch(`${checkout}/cancel`, { method: "POST", redirect: "manual" });
    const returned = new URL(cancelled.headers.get("location") ?? "");
    expect(returned.pathname + returned.search).toBe(`/case/return/${payment.publicId}?back=cancelled`);
    const link1 = await fetch(`${server.origin}${returned.pathname}${returned.search}`, {
      redirect: "manual",
      headers: { ...from(), cookie: `karama_pay_return=${link}` },
    });
    const back = new URL(link1.headers.get("location") ?? "", server.origin);
    expect(back.search).toBe(`?payment=${payment.publicId}&back=cancelled`);
    const shown = await page(link, back.search);
    expect(shown.text).toContain("Payment cancelled: nothing was taken.");
    expect(shown.text).toContain("Pay now");
    expect(shown.text).not.toContain("http-equiv");
    expect(await statusOf(payment.publicId)).toBe("requested");
  });

  it("payments off: no Pay now on the page, the route says so and takes nothing, the notification is refused", async () => {
    const { link, payment } = await newCase();
    const shown = await page(link, "", off);
    expect(shown.text).toContain("AED 500.50");
    expect(shown.text).not.toContain("Pay now");
    expect(shown.text).toContain("To pay, call or WhatsApp us");
    expect(shown.headers.get("content-security-policy")).toContain("form-action 'self';");
    const made = standin.calls.length;
    const tapped = await payNow(link, payment.publicId, {}, off);
    expect(tapped.status).toBe(503);
    expect(await tapped.text()).toContain("We do not take payments online");
    const event = standin.signed("checkout.session.completed", [...standin.sessions.keys()][0] ?? "");
    expect((await standin.deliver(event, `${off.origin}/payments/notify/stripe`)).status).toBe(404);
    expect(standin.calls.length).toBe(made);
    expect(await statusOf(payment.publicId)).toBe("requested");
  });

  describe("the attacker's tests", () => {
    it("Pay now with no link, a wrong link or another case's link: the wrong-link page, no checkout made", async () => {
      const { payment } = await newCase();
      const other = await newCase();
      const made = standin.calls.length;
      const wrong = randomBytes(32).toString("base64url");
      for (const link of [wrong, other.link]) {
        const tapped = await payNow(link, payment.publicId);
        expect(tapped.status).toBe(404);
        expect(await tapped.text()).toContain("This link does not work");
      }
      const none = await fetch(`${server.origin}/case//payments/${payment.publicId}/pay`, {
        method: "POST",
        redirect: "manual",
        headers: from(),
      });
      expect(none.status).toBeGreaterThanOrEqual(400);
      expect(standin.calls.length).toBe(made);
      expect(await statusOf(payment.publicId)).toBe("requested");
    });

    it("Pay now from another site: refused (403), no checkout made", async () => {
      const { link, payment } = await newCase();
      const made = standin.calls.length;
      expect((await payNow(link, payment.publicId, { "sec-fetch-site": "cross-site" })).status).toBe(403);
      expect((await payNow(link, payment.publicId, { origin: "https://evil.example" })).status).toBe(403);
      expect((await payNow(link, payment.publicId, { "sec-fetch-site": "same-site", origin: "null" })).status).toBe(
        403,
      );
      expect(standin.calls.length).toBe(made);
    });

    it("repeated, huge or malformed parameters are refused, never looked up", async () => {
      const { link, payment } = await newCase();
      expect((await page(link, `?payment=${payment.publicId}&payment=${payment.publicId}`)).status).toBe(400);
      expect((await page(link, `?payment=${"a".repeat(5_000)}`)).status).toBe(400);
      expect((await page(link, `?payment=${payment.publicId}&back=paid`)).status).toBe(400);
      expect((await payNow(link, "../../x")).status).toBeGreaterThanOrEqual(400);
      // Fastify refuses an address part this long before any route (414), or the schema does (400).
      expect([400, 414]).toContain((await payNow(link, "a".repeat(5_000))).status);
      expect([400, 414]).toContain((await payNow("a".repeat(5_000), payment.publicId)).status);
      const big = await fetch(`${server.origin}/case/${link}/payments/${payment.publicId}/pay`, {
        method: "POST",
        redirect: "manual",
        headers: { ...from(), "content-type": "application/x-www-form-urlencoded" },
        body: `x=${"a".repeat(20_000)}`,
      });
      expect(big.status).toBe(413);
      expect(await statusOf(payment.publicId)).toBe("requested");
    });

    it("a huge body on the notification route is refused unread (413), nothing changes", async () => {
      const { link, payment } = await newCase();
      standin.switches.notify = "held";
      try {
        const checkout = (await payNow(link, payment.publicId)).headers.get("location") ?? "";
        await pays(checkout);
        const event = standin.signed("checkout.session.completed", sessionOf(checkout));
        const padded = event.payload.replace('"livemode"', `"padding": "${"x".repeat(notifyBodyLimit)}", "livemode"`);
        const signed = { ...event, payload: padded };
        // Signed properly, even: too big is too big.
        const { stripeSignature } = await import("../testing/stripe-standin");
        signed.headers = { ...event.headers, "stripe-signature": stripeSignature(padded, standin.webhookSecret) };
        expect((await standin.deliver(signed)).status).toBe(413);
        expect(await statusOf(payment.publicId)).toBe("requested");
      } finally {
        standin.switches.notify = "before-redirect";
        await standin.release();
      }
    });

    it("the office's words are shown as text: a line's label with markup", async () => {
      const { link } = await newCase([{ label: '<img src=x onerror="alert(1)">Fee', amountFils: 100, vat: true }]);
      const shown = await page(link);
      expect(shown.text).not.toContain("<img src=x");
      expect(shown.text).toContain("&lt;img src=x");
    });
  });
});
