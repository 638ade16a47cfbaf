/**
 * Payments (issue 58): the provider's notification (POST /payments/notify/<provider>) and the traveller's "Pay now"
 * (POST /case/<link>/payments/<payment>/pay). Every route declares who may call it and checks its input with a
 * schema:
 * - the notification is public (the provider calls it), and trusted only through its signature, checked by the
 *   provider's library over the raw bytes (a content-type parser of this route alone keeps them; 64 KiB at most).
 *   Forged: 400, nothing changes. Each event is taken in once (a replay: 200, nothing changes). A completed checkout
 *   is read back from the provider's API, and its amount and currency compared with the payment's: different, the
 *   payment is flagged (never paid) and the owner told; the same, it is marked paid by one guarded UPDATE, and the
 *   server whose UPDATE won calls `onPaid` (once per payment, however many servers took the notification).
 * - "Pay now" is for whoever holds the case's link, from the case's own page (same-origin), for a payment of that
 *   case: it makes the provider's checkout (or reuses the one still open) and sends the traveller there (303).
 * With payments off, no route takes money: the notification is refused (404) and "Pay now" says payments are off.
 * On server/data alone, like the case room; neither imports the other's plugin.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { h } from "preact";
import { renderToString } from "preact-render-to-string";
import { z } from "zod";
import { whenFree } from "../busy";
import type { CaseAssetFiles } from "../case/assets";
import { LinkGuard } from "../case/link";
import { type Agency, WrongLinkPage } from "../case/pages";
import { CaseStore } from "../data/cases/store";
import type { Keyring } from "../data/cases/vault";
import { formatAed } from "../data/payments/money";
import { type PaymentRecord, PaymentStore, publicIdShape } from "../data/payments/store";
import { queueAlert } from "../data/push";
import { databaseRateLimitStore } from "../data/rate-limit-store";
import type { DatabaseResource } from "../data/resource";
import { isOwnOrigin } from "../own-origin";
import { zodValidator } from "../zod-validator";
import { invoicePath, PayMessagePage, ReturnedPage } from "./case-payments";
import { InvoiceStore } from "../data/invoices/store";
import { invoicePdf } from "../invoices/pdf";
import { BadSignatureError, type PaymentProvider, type ProviderEvent } from "./provider";

export interface PayPluginOptions {
  database: Pick<DatabaseResource, "connection">;
  /** The provider; null: payments are off (PAYMENTS_PROVIDER=off). */
  provider: PaymentProvider | null;
  keyring: Keyring;
  agency: Agency;
  assets: CaseAssetFiles;
  /** The public site's address (SITE_URL): the provider sends the traveller back there. */
  siteUrl: string;
  /**
   * A payment was marked paid by this server (its UPDATE won): issue what follows a payment (its tax invoice).
   * Called once per payment, whichever of several servers took the notification; an error is logged, the payment
   * stays paid.
   */
  onPaid?: (payment: PaymentRecord) => void | Promise<void>;
  /** An alert was queued (a payment flagged): this tells the push worker. */
  alertsQueued?: () => void;
}

/** A notification is a few KiB; more is refused unread. */
export const notifyBodyLimit = 64 * 1024;
/** "Pay now" sends an empty form. */
const payBodyLimit = 1024;
/** How long a write waits for SQLite's lock another server holds (server/busy.ts). */
const busyWaitMs = 5_000;

const token = z.string().min(1).max(200);
const publicId = z.string().regex(publicIdShape);

/** The events that say a checkout was paid; the others change nothing but an expired session forgotten. */
const paidTypes = new Set(["checkout.session.completed", "checkout.session.async_payment_succeeded"]);

/** Where the provider sends the traveller back to, by the payment's random id (never the case's link). */
export const returnPath = (publicId: string) => `/case/return/${publicId}`;
const returnCookie = "karama_pay_return";

/** One cookie's value from a Cookie header, or null. */
function cookieOf(header: string | undefined, name: string): string | null {
  for (const part of (header ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=") || null;
  }
  return null;
}

function html(reply: FastifyReply, status: number, page: string): FastifyReply {
  return reply.code(status).type("text/html; charset=utf-8").send(`<!doctype html>${page}`);
}

export const payPlugin: FastifyPluginAsync<PayPluginOptions> = async (app, options) => {
  const { provider, agency, assets } = options;
  const database = () => options.database.connection?.database ?? null;
  const payments = () => {
    const db = database();
    return db ? new PaymentStore(db) : null;
  };
  const RateStore = databaseRateLimitStore(database);
  const guard = new LinkGuard(() => new RateStore({} as never));

  app.addHook("onReady", async () => {
    if (provider)
      app.log.info(`Payments: on, through ${provider.name} (notifications at /payments/notify/${provider.name})`);
    else app.log.info("Payments: off (PAYMENTS_PROVIDER=off); no route takes money");
  });

  /** What a paid-type event comes to: read back from the provider, compared, then paid or flagged. */
  async function settle(event: ProviderEvent, payment: PaymentRecord, store: PaymentStore): Promise<string> {
    if (!provider || !event.sessionId) return "ignored: no checkout session";
    // Never the event's own word for the amount: the provider's API, asked now.
    const checkout = await provider.retrieveCheckout(event.sessionId);
    if (checkout.metadata.payment_id !== payment.publicId) return "ignored: the checkout is another payment's";
    if (checkout.status !== "complete" || checkout.paymentStatus !== "paid") return "not paid yet";
    if (payment.status !== "requested") {
      if (payment.status === "paid" && payment.providerSession !== checkout.sessionId) {
        app.log.error(
          `PAYMENT ALERT: case ${payment.caseId}, payment ${payment.publicId} was paid again through another ` +
            `checkout (${checkout.sessionId}); refund one of them in ${provider.name}'s dashboard`,
        );
        return "paid twice";
      }
      return `already ${payment.status}`;
    }
    if (checkout.amountTotal !== payment.amountFils || checkout.currency?.toLowerCase() !== payment.currency) {
      const reported =
        checkout.currency?.toLowerCase() === "aed"
          ? formatAed(checkout.amountTotal ?? 0)
          : `${checkout.amountTotal ?? "no amount"} in ${checkout.currency ?? "no currency"}`;
      const what = `${provider.name} reports ${reported} for checkout ${checkout.sessionId}, not ${formatAed(payment.amountFils)}`;
      if (await whenFree(() => store.mismatch(payment.id, what), busyWaitMs)) {
        app.log.error(`PAYMENT ALERT: case ${payment.caseId}, payment ${payment.publicId}: ${what}; not marked paid`);
        const db = database();
        if (db) {
          await queueAlert(db.db, {
            to: "owners",
            title: "A payment to check",
            body: `The amount paid is not the one asked for (case ${payment.caseId}).`,
            url: `/office/cases/${payment.caseId}`,
          })
            .then(() => options.alertsQueued?.())
            .catch((error: unknown) => app.log.error({ err: error }, "The alert of a payment to check was not queued"));
        }
      }
      return "mismatch";
    }
    const won = await whenFree(
      () =>
        store.markPaid(payment.id, { session: checkout.sessionId, payment: checkout.paymentIntentId, event: event.id }),
      busyWaitMs,
    );
    if (!won) return "paid by another server";
    // onPaid: here alone, after this server's markPaid won; once per payment.
    if (options.onPaid) {
      const paid = await store.get(payment.id);
      try {
        if (paid) await options.onPaid(paid);
      } catch (error) {
        app.log.error({ err: error }, `After payment ${payment.publicId} was paid, onPaid failed`);
      }
    }
    return "paid";
  }

  async function take(
    event: ProviderEvent,
    store: PaymentStore,
  ): Promise<{ outcome: string; paymentId: number | null }> {
    const payment = event.paymentId ? await store.byPublicId(event.paymentId) : undefined;
    if (!payment) return { outcome: "ignored: no payment of ours", paymentId: null };
    if (paidTypes.has(event.type)) return { outcome: await settle(event, payment, store), paymentId: payment.id };
    if (event.type === "checkout.session.expired" && event.sessionId) {
      const forgot = await whenFree(() => store.forgetSession(payment.id, event.sessionId ?? ""), busyWaitMs);
      return { outcome: forgot ? "expired" : `expired: payment ${payment.status}`, paymentId: payment.id };
    }
    return { outcome: `ignored: ${payment.status}`, paymentId: payment.id };
  }

  // Who may: anyone (public): the provider. Trusted only through the signature over the raw body.
  await app.register(async (notify: FastifyInstance) => {
    notify.setValidatorCompiler(zodValidator);
    notify.removeAllContentTypeParsers();
    notify.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: notifyBodyLimit }, (_request, body, done) =>
      done(null, body),
    );
    notify.post("/payments/notify/:provider", {
      bodyLimit: notifyBodyLimit,
      schema: { params: z.object({ provider: z.string().max(40) }) },
      handler: async (request, reply) => {
        const name = (request.params as { provider: string }).provider;
        if (!provider || provider.name !== name) {
          return reply.code(404).type("text/plain").send("Payments are off on this server.\n");
        }
        const store = payments();
        if (!store) return reply.code(503).type("text/plain").send("The database is not available; try again.\n");
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        let event: ProviderEvent;
        try {
          event = provider.verifyNotification(body, request.headers);
        } catch (error) {
          if (!(error instanceof BadSignatureError)) throw error;
          app.log.warn(`A payment notification with a bad signature was refused (${error.message})`);
          return reply.code(400).type("text/plain").send("Bad signature.\n");
        }
        if (await store.seenEvent(event.id)) return reply.code(200).send({ received: true, replay: true });
        let taken: { outcome: string; paymentId: number | null };
        try {
          taken = await take(event, store);
        } catch (error) {
          // Not recorded: the provider sends it again later.
          app.log.error({ err: error }, `Payment notification ${event.id} (${event.type}) could not be taken in`);
          return reply.code(500).type("text/plain").send("Not taken in; send it again.\n");
        }
        await whenFree(
          () => store.recordEvent({ provider: provider.name, eventId: event.id, type: event.type, ...taken }),
          busyWaitMs,
        );
        return reply.code(200).send({ received: true });
      },
    });
  });

  /**
   * "Pay now" comes from the case's own page, never another site's. The page sends no Referer, so a browser's form
   * post from it says `Origin: null`: the browser's Sec-Fetch-Site decides (same-origin only); a browser too old to
   * send it is judged by its Origin (the site's own, or the null the page's policy makes). Either way the link, the
   * traveller's own key, is needed too.
   */
  function sameOrigin(request: FastifyRequest): boolean {
    const site = request.headers["sec-fetch-site"];
    if (site !== undefined) return site === "same-origin";
    const origin = request.headers.origin;
    return (
      origin === undefined ||
      origin === "null" ||
      isOwnOrigin(origin, request.headers.host, new URL(options.siteUrl).origin)
    );
  }

  /** This browser's way back from the provider's page: the link in a cookie for the return address alone. */
  const secure = new URL(options.siteUrl).protocol === "https:";
  function rememberLink(reply: FastifyReply, link: string): FastifyReply {
    return reply.header(
      "set-cookie",
      `${returnCookie}=${link}; Max-Age=86400; Path=${returnPath("").slice(0, -1)}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`,
    );
  }

  // Who may: anyone with the payment's random id (the provider sends the traveller here). The browser that tapped
  // Pay now goes on to its case's page (its cookie holds the link, checked to be the payment's case); any other is
  // shown the payment's state alone.
  await app.register(async (back: FastifyInstance) => {
    back.setValidatorCompiler(zodValidator);
    back.get("/case/return/:payment", {
      schema: {
        params: z.object({ payment: publicId }),
        querystring: z.strictObject({ back: z.literal("cancelled").optional() }),
      },
      handler: async (request, reply) => {
        const { payment: publicIdOf } = request.params as { payment: string };
        const cancelled = (request.query as { back?: string }).back === "cancelled";
        const db = database();
        const store = payments();
        if (!db || !store) {
          return reply.code(503).header("retry-after", "60").type("text/plain").send("Please try again in a minute.\n");
        }
        const payment = await store.byPublicId(publicIdOf);
        if (!payment) return reply.code(404).type("text/plain").send("Not found\n");
        const link = cookieOf(request.headers.cookie, returnCookie);
        const record = link ? await new CaseStore(db, options.keyring).byLink(link, new Date()) : undefined;
        if (link && record && record.id === payment.caseId) {
          const query = `?payment=${payment.publicId}${cancelled ? "&back=cancelled" : ""}`;
          return reply.redirect(`/case/${link}${query}`, 303);
        }
        return html(reply, 200, renderToString(h(ReturnedPage, { agency, assets: assets.urls, payment, cancelled })));
      },
    });
  });

  // Who may: whoever holds the case's link, for the invoice of a payment of that case (issue 58): a download.
  await app.register(async (room: FastifyInstance) => {
    room.setValidatorCompiler(zodValidator);
    room.get(invoicePath(":token", ":payment"), {
      schema: { params: z.object({ token, payment: publicId }) },
      handler: async (request, reply) => {
        const params = request.params as { token: string; payment: string };
        const wrongLink = (stopped: boolean) =>
          html(reply, stopped ? 429 : 404, renderToString(h(WrongLinkPage, { agency, assets: assets.urls, stopped })));
        if (guard.isStopped(request.ip)) return wrongLink(true);
        const db = database();
        const store = payments();
        if (!db || !store) return reply.code(503).type("text/plain").send("Please try again in a minute.\n");
        const record = await new CaseStore(db, options.keyring).byLink(params.token, new Date());
        if (!record) return wrongLink(await guard.missed(request.ip));
        const payment = await store.byPublicId(params.payment);
        const invoice =
          payment && payment.caseId === record.id
            ? await new InvoiceStore(db, { name: agency.name, address: "", trn: "" }).invoiceForPayment(
                String(payment.id),
              )
            : null;
        if (!invoice || invoice.caseId !== record.id) return wrongLink(false);
        return reply
          .header("x-content-type-options", "nosniff")
          .header("cache-control", "no-store")
          .header("content-disposition", `attachment; filename="${invoice.number}.pdf"`)
          .type("application/pdf")
          .send(await invoicePdf(invoice));
      },
    });
  });

  // Who may: whoever holds the case's link, from the case's own page, for a payment of that case.
  await app.register(async (room: FastifyInstance) => {
    room.setValidatorCompiler(zodValidator);
    room.removeAllContentTypeParsers();
    room.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: payBodyLimit }, (_request, _body, done) =>
      done(null, {}),
    );
    room.post("/case/:token/payments/:payment/pay", {
      bodyLimit: payBodyLimit,
      schema: { params: z.object({ token, payment: publicId }) },
      handler: async (request, reply) => {
        const params = request.params as { token: string; payment: string };
        const back = `/case/${params.token}?payment=${params.payment}`;
        const message = (status: number, title: string, text: string) =>
          html(
            reply,
            status,
            renderToString(h(PayMessagePage, { agency, assets: assets.urls, title, message: text, back })),
          );
        if (!sameOrigin(request)) {
          return reply.code(403).type("text/plain").send("Payments start from the case's own page.\n");
        }
        const wrongLink = (stopped: boolean) =>
          html(reply, stopped ? 429 : 404, renderToString(h(WrongLinkPage, { agency, assets: assets.urls, stopped })));
        if (guard.isStopped(request.ip)) return wrongLink(true);
        const db = database();
        const store = payments();
        if (!db || !store)
          return message(
            503,
            "Please try again",
            "Our server is busy; nothing was taken. Please try again in a minute.",
          );
        const record = await new CaseStore(db, options.keyring).byLink(params.token, new Date());
        if (!record) return wrongLink(await guard.missed(request.ip));
        const payment = await store.byPublicId(params.payment);
        if (!payment || payment.caseId !== record.id) return wrongLink(false);
        if (!provider) {
          return message(
            503,
            "Online payment is off",
            "We do not take payments online at the moment: please call or WhatsApp us, or pay at our office.",
          );
        }
        if (payment.status !== "requested") return reply.redirect(back, 303);
        try {
          // A second tap, or a page opened twice: the checkout still open is the one to pay.
          if (payment.providerSession) {
            const open = await provider.retrieveCheckout(payment.providerSession);
            if (open.status === "open" && open.url) return rememberLink(reply, params.token).redirect(open.url, 303);
            if (open.status === "complete") return reply.redirect(back, 303);
            await whenFree(() => store.forgetSession(payment.id, open.sessionId), busyWaitMs);
          }
          // The provider is never given the case's link: it sends the traveller back to the payment's own address,
          // where this browser's cookie (the link, kept in it alone) takes them on to their page.
          const returnTo = `${options.siteUrl.replace(/\/+$/, "")}${returnPath(payment.publicId)}`;
          const checkout = await provider.createCheckout({
            paymentId: payment.publicId,
            caseId: record.id,
            amountFils: payment.amountFils,
            currency: payment.currency,
            lines: payment.lines,
            ...(record.email ? { customerEmail: record.email } : {}),
            successUrl: returnTo,
            cancelUrl: `${returnTo}?back=cancelled`,
          });
          const attached = await whenFree(
            () => store.attachSession(payment.id, provider.name, checkout.sessionId),
            busyWaitMs,
          );
          if (!attached) return reply.redirect(back, 303);
          return rememberLink(reply, params.token).redirect(checkout.url, 303);
        } catch (error) {
          app.log.error({ err: error }, `The checkout of payment ${payment.publicId} could not be made`);
          return message(
            502,
            "The payment page did not open",
            "Nothing was taken. Please try again in a minute, or call or WhatsApp us.",
          );
        }
      },
    });
  });
};
