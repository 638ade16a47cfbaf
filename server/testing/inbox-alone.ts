import Fastify, { type FastifyInstance } from "fastify";
import { tmpdir } from "node:os";
import type { DatabaseSetting } from "../data/settings";
import type { InboxConfig } from "../inbox/config";
import { closedState, inboxPlugin } from "../inbox/plugin";
import type { InboxState } from "../inbox/state";
import type { InboxStore } from "../data/enquiries/store";
import { databaseResource, type DatabaseResource } from "../data/resource";
import type { Submission } from "../data/enquiries/types";
import { testInboxConfig } from "./fake-client";

export interface InboxAlone {
  app: FastifyInstance;
  /** The inbox's state (its mail: server/data/health.ts's healthDetails takes it). */
  state: InboxState;
  /** The server's database (healthDetails takes it too). */
  database: DatabaseResource;
  /** The open store (the database is expected to open), and what tells the outbox that something is queued. */
  store: () => InboxStore;
  kick: () => void;
  /** Every line logged, parsed (pino: level 40 is a warning, 50 an error). */
  logged: { level: number; msg: string }[];
}

/**
 * The inbox plugin alone (with the database, its outbox, /healthz) in a Fastify of its own, not listening: requests go through
 * app.inject. For tests that need its state, which the whole server keeps to itself.
 */
export async function inboxAlone(database: DatabaseSetting, overrides: Partial<InboxConfig> = {}): Promise<InboxAlone> {
  const logged: InboxAlone["logged"] = [];
  const app = Fastify({
    logger: { level: "info", stream: { write: (line: string) => void logged.push(JSON.parse(line)) } },
  });
  const state = closedState();
  const config = testInboxConfig(tmpdir(), { database, mailTo: "office@example.com", ...overrides });
  await app.register(databaseResource, { setting: config.database, reopenMs: config.reopenMs });
  await app.register(inboxPlugin, { config, accessKey: "", siteUrl: "http://127.0.0.1", state });
  await app.ready();
  const store = () => {
    const connection = app.database.connection;
    if (!connection) throw new Error(`The database is not open: ${app.database.openError}`);
    return connection.enquiries;
  };
  return { app, state, database: app.database, logged, store, kick: () => state.kick() };
}

export const storedEnquiry: Submission = {
  kind: "enquiry",
  name: "Aisha Khan",
  email: "aisha@example.com",
  phone: "+971501234567",
  visaType: "Tourist Visa",
  date: "2026-03-14",
  adult: "2",
  child: "1",
  subject: "",
  message: "Two adults, 30 days please.",
};
