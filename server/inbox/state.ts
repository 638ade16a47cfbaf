import type { Engine } from "../data/open";
import type { MailSender } from "../mailer";
import type { SpamGuard } from "./spam";
import type { InboxStore } from "../data/enquiries/store";

/**
 * The inbox's database while it is open; null while it cannot be opened, with the reason. Made by the plugin
 * (plugin.ts), read by the routes it registers (route.ts, health.ts): a module of its own, so that they do not
 * import the plugin that imports them.
 */
export interface InboxState {
  /** "sqlite" or "postgres", for /healthz. */
  engine: Engine;
  store: InboxStore | null;
  /** The spam checks, when on (they keep their keys in the database). */
  guard: SpamGuard | null;
  openError: string | null;
  /** Tells this server's outbox that an enquiry was queued (the back office's Not spam, Resend). */
  kick?: () => void;
  /** The mail transport and the sender address (SMTP_*), when mail is set up: the office's digest uses them. */
  mail?: { sender: MailSender; from: string; to: string } | null;
}
