import type { FastifyPluginAsync } from "fastify";
import type { InboxState } from "./state";

export interface HealthOptions {
  state: InboxState;
}

/** What GET /healthz answers: for an uptime monitor, and for the agency to see that mail is flowing. */
export interface HealthReport {
  status: "ok" | "error";
  /** Which engine holds the enquiries: "sqlite" or "postgres". */
  database: { engine: "sqlite" | "postgres"; ok: true } | { engine: "sqlite" | "postgres"; ok: false; error: string };
  outbox?: {
    /** Waiting to be mailed. */
    pending: number;
    /** Age of the oldest of those, in whole seconds; null when none waits. */
    oldestPendingSeconds: number | null;
    /** Refused by the mail server too often and set aside (npm run enquiries -- --pending). */
    rejected: number;
    /** Held as suspected spam (npm run enquiries -- --held). */
    held: number;
    /** The latest delivery error among those not yet sent. */
    lastError: string | null;
  };
}

/**
 * GET /healthz: 200 while the database answers, 503 when it cannot be opened or read, with the outbox's state.
 * The reads are quick ones: on SQLite's WAL a writer in another process does not block them.
 */
export const healthRoute: FastifyPluginAsync<HealthOptions> = async (app, { state }) => {
  app.get("/healthz", async (_request, reply) => {
    reply.header("cache-control", "no-store");
    let report: HealthReport;
    try {
      if (!state.store) throw new Error(state.openError ?? "not open");
      const outbox = await state.store.health();
      report = {
        status: "ok",
        database: { engine: state.engine, ok: true },
        outbox: {
          pending: outbox.pending,
          oldestPendingSeconds:
            outbox.oldestPendingAt === null
              ? null
              : Math.max(0, Math.floor((Date.now() - outbox.oldestPendingAt) / 1000)),
          rejected: outbox.rejected,
          held: outbox.held,
          lastError: outbox.lastError,
        },
      };
    } catch (error) {
      report = {
        status: "error",
        database: { engine: state.engine, ok: false, error: error instanceof Error ? error.message : String(error) },
      };
    }
    return reply.code(report.status === "ok" ? 200 : 503).send(report);
  });
};
