import type { OutgoingMail } from "../mailer";
import type { Engine } from "./database";
import type { DatabaseResource } from "./resource";

/**
 * What GET /healthz answers anyone: ok or not, and the engine; nothing a stranger could learn the set-up from
 * (issue 34, finding 10). The details are the owner's, in the office (healthDetails, /office/health).
 * - "ok": the database answers and mail (when set up) is flowing: 200.
 * - "degraded": the database answers, the latest mail could not be sent: 200 still, so that a load balancer keeps
 *   the server (its pages and its forms work; enquiries wait in the outbox), while a monitor reading the body
 *   sees that mail is broken.
 * - "error": the database cannot be opened or read: 503.
 */
export interface PublicHealth {
  status: "ok" | "degraded" | "error";
  database: { engine: Engine; ok: boolean };
}

/** Everything /healthz used to show, and how mail is going: for the owner's page in the office. */
export interface HealthDetails {
  /** When this was read (ms since the epoch). */
  checkedAt: number;
  /** Which engine holds the enquiries, and whether it answers (with the reason when not). */
  database: { engine: Engine; ok: true } | { engine: Engine; ok: false; error: string };
  /** The outbox, when the database answers. */
  outbox: {
    /** Waiting to be mailed. */
    pending: number;
    /** Age of the oldest of those, in whole seconds; null when none waits. */
    oldestPendingSeconds: number | null;
    /** Refused by the mail server too often and set aside (npm run enquiries -- --pending). */
    rejected: number;
    /** Held as suspected spam (npm run enquiries -- --held). */
    held: number;
    /** The latest delivery error among those not yet sent (by any server on this database). */
    lastError: string | null;
  } | null;
  /**
   * This server's mail: null when SMTP is not set up (enquiries are kept, not mailed). `ok` is how its latest
   * send went, null before the first one; `at` when that was (ms since the epoch).
   */
  mail: { ok: boolean | null; at: number | null; error: string | null } | null;
}

/** The owner's health report: the database, the outbox and this server's mail (null when it is not set up). */
export async function healthDetails(
  database: Pick<DatabaseResource, "engine" | "connection" | "openError">,
  outgoing: OutgoingMail | null,
  now = Date.now(),
): Promise<HealthDetails> {
  const sent = outgoing ? (outgoing.sender.status?.() ?? null) : undefined;
  const mail = sent === undefined ? null : { ok: sent?.ok ?? null, at: sent?.at ?? null, error: sent?.error ?? null };
  const { engine } = database;
  try {
    const connection = database.connection;
    if (!connection) throw new Error(database.openError ?? "not open");
    const outbox = await connection.enquiries.health();
    return {
      checkedAt: now,
      database: { engine, ok: true },
      outbox: {
        pending: outbox.pending,
        oldestPendingSeconds:
          outbox.oldestPendingAt === null ? null : Math.max(0, Math.floor((now - outbox.oldestPendingAt) / 1000)),
        rejected: outbox.rejected,
        held: outbox.held,
        lastError: outbox.lastError,
      },
      mail,
    };
  } catch (error) {
    return {
      checkedAt: now,
      database: { engine, ok: false, error: error instanceof Error ? error.message : String(error) },
      outbox: null,
      mail,
    };
  }
}

/** What of the details anyone may see. */
export function publicHealth(details: HealthDetails): PublicHealth {
  const { engine, ok } = details.database;
  const status = !ok ? "error" : details.mail?.ok === false ? "degraded" : "ok";
  return { status, database: { engine, ok } };
}
