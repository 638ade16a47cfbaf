import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { SiteSettings } from "../app/lib/settings";
import { adminFolder, adminHeaders, adminPath, type CmsSettings, isAdminPath, readCmsSettings } from "./admin";
import { cacheControl, headersFor, securityHeaders } from "./headers";
import { type InboxConfig, readInboxConfig } from "./inbox/config";
import { databaseResource } from "./data/resource";
import { closedState, inboxMail, inboxPlugin } from "./inbox/plugin";
import { type ChoreSettings, Chores, readChoreSettings } from "./office/chores";
import { type OfficeSetting, readOfficeSetting } from "./office/config";
import { isOfficePath, officeHeaders, officePaperPolicy } from "./office/headers";
import { officePlugin } from "./office/plugin";
import { notFoundFileOf, resolvePage } from "./pages";
import { isServableFile, publicSegments } from "./public-path";
import { type PushSetting, readPushSetting } from "./push/config";
import { pushPlugin, pushService } from "./push/plugin";
import { withRequestLog } from "./request-log";
import { buildCaseAssets, caseAssetsPath } from "./case/assets";
import { caseHeaders, isCasePath, paperPolicy } from "./case/headers";
import { casePlugin } from "./case/plugin";
import { type DocumentsSetting, readDocumentsSetting } from "./case/documents";
import { checklistsOf, loadPapers } from "./papers/checklist";
import { collectScriptHashes } from "./script-hashes";
import { type CollectorConfig, collectorPlugin } from "./stats/collector";
import { paymentsOnCasePage } from "./pay/case-payments";
import { type PaymentsSetting, readPaymentsSetting } from "./pay/config";
import { payPlugin } from "./pay/plugin";
import type { PaymentRecord } from "./data/payments/store";
import type { Agency as InvoiceAgency } from "./data/invoices/store";
import { invoiceAgency } from "./invoices/agency";
import { paidFollowUp } from "./office/paid";
import { readServerSettings } from "./settings";

export interface ServerOptions {
  /** The client build: build/client. */
  root: string;
  settings: SiteSettings;
  /** Fastify's logger option: true logs to stdout; tests pass a stream to read what is logged. */
  logger?: FastifyServerOptions["logger"];
  /**
   * Log each request's visitor address and query string (LOG_VISITORS=on). Off by default: the log then keeps the
   * method, host and path alone (server/request-log.ts).
   */
  logVisitors?: boolean;
  /** The enquiry inbox (POST /api/submit); by default read from the environment. */
  inbox?: InboxConfig;
  /**
   * Which proxies to trust for the client address (rate limits are per address): Fastify's trustProxy value,
   * the proxy's addresses (TRUST_PROXY). Off by default, so a visitor cannot pick their own address with
   * X-Forwarded-For; `true` would let them (server/index.ts warns of it).
   */
  trustProxy?: FastifyServerOptions["trustProxy"];
  /** Tests shorten these; see `defaultTimeouts`. */
  timeouts?: ServerTimeouts;
  /** The editor at /admin (its policy names its git host); by default read from the environment. */
  cms?: CmsSettings;
  /** The back office at /office; by default read from the environment (OFFICE_URL, SITE_URL). */
  office?: OfficeSetting;
  /** Retention and the daily digest; by default read from the environment (RETENTION_MONTHS, OFFICE_DIGEST). */
  chores?: ChoreSettings;
  /** The statistics collector's batching and rate limit (server/stats/collector.ts); tests shorten them. */
  stats?: Partial<CollectorConfig>;
  /** Alerts on the agency's phones (server/push); by default read from the environment (PUSH_CONTACT). */
  push?: PushSetting;
  /**
   * The travellers' papers (issue 56): the documents key they are sealed under and the days a closed case keeps
   * them; by default read from the environment (DOCUMENTS_KEY or its key file beside the SQLite file).
   */
  documents?: DocumentsSetting;
  /** Payments (issue 58): off, or the provider; by default read from the environment (PAYMENTS_PROVIDER…). */
  payments?: PaymentsSetting;
  /**
   * A payment was marked paid by this server (once per payment): what follows it (server/pay/plugin.ts). By default
   * its tax invoice, mailed to the traveller, and the staff's alert (server/office/paid.ts); tests may pass their own.
   */
  onPaid?: (payment: PaymentRecord) => void | Promise<void>;
  /** The agency as its tax invoices name it; by default read from the environment (AGENCY_TRN, AGENCY_ADDRESS…). */
  invoices?: InvoiceAgency;
}

export interface ServerTimeouts {
  /** A client must have sent all its request headers within this… */
  headersMs: number;
  /** …and the whole request, body included, within this. */
  requestMs: number;
  /** An idle kept-alive connection is closed after this. */
  keepAliveMs: number;
  /** How often Node checks the first two (its default, 30 s, would let a slow client stay that much longer). */
  checkEveryMs: number;
}

/**
 * Slow clients cannot hold connections: the largest request (64 KiB) takes well under a second on any working
 * connection, and a browser reopens an idle connection at no visible cost.
 */
export const defaultTimeouts: ServerTimeouts = {
  headersMs: 10_000,
  requestMs: 30_000,
  keepAliveMs: 5_000,
  checkEveryMs: 1_000,
};

/** The production server: pre-rendered pages, pre-compressed static files, headers, redirects and 404s. */
export async function buildServer({
  root,
  settings,
  logger = false,
  logVisitors = false,
  inbox = readInboxConfig(process.env, settings.email),
  trustProxy = false,
  timeouts = defaultTimeouts,
  cms = readCmsSettings(process.env),
  office = readOfficeSetting(process.env, settings),
  chores = readChoreSettings(process.env),
  stats,
  push = readPushSetting(process.env),
  documents = readDocumentsSetting(process.env, inbox.database),
  payments = readPaymentsSetting(process.env),
  onPaid,
  invoices = invoiceAgency(readServerSettings(process.env, ["AGENCY_NAME", "AGENCY_ADDRESS", "AGENCY_TRN"])),
}: ServerOptions): Promise<FastifyInstance> {
  if (!existsSync(join(root, "index.html"))) {
    throw new Error(`No build found in ${root}: run "npm run build" first.`);
  }
  const app = Fastify({
    logger: withRequestLog(logger, logVisitors),
    trustProxy,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: timeouts.checkEveryMs },
  });
  // The policy allows exactly the inline scripts of the pages being served, hashed once at start-up.
  const headers = securityHeaders(settings, await collectScriptHashes(root));
  const editorHeaders = adminHeaders(headers, cms);

  app.addHook("onSend", async (request, reply) => {
    const type = String(reply.getHeader("content-type") ?? "");
    const pathname = new URL(request.url, "http://localhost").pathname;
    // The back office: its own policy, never stored or indexed (server/office/headers.ts).
    if (isOfficePath(pathname)) {
      // A case's paper keeps its own policy (a sandbox: server/office/routes/cases.tsx).
      const paper = reply.getHeader("content-security-policy") === officePaperPolicy;
      reply.headers(officeHeaders(headers, pathname.startsWith("/office/assets/") && reply.statusCode === 200));
      if (paper) reply.header("content-security-policy", officePaperPolicy);
      return;
    }
    // The traveller's case room: the same, and no Referer ever (its link is in its address: server/case/headers.ts).
    if (isCasePath(pathname)) {
      // A paper served back keeps its own policy (a sandbox: server/case/plugin.tsx).
      const paper = reply.getHeader("content-security-policy") === paperPolicy;
      reply.headers(
        caseHeaders(
          headers,
          pathname.startsWith(caseAssetsPath) && reply.statusCode === 200,
          payments.on ? payments.provider.checkoutOrigins : [],
        ),
      );
      if (paper) reply.header("content-security-policy", paperPolicy);
      return;
    }
    // The editor's files: its own policy, and never indexed (scripts included).
    if (isAdminPath(pathname)) {
      reply.headers({ ...headersFor(type, editorHeaders), "x-robots-tag": editorHeaders["x-robots-tag"] });
    } else {
      reply.headers(headersFor(type, headers));
    }
    if (!reply.hasHeader("cache-control")) reply.header("cache-control", cacheControl(request.url, reply.statusCode));
  });

  // Before anything else looks at the path: a private spelling is answered as a page that does not exist.
  app.addHook("onRequest", async (request, reply) => {
    if (request.method !== "GET" && request.method !== "HEAD") return;
    // The back office's addresses are its own (an invitation token may begin with _ or -), answered by its routes;
    // so are the case room's (a case's link may too).
    const path = new URL(request.url, "http://localhost").pathname;
    if (isOfficePath(path) || isCasePath(path)) return;
    if (publicSegments(request.url) === null) return reply.code(404).sendFile(notFoundFileOf("/"));
  });

  await app.register(fastifyStatic, {
    root,
    preCompressed: true,
    index: false,
    redirect: false,
    wildcard: true,
    // Cache-Control is set above, by path.
    cacheControl: false,
    serveDotFiles: false,
    // Only pages and assets (server/public-path.ts): never a dotfile, a file for other hosts (_headers) or
    // React Router's unused SPA fallback. Files the server itself sends (the 404 pages) are named here, not asked for.
    allowedPath: (pathName) => isServableFile(pathName.startsWith("/") ? pathName : `/${pathName}`),
  });

  // One database for the inbox, the statistics and the back office, a resource of its own (app.database): opened
  // when the server gets ready, tried again after an outage, closed after them.
  await app.register(databaseResource, { setting: inbox.database, reopenMs: inbox.reopenMs });
  // One mail transport for the inbox's outbox and the office's digest.
  const mail = inboxMail(inbox);
  const state = closedState();
  // Alerts: queued with each enquiry (server/data/push.ts), sent by this server's push worker.
  const alerts = pushService(push);
  await app.register(pushPlugin, { service: alerts });
  await app.register(inboxPlugin, {
    config: inbox,
    accessKey: settings.formAccessKey,
    siteUrl: settings.siteUrl,
    mail,
    state,
    office: office.on ? office.config.origin : null,
    onStored: () => alerts.kick(),
  });
  await app.register(collectorPlugin, { siteUrl: settings.siteUrl, config: stats });
  // The papers each service asks for (content/office/papers.yaml), for the office and the case room: a mistake in
  // the file stops the start here.
  const checklists = checklistsOf(loadPapers());
  // The case room's files, the passport reader among them (the office reads a passport photo with it too).
  const caseAssets = await buildCaseAssets();
  await app.register(officePlugin, {
    setting: office,
    mail,
    kick: () => state.kick(),
    agencyName: settings.agencyName,
    siteUrl: settings.siteUrl,
    push: alerts,
    cases: {
      keyring: documents.keyring,
      keepDays: documents.keepDays,
      checklists,
      phone: settings.phone.display,
      passportReader: caseAssets.passport.reader,
      payments: payments.on
        ? { provider: payments.provider, offReason: null, invoices }
        : { provider: null, offReason: payments.reason, invoices },
    },
  });
  // The traveller's case room (issue 56), on the same database, sealing papers under the documents key.
  const agency = {
    name: settings.agencyName,
    phone: settings.phone,
    whatsappDigits: settings.whatsappDigits,
    email: settings.email,
  };
  await app.register(casePlugin, {
    database: app.database,
    keyring: documents.keyring,
    agency,
    siteUrl: settings.siteUrl,
    checklist: (record) => checklists.get(record.kind) ?? [],
    keepDays: documents.keepDays,
    assets: caseAssets,
    alertsQueued: () => alerts.kick(),
    push: alerts,
    payments: paymentsOnCasePage(app.database, payments.on),
  });
  // Payments (issue 58): the provider's notification and the traveller's "Pay now".
  await app.register(payPlugin, {
    database: app.database,
    provider: payments.on ? payments.provider : null,
    keyring: documents.keyring,
    agency,
    assets: caseAssets,
    siteUrl: settings.siteUrl,
    onPaid:
      onPaid ??
      paidFollowUp({
        database: app.database,
        keyring: documents.keyring,
        agency: invoices,
        mail,
        log: app.log,
        alertsQueued: () => alerts.kick(),
      }),
    alertsQueued: () => alerts.kick(),
  });
  // The nightly clean-up runs whether the office is on or not: what is kept, and for how long, does not depend on it.
  const daily = new Chores(app.database, {
    settings: chores,
    office: office.on ? office.config.origin : null,
    agencyName: settings.agencyName,
    log: app.log,
    mail,
    alertsQueued: () => alerts.kick(),
  });
  app.addHook("onReady", async () => daily.start());
  app.addHook("onClose", async () => daily.stop());

  app.addHook("onRequest", async (request, reply) => {
    if (request.method !== "GET" && request.method !== "HEAD") return;
    const url = new URL(request.url, "http://localhost");
    // The editor's page, at one spelling like every page.
    if (url.pathname.toLowerCase().replace(/\/+$/, "") === adminPath) {
      if (url.pathname !== adminPath) return reply.redirect(adminPath + url.search, 301);
      return reply.code(200).sendFile(`${adminFolder}/index.html`);
    }
    const answer = resolvePage(url.pathname, url.search);
    if (answer.kind === "redirect") {
      return reply.redirect(answer.location, 301);
    }
    if (answer.kind === "page") {
      return reply.code(answer.status).sendFile(answer.file);
    }
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.method !== "GET" && request.method !== "HEAD") {
      return reply.code(404).send({ success: false, message: "Not found" });
    }
    return reply.code(404).sendFile(notFoundFileOf(new URL(request.url, "http://localhost").pathname));
  });

  return app;
}
