/**
 * A stand-in for the few parts of Stripe's API this server uses (issue 58), started by the tests on loopback
 * (port 0) and stopped after them: it answers as Stripe documents them (form-encoded requests, Bearer auth with the
 * test key, Stripe's JSON objects and its error format), serves a hosted "payment page" at /pay/<session>, and,
 * when that page is POSTed (the traveller paying), completes the session and sends `checkout.session.completed` to
 * the notification address, signed Stripe's way: `Stripe-Signature: t=<unix>,v1=<HMAC-SHA256 of "t.payload" with
 * the webhook secret>`, computed here. Switches let a test delay the notification, hold it, send it twice, send a
 * forged one, or report another amount than the one asked for.
 *
 *   POST /v1/checkout/sessions      GET /v1/checkout/sessions/:id      POST /v1/refunds
 *   GET  /pay/:id (the page)        POST /pay/:id (pay)                POST /pay/:id/cancel (go back)
 */
import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface StandinSwitches {
  /**
   * When the notification goes: `before-redirect` (sent, and answered, before the traveller is sent back),
   * `after-redirect` (`delayMs` after the traveller was sent back), or `held` (kept until `release()`).
   */
  notify: "before-redirect" | "after-redirect" | "held";
  delayMs: number;
  /** The same event sent twice (as Stripe may). */
  twice: boolean;
  /** Signed with another secret than the webhook's: a forgery. */
  forged: boolean;
  /** The session reports this total (fils) once paid, instead of the one asked for. */
  reportAmountFils: number | null;
  /** The session reports this currency once paid. */
  reportCurrency: string | null;
}

export interface StandinSession {
  id: string;
  object: "checkout.session";
  amount_total: number;
  amount_subtotal: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  created: number;
  expires_at: number;
  livemode: false;
  metadata: Record<string, string>;
  mode: string;
  payment_intent: string | null;
  payment_status: "paid" | "unpaid";
  status: "open" | "complete" | "expired";
  success_url: string;
  cancel_url: string;
  url: string | null;
  line_items_sent: { name: string; unit_amount: number; quantity: number }[];
}

export interface Delivery {
  url: string;
  status: number;
  body: string;
}

export interface StripeStandin {
  /** http://127.0.0.1:port: STRIPE_API_URL. */
  origin: string;
  secretKey: string;
  webhookSecret: string;
  /** Where notifications go (our server's /payments/notify/stripe). */
  notifyUrl: string;
  switches: StandinSwitches;
  sessions: Map<string, StandinSession>;
  refunds: { id: string; payment_intent: string; amount: number }[];
  /** Every notification sent, with our server's answer. */
  deliveries: Delivery[];
  /** Requests that came in: method and path (what the server called, and how often). */
  calls: string[];
  /** The traveller pays on the hosted page (as a POST to /pay/:id does), without the redirect. */
  pay: (sessionId: string) => Promise<void>;
  /** An event for a session, signed as Stripe signs it (with `secret`, the webhook secret by default). */
  signed: (
    type: string,
    sessionId: string,
    secret?: string,
  ) => { id: string; payload: string; headers: Record<string, string> };
  /** Sends a signed event to the notification address (or another); resolves with the answer. */
  deliver: (event: { payload: string; headers: Record<string, string> }, url?: string) => Promise<Delivery>;
  /** Sends the held notifications. */
  release: () => Promise<void>;
  /** Settles once every notification sent so far has its answer. */
  settled: () => Promise<void>;
  close: () => Promise<void>;
}

const defaults: StandinSwitches = {
  notify: "before-redirect",
  delayMs: 0,
  twice: false,
  forged: false,
  reportAmountFils: null,
  reportCurrency: null,
};

/** `a[b][0][c]=1` as Stripe's form encoding writes nested parameters, read back into objects and arrays. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.replace(/\]/g, "").split("[");
    let into: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      const container = into as Record<string, unknown>;
      if (last) {
        container[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(parts[index + 1] ?? "");
      container[part] ??= nextIsIndex ? [] : {};
      into = container[part] as Record<string, unknown>;
    });
  }
  return root;
}

/** Stripe's error body. */
function stripeError(response: ServerResponse, status: number, type: string, message: string, extra = {}) {
  send(response, status, { error: { type, message, ...extra } });
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, {
    "content-type": "application/json",
    "request-id": `req_${randomBytes(7).toString("hex")}`,
  });
  response.end(JSON.stringify(body));
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;

/** Stripe's signature header over a payload: `t=<unix>,v1=<hex HMAC-SHA256 of "t.payload">`. */
export function stripeSignature(payload: string, secret: string, at = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac("sha256", secret).update(`${at}.${payload}`, "utf8").digest("hex");
  return `t=${at},v1=${v1}`;
}

export async function startStripeStandin(
  options: { secretKey?: string; webhookSecret?: string; notifyUrl?: string } = {},
): Promise<StripeStandin> {
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(12).toString("hex")}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(16).toString("base64")}`;
  const sessions = new Map<string, StandinSession>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const held: { payload: string; headers: Record<string, string> }[] = [];
  const pending = new Set<Promise<unknown>>();
  let origin = "";

  const standin: StripeStandin = {
    origin,
    secretKey,
    webhookSecret,
    notifyUrl: options.notifyUrl ?? "",
    switches: { ...defaults },
    sessions,
    refunds: [],
    deliveries: [],
    calls: [],
    pay: async (id) => {
      await complete(id);
    },
    signed: (type, sessionId, secret = webhookSecret) => {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`No such session ${sessionId}`);
      const id = newId("evt");
      const payload = JSON.stringify(
        {
          id,
          object: "event",
          api_version: "2026-10-28.endive",
          created: Math.floor(Date.now() / 1000),
          data: { object: session },
          livemode: false,
          pending_webhooks: 1,
          request: { id: null, idempotency_key: null },
          type,
        },
        null,
        2,
      );
      return {
        id,
        payload,
        headers: {
          "content-type": "application/json; charset=utf-8",
          "stripe-signature": stripeSignature(payload, secret),
        },
      };
    },
    deliver: async (event, url = standin.notifyUrl) => {
      const sending = fetch(url, { method: "POST", headers: event.headers, body: event.payload }).then(
        async (answer) => {
          const delivery = { url, status: answer.status, body: await answer.text() };
          standin.deliveries.push(delivery);
          return delivery;
        },
      );
      pending.add(sending);
      void sending.finally(() => pending.delete(sending)).catch(() => {});
      return sending;
    },
    release: async () => {
      for (const event of held.splice(0)) await standin.deliver(event);
    },
    settled: async () => {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  /** The traveller paid: the session completes, and its notification goes as the switches say. */
  async function complete(id: string): Promise<"sent" | "later"> {
    const session = sessions.get(id);
    if (!session) throw new Error(`No such session ${id}`);
    if (session.status === "open") {
      const { switches } = standin;
      session.status = "complete";
      session.payment_status = "paid";
      session.payment_intent = newId("pi");
      session.url = null;
      if (switches.reportAmountFils !== null) session.amount_total = switches.reportAmountFils;
      if (switches.reportCurrency !== null) session.currency = switches.reportCurrency;
    }
    const { switches } = standin;
    const event = standin.signed(
      "checkout.session.completed",
      id,
      switches.forged ? `whsec_${randomBytes(16).toString("base64")}` : webhookSecret,
    );
    const events = switches.twice ? [event, event] : [event];
    if (switches.notify === "held") {
      held.push(...events);
      return "later";
    }
    if (switches.notify === "after-redirect") {
      setTimeout(() => {
        for (const each of events) void standin.deliver(each).catch(() => {});
      }, switches.delayMs);
      return "later";
    }
    for (const each of events) await standin.deliver(each).catch(() => undefined);
    return "sent";
  }

  async function api(request: IncomingMessage, response: ServerResponse, path: string) {
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      stripeError(response, 401, "invalid_request_error", "Invalid API Key provided: sk_test_****");
      return;
    }
    const body = request.method === "POST" ? await readBody(request) : "";
    const key = request.headers["idempotency-key"];
    const remembered = typeof key === "string" ? idempotent.get(`${path}:${key}`) : undefined;
    if (remembered) {
      send(response, remembered.status, remembered.body);
      return;
    }
    const answer = (status: number, value: unknown) => {
      if (typeof key === "string" && request.method === "POST")
        idempotent.set(`${path}:${key}`, { status, body: value });
      send(response, status, value);
    };
    const params = parseStripeForm(body);

    if (request.method === "POST" && path === "/v1/checkout/sessions") {
      const items = (params.line_items ?? []) as {
        quantity?: string;
        price_data?: { currency?: string; unit_amount?: string; product_data?: { name?: string } };
      }[];
      if (params.mode !== "payment" || items.length === 0 || !params.success_url) {
        stripeError(response, 400, "invalid_request_error", "Missing required param: line_items.", {
          param: "line_items",
        });
        return;
      }
      const lines = items.map((item) => ({
        name: item.price_data?.product_data?.name ?? "",
        unit_amount: Number(item.price_data?.unit_amount),
        quantity: Number(item.quantity ?? 1),
      }));
      const total = lines.reduce((sum, line) => sum + line.unit_amount * line.quantity, 0);
      const id = `cs_test_${randomBytes(24).toString("hex")}`;
      const now = Math.floor(Date.now() / 1000);
      const session: StandinSession = {
        id,
        object: "checkout.session",
        amount_total: total,
        amount_subtotal: total,
        currency: String(items[0]?.price_data?.currency ?? params.currency ?? "aed"),
        client_reference_id: typeof params.client_reference_id === "string" ? params.client_reference_id : null,
        customer_email: typeof params.customer_email === "string" ? params.customer_email : null,
        created: now,
        expires_at: now + 24 * 3600,
        livemode: false,
        metadata: (params.metadata ?? {}) as Record<string, string>,
        mode: "payment",
        payment_intent: null,
        payment_status: "unpaid",
        status: "open",
        success_url: String(params.success_url),
        cancel_url: String(params.cancel_url ?? ""),
        url: `${origin}/pay/${id}`,
        line_items_sent: lines,
      };
      sessions.set(id, session);
      answer(200, session);
      return;
    }
    const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (request.method === "GET" && sessionPath) {
      const session = sessions.get(decodeURIComponent(sessionPath[1] ?? ""));
      if (!session) {
        stripeError(response, 404, "invalid_request_error", `No such checkout.session: '${sessionPath[1]}'`, {
          code: "resource_missing",
          param: "session",
        });
        return;
      }
      send(response, 200, session);
      return;
    }
    if (request.method === "POST" && path === "/v1/refunds") {
      const intent = String(params.payment_intent ?? "");
      const paid = [...sessions.values()].find((session) => session.payment_intent === intent);
      if (!paid) {
        stripeError(response, 404, "invalid_request_error", `No such payment_intent: '${intent}'`, {
          code: "resource_missing",
          param: "payment_intent",
        });
        return;
      }
      const amount = Number(params.amount ?? paid.amount_total);
      const refund = { id: newId("re"), payment_intent: intent, amount };
      standin.refunds.push(refund);
      answer(200, {
        ...refund,
        object: "refund",
        currency: paid.currency,
        status: "succeeded",
        created: Math.floor(Date.now() / 1000),
      });
      return;
    }
    stripeError(response, 404, "invalid_request_error", `Unrecognized request URL (${request.method}: ${path}).`);
  }

  async function page(request: IncomingMessage, response: ServerResponse, id: string, action: string | undefined) {
    const session = sessions.get(id);
    if (!session) {
      response.writeHead(404, { "content-type": "text/plain" }).end("No such checkout session\n");
      return;
    }
    if (request.method === "POST" && action === "cancel") {
      response.writeHead(303, { location: session.cancel_url }).end();
      return;
    }
    if (request.method === "POST") {
      await readBody(request);
      await complete(id);
      response.writeHead(303, { location: session.success_url }).end();
      return;
    }
    const amount = (session.amount_total / 100).toFixed(2);
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pay (test stand-in)</title></head><body style="font-family: sans-serif; max-width: 30rem; margin: 2rem auto; padding: 0 1rem">
<h1>Test payment page</h1>
<p>${session.line_items_sent.map((line) => line.name.replace(/[<>&"]/g, "")).join(", ")}</p>
<p>Total: <strong>${session.currency.toUpperCase()} ${amount}</strong></p>
<form method="post" action="/pay/${id}"><button type="submit">Pay ${session.currency.toUpperCase()} ${amount}</button></form>
<form method="post" action="/pay/${id}/cancel"><button type="submit">Back</button></form>
</body></html>`);
  }

  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://standin").pathname;
    standin.calls.push(`${request.method} ${path}`);
    const paying = /^\/pay\/([A-Za-z0-9_]+)(?:\/(cancel))?$/.exec(path);
    const handled = paying ? page(request, response, paying[1] ?? "", paying[2]) : api(request, response, path);
    handled.catch((error: unknown) => {
      if (!response.headersSent) stripeError(response, 500, "api_error", String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standin.origin = origin;
  return standin;
}
