import type { FastifyPluginAsync } from "fastify";
import type { InboxStore } from "../data/enquiries/store";
import { describeDatabase } from "../data/settings";
import { type OutgoingMail, smtpSender } from "../mailer";
import type { InboxConfig } from "./config";
import { healthRoute } from "./health";
import { composeMail } from "./mail";
import { submitRoute } from "./route";
import { SpamGuard } from "./spam";
import type { InboxState } from "./state";
import { OutboxWorker } from "./worker";
import { plural } from "../words";

export interface InboxPluginOptions {
  config: InboxConfig;
  accessKey: string;
  /** The site's public address (SITE_URL): posts from its pages are the site's own. */
  siteUrl: string;
  /** The mail transport; by default built from config.smtp (none without it). */
  mail?: OutgoingMail | null;
  /**
   * What the inbox keeps while it runs, shared with whoever made it (the server has the office's Resend kick the
   * outbox through it); a new one by default.
   */
  state?: InboxState;
  /** The back office's origin, for a link to each enquiry in its mail; null when the office is off. */
  office?: string | null;
  /** Told when submissions were stored (the server's push worker sends their alerts now: server/push). */
  onStored?: () => void;
}

/** The mail transport of the inbox's settings (SMTP_*), null when SMTP_HOST is not set. */
export function inboxMail(config: InboxConfig): OutgoingMail | null {
  if (!config.smtp) return null;
  return { sender: smtpSender(config.smtp), from: config.smtp.from, to: config.mailTo };
}

/** The state of an inbox whose database is not open yet. */
export const closedState = (): InboxState => ({ guard: null, kick: () => {}, mail: null });

/**
 * The enquiry inbox: POST /api/submit, GET /healthz and the outbox worker, on the server's database (app.database,
 * server/data/resource.ts), which opens it and tries again while it cannot. Each time it opens, the spam guard reads
 * its keys and a worker is made for its outbox, started once the server is ready and stopped when it closes (before
 * the database is closed, so no send is cut short). While the database is not open, submissions are answered 503.
 */
export const inboxPlugin: FastifyPluginAsync<InboxPluginOptions> = async (app, options) => {
  const { config } = options;
  const mail = options.mail === undefined ? inboxMail(config) : options.mail;
  const state = options.state ?? closedState();
  state.mail = mail;
  const where = describeDatabase(config.database);
  let worker: OutboxWorker | null = null;
  let ready = false;

  app.database.onOpen(async ({ database, enquiries }) => {
    state.guard = config.spam ? await SpamGuard.create(database, config.spam) : null;
    worker = mail
      ? new OutboxWorker(
          enquiries,
          mail.sender,
          (enquiry) => composeMail(enquiry, mail.to, mail.from, options.office ?? null),
          config,
          app.log,
        )
      : null;
    state.kick = () => worker?.kick();
    await reportOnOpen(enquiries).catch(() => {});
    if (ready) worker?.start();
  });

  const reportOnOpen = async (store: InboxStore) => {
    if (worker) {
      app.log.info(`Enquiries are stored in ${where} and e-mailed to ${config.mailTo}`);
    } else {
      app.log.warn(
        `SMTP is not configured (SMTP_HOST): enquiries are stored in ${where} but not e-mailed; ` +
          `list them with "npm run enquiries"`,
      );
    }
    const { rejected, held } = await store.health();
    if (rejected > 0) {
      app.log.warn(
        `${plural(rejected, "enquiry was", "enquiries were")} rejected by the mail server and ` +
          `${rejected === 1 ? "is" : "are"} no longer tried: see "npm run enquiries -- --pending"`,
      );
    }
    if (held > 0) {
      app.log.info(
        `${plural(held, "submission is", "submissions are")} held as suspected spam: "npm run enquiries -- --held"`,
      );
    }
  };

  await app.register(submitRoute, {
    state,
    accessKey: options.accessKey,
    siteUrl: options.siteUrl,
    config,
    onStored: () => {
      worker?.kick();
      options.onStored?.();
    },
  });
  await app.register(healthRoute, { state });

  app.addHook("onReady", async () => {
    ready = true;
    worker?.start();
  });
  app.addHook("onClose", async () => {
    await worker?.stop();
  });
};
