import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import { databaseRateLimitStore } from "../data/rate-limit-store";
import type { OutgoingMail } from "../mailer";
import { pushOffReason } from "../push/config";
import { type PushService, pushService } from "../push/plugin";
import { buildOfficeAssets } from "./assets";
import type { OfficeCases } from "./context";
import { paperLimits } from "../papers/inspect";
import type { OfficeSetting } from "./config";
import { OfficeError, officeContext } from "./context";
import { readReplyTexts } from "./replies";
import { officeRoutes } from "./routes";
import * as assets from "./routes/assets";
import * as campaigns from "./routes/campaigns";
import * as cases from "./routes/cases";
import * as data from "./routes/data";
import * as elsewhere from "./routes/elsewhere";
import * as enquiry from "./routes/enquiry";
import * as health from "./routes/health";
import * as inbox from "./routes/inbox";
import * as me from "./routes/me";
import * as owner from "./routes/owner";
import * as signIn from "./routes/sign-in";
import * as stats from "./routes/stats";
import { formFields, formLimit, officeRouting, requireDeclaredAccess, zodValidator } from "./routing";

export interface OfficePluginOptions {
  setting: OfficeSetting;
  /** The mail transport, when mail is set up (SMTP_*): the inbox's outbox mails through it too. */
  mail: OutgoingMail | null;
  /** Tells this server's outbox that an enquiry was queued (Not spam, Resend). */
  kick: () => void;
  agencyName: string;
  /** The public site's address (SITE_URL): a ready text points to a page of it. */
  siteUrl: string;
  /** Alerts on people's phones (server/push); off unless given. */
  push?: PushService;
  /** The travellers' cases (issue 56): the documents key, the days papers are kept, the checklists. */
  cases: OfficeCases;
}

/** The office's pages and actions, one module an area, each registering its rows of the route table (routes.ts). */
const routeModules = [assets, signIn, inbox, stats, campaigns, enquiry, cases, me, owner, data, health, elsewhere];

/**
 * The back office at /office, for the agency's people (issue 26): sign-in with passkeys, the inbox of enquiries
 * and one enquiry at a time. Server-rendered pages; its one script runs the passkey ceremonies and notes reply
 * taps. Served by this server only, from the same database as the inbox.
 */
export const officePlugin: FastifyPluginAsync<OfficePluginOptions> = async (app, options) => {
  const { setting, mail, kick, agencyName, siteUrl } = options;
  const push = options.push ?? pushService({ on: false, reason: pushOffReason });
  if (!setting.on) {
    app.log.warn(`The back office (/office) is off: ${setting.reason}`);
    return;
  }
  const { config } = setting;
  const ctx = officeContext({
    config,
    database: app.database,
    mail,
    kick,
    agencyName,
    siteUrl,
    push,
    assets: await buildOfficeAssets(),
    texts: readReplyTexts(),
    cases: options.cases,
  });

  await app.register(async (office: FastifyInstance) => {
    requireDeclaredAccess(office);
    office.setValidatorCompiler(zodValidator);
    office.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: formLimit },
      (_request, body, done) => done(null, formFields(String(body))),
    );
    // A file the office's script sends as it is (a case's visa, issue 56): only the route that takes one (its own
    // body limit) reads it; every other route's schema refuses it.
    office.addContentTypeParser(
      "application/octet-stream",
      { parseAs: "buffer", bodyLimit: paperLimits.fileBytes },
      (_request, body, done) => done(null, body),
    );
    await office.register(rateLimit, {
      global: false,
      store: databaseRateLimitStore(() => app.database.connection?.database ?? null),
      skipOnError: true,
      keyGenerator: (request) => `office-sign-in:${request.ip}`,
      errorResponseBuilder: (_request, context) =>
        new OfficeError(429, `Too many sign-in attempts from this address; please try again in ${context.after}.`),
    });

    const { on, unregistered } = officeRouting(office, ctx);
    for (const routes of routeModules) routes.register(on, ctx);
    // The table is the one list of the office's addresses: a row without a handler is a mistake, found at start.
    const missing = unregistered(officeRoutes);
    if (missing.length > 0) throw new Error(`The office routes ${missing.join(", ")} have no handler.`);
  });
};
