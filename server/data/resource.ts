import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import { InboxStore } from "./enquiries/store";
import { openDatabase, type Database, type Engine } from "./open";
import { describeDatabase, type DatabaseSetting } from "./settings";
import { StatsStore } from "./stats/store";

/** The open database, and the stores every house shares on it: built once, when it opens. */
export interface Connection {
  database: Database;
  /** The enquiries and their outbox: the inbox's and the office's. */
  enquiries: InboxStore;
  /** The statistics: the collector's, the office's report and the nightly clean-up's. */
  stats: StatsStore;
}

/** The shared stores on an open database: made once per connection (by the resource; tests, on theirs). */
export function connectionOn(database: Database): Connection {
  return { database, enquiries: new InboxStore(database), stats: new StatsStore(database) };
}

/**
 * The server's database, a resource of its own (`app.database`): the inbox, the office and the statistics each take
 * what they need from it, and none reaches it through another.
 */
export interface DatabaseResource {
  /** "sqlite" or "postgres", for /healthz, whether open or not. */
  readonly engine: Engine;
  /** The open database and its shared stores; null while it cannot be opened (it is tried again meanwhile). */
  readonly connection: Connection | null;
  /** Why it could not be opened, while it cannot; null once it is open. */
  readonly openError: string | null;
  /**
   * A house's own stores on the database (the office's accounts and sessions, say): `build` runs once per
   * connection, when first asked for after it opened. The getter answers null while the database is not open.
   */
  perConnection<T>(build: (connection: Connection) => T): () => T | null;
  /**
   * Work done on each connection before it is handed out (the inbox's spam guard reads its keys, its outbox starts):
   * one that fails makes the connection a failure to open, closed and tried again.
   */
  onOpen(prepare: (connection: Connection) => Promise<void>): void;
}

declare module "fastify" {
  interface FastifyInstance {
    database: DatabaseResource;
  }
}

export interface DatabaseResourceOptions {
  setting: DatabaseSetting;
  /** How long to wait before trying again to open a database that could not be opened. */
  reopenMs: number;
}

/**
 * Opens the database when the server gets ready (SQLite or PostgreSQL, migrated) and closes it last, once every
 * house's own closing (the outbox's last send, the statistics' last batch) is done. If it cannot be opened the server
 * still starts: the pages do not need it; it is tried again every `reopenMs` until it opens.
 */
const plugin: FastifyPluginAsync<DatabaseResourceOptions> = async (app, { setting, reopenMs }) => {
  const where = describeDatabase(setting);
  const preparations: ((connection: Connection) => Promise<void>)[] = [];
  let connection: Connection | null = null;
  let openError: string | null = null;
  let reopenTimer: NodeJS.Timeout | undefined;
  let closed = false;

  const resource: DatabaseResource = {
    engine: setting.engine,
    get connection() {
      return connection;
    },
    get openError() {
      return openError;
    },
    perConnection<T>(build: (connection: Connection) => T) {
      let built: { on: Connection; stores: T } | null = null;
      return () => {
        if (connection === null) return null;
        if (built?.on !== connection) built = { on: connection, stores: build(connection) };
        return built.stores;
      };
    },
    onOpen(prepare) {
      preparations.push(prepare);
    },
  };
  app.decorate("database", resource);

  const open = async (): Promise<boolean> => {
    let database: Database | null = null;
    try {
      // SQLite: busy_timeout 0, a lock is waited for on timers (server/busy.ts), never inside SQLite, which would
      // block every page. PostgreSQL: a broken idle connection is replaced by the pool at the next query.
      database = await openDatabase(setting, {
        waitMs: setting.engine === "sqlite" ? 0 : 5000,
        onConnectionError: (error) => app.log.warn(`The database connection broke (${error.message}); reconnecting`),
      });
      const opened = connectionOn(database);
      for (const prepare of preparations) await prepare(opened);
      connection = opened;
      openError = null;
      return true;
    } catch (error) {
      openError = error instanceof Error ? error.message : String(error);
      app.log.error(
        `The enquiry database (${where}) cannot be opened (${openError}); the pages are served, ` +
          `submissions are answered 503, and it is tried again every ${reopenMs / 1000} s`,
      );
      await database?.close().catch(() => {});
      return false;
    }
  };

  const retryOpen = () => {
    reopenTimer = setTimeout(() => {
      if (closed) return;
      void open().then((opened) => {
        if (!opened && !closed) retryOpen();
      });
    }, reopenMs);
    reopenTimer.unref();
  };

  app.addHook("onReady", async () => {
    if (!(await open())) retryOpen();
  });
  app.addHook("onClose", async () => {
    closed = true;
    clearTimeout(reopenTimer);
    await connection?.database.close();
  });
};

/** The database resource, registered once on the server: `app.database` in every house registered after it. */
export const databaseResource = fp(plugin, { name: "database", fastify: "5.x" });
