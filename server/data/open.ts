import BetterSqlite3 from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import pg from "pg";
import { migrateToLatest } from "./migrate";
import { sqliteReads } from "./reads";
import type { Schema } from "./schema";
import type { Database } from "./database";
import { describeDatabase, type DatabaseSetting } from "./settings";

export type { Database, Engine } from "./database";

export interface OpenOptions {
  /**
   * SQLite: how long a statement may wait inside SQLite for a lock another process holds (blocking its thread).
   * PostgreSQL: how long to wait for a connection.
   */
  waitMs?: number;
  /** PostgreSQL: the most connections this process holds. */
  poolSize?: number;
  /** Bring the schema up to date (the default). */
  migrate?: boolean;
  /** Told when an idle PostgreSQL connection breaks (the server restarted, the network dropped). */
  onConnectionError?: (error: Error) => void;
}

// bigint (int8) and numeric counts come back as text from pg by default; every such value here (a count, a time in
// milliseconds) is well inside a double's exact range.
const int8 = 20;
const pgTypes = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === int8
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** Opens (creating an SQLite file if needed) and, unless told not to, migrates the database. */
export async function openDatabase(setting: DatabaseSetting, options: OpenOptions = {}): Promise<Database> {
  const { waitMs = 5000, migrate = true } = options;
  const database = setting.engine === "sqlite" ? openSqlite(setting.path, waitMs) : openPostgres(setting, options);
  if (migrate) {
    try {
      await migrateToLatest(database);
    } catch (error) {
      await database.close();
      throw error;
    }
  }
  return database;
}

function openSqlite(path: string, waitMs: number): Database {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const file = new BetterSqlite3(path);
  try {
    // WAL with synchronous=FULL: a committed transaction is on disk before the commit returns, so an acknowledged
    // enquiry survives kill -9 and power loss.
    file.pragma("journal_mode = WAL");
    file.pragma("synchronous = FULL");
    // The server and the enquiries command may touch the file at the same moment.
    file.pragma(`busy_timeout = ${Math.max(0, Math.floor(waitMs))}`);
    file.pragma("foreign_keys = ON");
  } catch (error) {
    file.close();
    throw error;
  }
  const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: file }) });
  const reads = path === ":memory:" ? db : sqliteReads(path, waitMs);
  return {
    engine: "sqlite",
    db,
    reads,
    description: describeDatabase({ engine: "sqlite", path }),
    close: async () => {
      if (reads !== db) await reads.destroy();
      await db.destroy();
    },
  };
}

function openPostgres(setting: Extract<DatabaseSetting, { engine: "postgres" }>, options: OpenOptions): Database {
  const pool = new pg.Pool({
    connectionString: setting.url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: options.waitMs ?? 5000,
    types: pgTypes,
  });
  // A connection that breaks (the server restarted, the network dropped) is dropped from the pool, and the next
  // query opens a new one. Its error event must be heard, while idle (the pool's) and while in use (the
  // client's): an error event nobody listens to would end the process.
  const broken = (error: Error) => options.onConnectionError?.(error);
  pool.on("error", broken);
  pool.on("connect", (client) => client.on("error", broken));
  const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
  return { engine: "postgres", db, reads: db, description: describeDatabase(setting), close: () => db.destroy() };
}
