import type { Kysely } from "kysely";
import type { Schema } from "./schema";
import type { DatabaseSetting } from "./settings";

/*
 * What an open database is, apart from how it is opened (open.ts), so that the migrations' runner (migrate.ts),
 * which open.ts calls, can name it without importing open.ts back.
 */

export type Engine = DatabaseSetting["engine"];

/** An open database: the query builder every query goes through, whichever the engine. */
export interface Database {
  engine: Engine;
  db: Kysely<Schema>;
  /**
   * For long reads that must not hold the server's one thread (a report over many rows): on an SQLite file, a
   * read-only connection in a worker thread (reads.ts); otherwise `db` itself, whose engine already reads without
   * holding the thread (PostgreSQL) or has no file another connection could share (SQLite in memory).
   */
  reads: Kysely<Schema>;
  /** The file, or the address without its password. */
  description: string;
  close(): Promise<void>;
}
