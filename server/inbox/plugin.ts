import type Database from "better-sqlite3";
import type { FastifyPluginAsync } from "fastify";
import type { InboxConfig } from "./config";
import { openInboxDb } from "./db";
import { healthRoute } from "./health";
import { composeMail } from "./mail";
import { type MailSender, smtpSender } from "./mailer";
import { submitRoute } from "./route";
import { SpamGuard } from "./spam";
import { InboxStore } from "./store";
import { OutboxWorker } from "./worker";

export interface InboxPluginOptions {
  config: InboxConfig;
  accessKey: string;
  /** The site's public address (SITE_URL): posts from its pages are the site's own. */
  siteUrl: string;
  /** Tests may replace the SMTP transport; by default it is built from config.smtp. */
  sender?: MailSender;
}

/** The inbox's database while it is open; null while it cannot be opened, with the reason. */
export interface InboxState {
  store: InboxStore | null;
  /** The spam checks, when on (they keep their keys in the database). */
  guard: SpamGuard | null;
  openError: string | null;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * The enquiry inbox: the database, POST /api/submit, GET /healthz and the outbox worker, all closed with the
 * server (the worker first, so no send is cut short, then the database). If the database cannot be opened, the
 * site still starts: the pages do not need it, submissions are answered 503 and it is tried again every
 * `reopenMs` until it opens.
 */
export const inboxPlugin: FastifyPluginAsync<InboxPluginOptions> = async (app, options) => {
  const { config, sender } = options;
  const transport = sender ?? (config.smtp ? smtpSender(config.smtp) : null);
  const from = config.smtp?.from ?? config.mailTo;
  const state: InboxState = { store: null, guard: null, openError: null };
  let db: Database.Database | null = null;
  let worker: OutboxWorker | null = null;
  let reopenTimer: NodeJS.Timeout | undefined;
  let closed = false;

  const open = (): boolean => {
    try {
      // busy_timeout 0: a lock is waited for on timers (busy.ts), never inside SQLite, which would block every page.
      db = openInboxDb(config.dbPath, 0);
    } catch (error) {
      state.openError = error instanceof Error ? error.message : String(error);
      app.log.error(
        `The enquiry database ${config.dbPath} cannot be opened (${state.openError}); the pages are served, ` +
          `submissions are answered 503, and it is tried again every ${config.reopenMs / 1000} s`,
      );
      return false;
    }
    const store = new InboxStore(db);
    state.guard = config.spam ? new SpamGuard(db, config.spam) : null;
    state.store = store;
    state.openError = null;
    worker = transport
      ? new OutboxWorker(store, transport, (enquiry) => composeMail(enquiry, config.mailTo, from), config, app.log)
      : null;
    reportOnOpen(store);
    return true;
  };

  const reportOnOpen = (store: InboxStore) => {
    if (worker) {
      app.log.info(`Enquiries are stored in ${config.dbPath} and e-mailed to ${config.mailTo}`);
    } else {
      app.log.warn(
        `SMTP is not configured (SMTP_HOST): enquiries are stored in ${config.dbPath} but not e-mailed; ` +
          `list them with "npm run enquiries"`,
      );
    }
    const { rejected, held } = store.health();
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

  const retryOpen = () => {
    reopenTimer = setTimeout(() => {
      if (closed) return;
      if (open()) worker?.start();
      else retryOpen();
    }, config.reopenMs);
    reopenTimer.unref();
  };

  if (!open()) retryOpen();

  await app.register(submitRoute, {
    state,
    accessKey: options.accessKey,
    siteUrl: options.siteUrl,
    config,
    onStored: () => worker?.kick(),
  });
  await app.register(healthRoute, { state });

  app.addHook("onReady", async () => worker?.start());
  app.addHook("onClose", async () => {
    closed = true;
    clearTimeout(reopenTimer);
    await worker?.stop();
    db?.close();
  });
};
