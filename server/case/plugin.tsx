/** @jsxImportSource preact */
/**
 * The traveller's case room at /case/ (issue 56): their own page, opened by the private link the office sent; the
 * papers they send (resumable uploads, uploads.ts); their own papers and their visa to download. Every route
 * declares who may call it (here: whoever holds the case's link) and checks its input with a schema; a wrong
 * link, whatever it is, gets the same plain page, and an address that tries many is stopped for a while (link.ts).
 * On server/data alone, like the office; neither imports the other.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { IncomingMessage } from "node:http";
import type { VNode } from "preact";
import { renderToString } from "preact-render-to-string";
import { z } from "zod";
import { type CaseRecord, CaseStore } from "../data/cases/store";
import type { Keyring } from "../data/cases/vault";
import { papersAlert } from "../data/alert-texts";
import { checkEndpoint, isPushKey } from "../push/endpoint";
import type { PushService } from "../push/plugin";
import { queueAlert } from "../data/push";
import { databaseRateLimitStore } from "../data/rate-limit-store";
import type { DatabaseResource } from "../data/resource";
import { isOwnOrigin } from "../own-origin";
import { attachmentHeader } from "../papers/inspect";
import { type CaseAssetFiles, caseWorkerPath, sendAsset, serveCaseAsset } from "./assets";
import { paperPolicy } from "./headers";
import { LinkGuard, uploadAllowed } from "./link";
import { type Agency, type AskedPaper, CannotOpenPage, CasePage, WrongLinkPage } from "./pages";
import type { Returned } from "../pay/case-payments";
import {
  confirmPassport,
  type PassportBody,
  passportBody,
  passportBodyLimit,
  passportShown,
} from "../papers/passport/confirm";
import { uploadsPath, uploadsServer } from "./uploads";
import { zodValidator } from "../zod-validator";

export interface CasePluginOptions {
  database: Pick<DatabaseResource, "connection">;
  keyring: Keyring;
  agency: Agency;
  /** The public site's address (SITE_URL): a request from its pages is same-origin. */
  siteUrl: string;
  /** The papers a case asks for (its checklist, by its kind of service). */
  checklist: (record: CaseRecord) => AskedPaper[];
  keepDays: number;
  assets: CaseAssetFiles;
  /** Papers an address may start sending in an hour (link.ts, uploadsPerHour); tests lower it. */
  uploadsPerHour?: number;
  /** Web Push (server/push): the traveller's phone told when their visa moves; off unless given. */
  push?: PushService;
  /** A traveller sent a paper: its alert is queued for everyone with alerts on; this tells the push worker. */
  alertsQueued?: () => void;
  /** The payments part of the page (issue 58: server/pay/case-payments.tsx); none without it. */
  payments?: (record: CaseRecord, token: string, returned: Returned) => Promise<VNode | null>;
}

/** A link as issued is 43 characters; anything up to 200 is looked up (and misses), longer is refused unread. */
const token = z.string().min(1).max(200);
const paperId = z.string().regex(/^[0-9a-f]{32}$/);
const uploadId = z.string().regex(/^[0-9a-f]{32}$/);
/** Back from the provider's payment page (issue 58): which payment, and whether it was cancelled. */
const returnedQuery = z.object({
  payment: z
    .string()
    .regex(/^[0-9a-f]{32}$/)
    .optional(),
  back: z.literal("cancelled").optional(),
});

/** A subscription is a few hundred bytes. */
const alertsBodyLimit = 4096;

function text(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).type("text/plain; charset=utf-8").send(`${message}\n`);
}

function html(reply: FastifyReply, status: number, page: VNode): FastifyReply {
  return reply
    .code(status)
    .type("text/html; charset=utf-8")
    .send(`<!doctype html>${renderToString(page)}`);
}

export const casePlugin: FastifyPluginAsync<CasePluginOptions> = async (app, options) => {
  const { agency, assets } = options;
  const store = () => {
    const database = options.database.connection?.database;
    return database ? new CaseStore(database, options.keyring) : null;
  };
  const RateStore = databaseRateLimitStore(() => options.database.connection?.database ?? null);
  const rateStore = new RateStore({} as never);
  const guard = new LinkGuard(() => rateStore);
  // A database whose papers were sealed under another documents key (a backup put back, another server's): said at
  // start, by the key's fingerprint, so that the owner puts the right DOCUMENTS_KEY back. The papers stay shut.
  app.addHook("onReady", async () => {
    const missing = await store()
      ?.missingKeys()
      .catch(() => []);
    if (missing && missing.length > 0) {
      app.log.error(
        `The travellers' papers are sealed under documents key ${missing.join(" and ")}, which this server does not ` +
          "have: set DOCUMENTS_KEY (or DOCUMENTS_KEY_FILE) to that key, from where it was kept apart from the " +
          "backups. Until then no paper opens (npm run doctor checks it).",
      );
    }
  });
  /** The case each request to the uploads was let through for (uploads.ts reads it). */
  const letThrough = new WeakMap<IncomingMessage, CaseRecord>();

  const wrongLink = (reply: FastifyReply, stopped: boolean) =>
    html(reply, stopped ? 429 : 404, <WrongLinkPage agency={agency} assets={assets.urls} stopped={stopped} />);

  /** The database is out of reach (restarting, say): not the link's fault, and not counted against the address. */
  const cannotOpen = (reply: FastifyReply) =>
    html(reply.header("retry-after", "60"), 503, <CannotOpenPage agency={agency} assets={assets.urls} />);

  /** The case a link opens, or null after answering with the wrong-link page (and counting the miss). */
  async function caseOfLink(request: FastifyRequest, reply: FastifyReply, link: string): Promise<CaseRecord | null> {
    if (guard.isStopped(request.ip)) {
      wrongLink(reply, true);
      return null;
    }
    const cases = store();
    if (!cases) {
      cannotOpen(reply);
      return null;
    }
    let record: CaseRecord | undefined;
    try {
      record = await cases.byLink(link, new Date());
    } catch (error) {
      app.log.error({ err: error }, "A traveller's link could not be looked up");
      cannotOpen(reply);
      return null;
    }
    if (record) return record;
    wrongLink(reply, await guard.missed(request.ip));
    return null;
  }

  /** A request that changes something comes from the site's own pages, never another site's. */
  function sameOrigin(request: FastifyRequest): boolean {
    if (request.headers["sec-fetch-site"] === "cross-site") return false;
    const origin = request.headers.origin;
    return origin === undefined || isOwnOrigin(origin, request.headers.host, new URL(options.siteUrl).origin);
  }

  await app.register(async (room: FastifyInstance) => {
    room.setValidatorCompiler(zodValidator);
    // tus sends the bytes as they are: handed to the tus server unread.
    room.addContentTypeParser("application/offset+octet-stream", (_request, _payload, done) => done(null));

    // Who may: anyone. The room's own files (and the passport reader's engine under ocr/<hash>/), no case's data.
    room.get("/case/assets/*", {
      schema: { params: z.object({ "*": z.string().max(120) }) },
      handler: async (request, reply) => serveCaseAsset(assets, request, reply),
    });

    // Who may: anyone (it holds nothing private). The room's service worker, at the root of its scope.
    room.get(caseWorkerPath, async (request, reply) => sendAsset(request, reply, assets.worker));

    // Who may: whoever holds the link. The traveller's page.
    room.get("/case/:token", {
      schema: { params: z.object({ token }), querystring: returnedQuery },
      handler: async (request, reply) => {
        const link = (request.params as { token: string }).token;
        const record = await caseOfLink(request, reply, link);
        if (!record) return reply;
        const cases = store();
        if (!cases) return reply;
        const [events, papers, payments, passport] = await Promise.all([
          cases.events(record.id),
          cases.papers(record.id),
          options.payments?.(record, link, request.query as Returned) ?? null,
          passportShown(cases, record),
        ]);
        return html(
          reply,
          200,
          <CasePage
            agency={agency}
            assets={assets.urls}
            record={record}
            events={events}
            asked={options.checklist(record)}
            papers={papers}
            token={link}
            keepDays={options.keepDays}
            alertsKey={options.push?.publicKey() ?? null}
            payments={payments}
            passport={passport}
          />,
        );
      },
    });

    // Who may: whoever holds the link, from the site's own pages, for their own case. Their phone told when their
    // visa moves (Web Push): only a known push service's address, checked again at each send (server/push).
    const alertsParams = z.object({ token });
    room.post("/case/:token/alerts", {
      bodyLimit: alertsBodyLimit,
      schema: {
        params: alertsParams,
        body: z.object({
          endpoint: z.string().min(1).max(1000),
          keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
        }),
      },
      handler: async (request, reply) => {
        const setting = options.push?.setting;
        if (!sameOrigin(request)) return text(reply, 403, "Notifications are turned on from the case's own page.");
        if (!setting?.on) return text(reply, 409, "Notifications are not sent from this server: we e-mail you.");
        const record = await caseOfLink(request, reply, (request.params as { token: string }).token);
        if (!record) return reply;
        const { endpoint, keys } = request.body as { endpoint: string; keys: { p256dh: string; auth: string } };
        if (!isPushKey(keys.p256dh, 65) || !isPushKey(keys.auth, 16) || (await checkEndpoint(endpoint, setting))) {
          return text(reply, 400, "This phone's notification address cannot be used. Please try again.");
        }
        await store()?.addDevice(record.id, { endpoint, p256dh: keys.p256dh, auth: keys.auth }, new Date());
        return reply.code(204).send();
      },
    });
    room.post("/case/:token/alerts/off", {
      bodyLimit: alertsBodyLimit,
      schema: { params: alertsParams, body: z.object({ endpoint: z.string().min(1).max(1000) }) },
      handler: async (request, reply) => {
        if (!sameOrigin(request)) return text(reply, 403, "Notifications are turned off from the case's own page.");
        const record = await caseOfLink(request, reply, (request.params as { token: string }).token);
        if (!record) return reply;
        const removed = await store()?.removeDevice(record.id, (request.body as { endpoint: string }).endpoint);
        return removed ? reply.code(204).send() : text(reply, 404, "Notifications were not on for this phone.");
      },
    });

    // Who may: whoever holds the link, from the site's own pages, for their own open case. The passport as they
    // confirmed it (issue 57), checked again here: server/papers/passport/confirm.ts.
    room.post("/case/:token/passport", {
      bodyLimit: passportBodyLimit,
      schema: { params: z.object({ token }), body: passportBody },
      handler: async (request, reply) => {
        if (!sameOrigin(request)) return text(reply, 403, "The passport is confirmed from the case's own page.");
        const record = await caseOfLink(request, reply, (request.params as { token: string }).token);
        if (!record) return reply;
        if (record.stage === "closed") return text(reply, 409, "This case is closed: call us if you need to.");
        const cases = store();
        if (!cases) return cannotOpen(reply);
        const answer = await confirmPassport(cases, record, request.body as PassportBody, new Date());
        return reply.code(answer.status).send(answer.body);
      },
    });

    // Who may: whoever holds the link, for the papers of that case alone (theirs, and their visa). A download only.
    room.get("/case/:token/papers/:paper", {
      schema: { params: z.object({ token, paper: paperId }) },
      handler: async (request, reply) => {
        const params = request.params as { token: string; paper: string };
        const record = await caseOfLink(request, reply, params.token);
        if (!record) return reply;
        const cases = store();
        const paper = cases ? await cases.paper(record.id, params.paper) : undefined;
        if (!cases || !paper || paper.deletedAt !== null) {
          return html(reply, 404, <WrongLinkPage agency={agency} assets={assets.urls} stopped={false} />);
        }
        const bytes = await cases.openPaper(record.id, paper.id);
        return reply
          .code(200)
          .type(paper.type)
          .header("content-disposition", attachmentHeader(paper.name))
          .header("x-content-type-options", "nosniff")
          .header("content-security-policy", paperPolicy)
          .send(bytes);
      },
    });

    // Who may: whoever holds the link (the Case-Link header), from the site's own pages; an upload only through its
    // own case. Then tus (uploads.ts) takes it as the protocol says.
    const tus = uploadsServer({
      cases: store,
      caseOf: (request) => letThrough.get(request),
      papersOf: (record) => options.checklist(record).map((item) => item.key),
      onPaper: (record, _paperId, paperKey) => {
        const database = options.database.connection?.database;
        if (!database) return;
        const paper = options.checklist(record).find((item) => item.key === paperKey)?.title ?? "A paper";
        void queueAlert(database.db, {
          to: "everyone-on",
          ...papersAlert({ caseId: record.id, name: record.name, paper }),
        })
          .then(() => options.alertsQueued?.())
          .catch((error: unknown) => app.log.error({ err: error }, "The alert of a paper sent could not be queued"));
      },
    });
    const uploadHeaders = z.looseObject({ "case-link": token });
    const handToTus = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!sameOrigin(request))
        return reply.code(403).type("text/plain").send("Uploads come from the case's own page.\n");
      const record = await caseOfLink(request, reply, (request.headers as { "case-link": string })["case-link"]);
      if (!record) return reply;
      if (record.stage === "closed") {
        return reply.code(409).type("text/plain").send("This case is closed: call us if you need to send something.\n");
      }
      const id = (request.params as { id?: string }).id;
      if (id === undefined && !(await uploadAllowed(rateStore, request.ip, options.uploadsPerHour))) {
        return reply
          .code(429)
          .type("text/plain")
          .send("Too many papers were sent from this connection in the last hour. Please wait a while, or call us.\n");
      }
      if (id !== undefined) {
        const upload = await store()?.upload(id);
        if (!upload || upload.caseId !== record.id) return reply.code(404).type("text/plain").send("Not found\n");
      }
      letThrough.set(request.raw, record);
      reply.hijack();
      await tus.handle(request.raw, reply.raw);
    };
    room.post(uploadsPath, { schema: { headers: uploadHeaders }, handler: handToTus });
    for (const method of ["HEAD", "PATCH"] as const) {
      room.route({
        method,
        url: `${uploadsPath}/:id`,
        schema: { headers: uploadHeaders, params: z.object({ id: uploadId }) },
        handler: handToTus,
      });
    }
  });
};
