import type { FastifyPluginAsync } from "fastify";
import { healthDetails, publicHealth } from "../data/health";
import type { InboxState } from "./state";

export interface HealthOptions {
  state: InboxState;
}

/**
 * GET /healthz: 200 while the database answers, 503 when it cannot be opened or read; the body says no more than
 * PublicHealth (server/data/health.ts). The reads are quick ones: on SQLite's WAL a writer in another process does
 * not block them.
 */
export const healthRoute: FastifyPluginAsync<HealthOptions> = async (app, { state }) => {
  app.get("/healthz", async (_request, reply) => {
    reply.header("cache-control", "no-store");
    const report = publicHealth(await healthDetails(app.database, state.mail));
    return reply.code(report.status === "error" ? 503 : 200).send(report);
  });
};
