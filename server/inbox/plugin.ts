import type { FastifyPluginAsync } from "fastify";
import { openDatabase, type Database } from "../data/open";
import { describeDatabase } from "../data/settings";
import type { InboxConfig } from "./config";
import { healthRoute } from "./health";
import { composeMail } from "./mail";
import { type MailSender, smtpSender } from "../mailer";
import { submitRoute } from "./route";
import { SpamGuard } from "./spam";
import type { InboxState } from "./state";
import { InboxStore } from "../data/enquiries/store";
import { OutboxWorker } from "./worker";
import { plural } from "../words";

export interface InboxPluginOptions {
  config: InboxConfig;
  accessKey: string;
  /** The site's public address (SITE_URL): posts from its pages are the site's own. */
  siteUrl: string;
  /** Tests may replace the SMTP transport; by default it is built from config.smtp. */
  sender?: MailSender;
  /** The database's state, shared with the back office; a new one by default. */
  state?: InboxState;
  /** The back office's origin, for a link to each enquiry in its mail; null when the office is off. */
  office?: string | null;
}

/** The state of a database not opened yet. */
export const closedState = (engine: InboxState["engine"]): InboxState => ({
  engine,
  store: null,
  guard: null,
  openError: null,
});

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
  const state = options.state ?? closedState(config.database.engine);
  state.mail = transport ? { sender: transport, from, to: config.mailTo } : null;
  const where = describeDatabase(config.database);
  let database: Database | null = null;
  let worker: OutboxWorker | null = null;
  let reopenTimer: NodeJS.Timeout | undefined;
  let closed = false;

  const open = async (): Promise<boolean> => {
    try {
      // SQLite: busy_timeout 0, a lock is waited for on timers (server/busy.ts), never inside SQLite, which would block
      // every page. PostgreSQL: a broken idle connection is replaced by the pool at the next query.
      database = await openDatabase(config.database, {
        waitMs: config.database.engine === "sqlite" ? 0 : 5000,
        onConnectionError: (error) => app.log.warn(`The database connection broke (${error.message}); reconnecting`),
      });
      state.guard = config.spam ? await SpamGuard.create(database, config.spam) : null;
    } catch (error) {
      state.openError = error instanceof Error ? error.message : String(error);
      app.log.error(
        `The enquiry database (${where}) cannot be opened (${state.openError}); the pages are served, ` +
          `submissions are answered 503, and it is tried again every ${config.reopenMs / 1000} s`,
      );
      await database?.close().catch(() => {});
      database = null;
      return false;
    }
    const store = new InboxStore(database);
    state.store = store;
    state.openError = null;
    worker = transport
      ? new OutboxWorker(
          store,
          transport,
          (enquiry) => composeMail(enquiry, config.mailTo, from, options.office ?? null),
          config,
          app.log,
        )
      : null;
    state.kick = () => worker?.kick();
    await reportOnOpen(store).catch(() => {});
    return true;
  };

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

  const retryOpen = () => {
    reopenTimer = setTimeout(() => {
      if (closed) return;
      void open().then((opened) => {
        if (closed) return;
        if (opened) worker?.start();
        else retryOpen();
      });
    }, config.reopenMs);
    reopenTimer.unref();
  };

  if (!(await open())) retryOpen();

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
    await database?.close();
  });
};
