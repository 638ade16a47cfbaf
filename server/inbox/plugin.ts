import type { FastifyPluginAsync } from "fastify";
import type { InboxConfig } from "./config";
import { openInboxDb } from "./db";
import { composeMail } from "./mail";
import { type MailSender, smtpSender } from "./mailer";
import { submitRoute } from "./route";
import { InboxStore } from "./store";
import { OutboxWorker } from "./worker";

export interface InboxPluginOptions {
  config: InboxConfig;
  accessKey: string;
  /** Tests may replace the SMTP transport; by default it is built from config.smtp. */
  sender?: MailSender;
}

/**
 * The enquiry inbox: the database, POST /api/submit and the outbox worker, all closed with the server
 * (the worker first, so no send is cut short, then the database).
 */
export const inboxPlugin: FastifyPluginAsync<InboxPluginOptions> = async (app, { config, accessKey, sender }) => {
  const db = openInboxDb(config.dbPath);
  const store = new InboxStore(db);
  const transport = sender ?? (config.smtp ? smtpSender(config.smtp) : null);
  const from = config.smtp?.from ?? config.mailTo;
  const worker = transport
    ? new OutboxWorker(store, transport, (enquiry) => composeMail(enquiry, config.mailTo, from), config.retry, app.log)
    : null;

  if (worker) {
    app.log.info(`Enquiries are stored in ${config.dbPath} and e-mailed to ${config.mailTo}`);
  } else {
    app.log.warn(
      `SMTP is not configured (SMTP_HOST): enquiries are stored in ${config.dbPath} but not e-mailed; ` +
        `list them with "npm run enquiries"`,
    );
  }

  await app.register(submitRoute, {
    store,
    accessKey,
    rateLimit: config.rateLimit,
    onStored: () => worker?.kick(),
  });

  app.addHook("onReady", async () => worker?.start());
  app.addHook("onClose", async () => {
    await worker?.stop();
    db.close();
  });
};
