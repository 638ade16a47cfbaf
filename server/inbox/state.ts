import type { OutgoingMail } from "../mailer";
import type { SpamGuard } from "./spam";

/**
 * What the inbox keeps while it runs, beside the database (which is the server's: app.database, server/data/
 * resource.ts). Made by the plugin (plugin.ts), read by the routes it registers (route.ts, health.ts): a module of
 * its own, so that they do not import the plugin that imports them.
 */
export interface InboxState {
  /** The spam checks, when on and the database is open (they keep their keys in it). */
  guard: SpamGuard | null;
  /** Tells this server's outbox that an enquiry was queued (the back office's Not spam, Resend). */
  kick: () => void;
  /** The mail transport and the sender address (SMTP_*), when mail is set up: the office's digest uses it too. */
  mail: OutgoingMail | null;
}
