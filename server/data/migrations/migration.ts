import type { Kysely } from "kysely";
import type { DatabaseSetting } from "../settings";

type Engine = DatabaseSetting["engine"];

/**
 * One migration, for both engines: written with the query builder, so that the same code makes the same tables on
 * SQLite and PostgreSQL; where their DDL must differ (an identity column, rebuilding a table SQLite cannot alter)
 * it says so on `engine`. Applied in order, each once (server/data/migrate.ts).
 */
export interface Migration {
  version: number;
  name: string;
  // The tables as they are at this migration are not the Schema type's (which is the latest): untyped here.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's own Migration type does the same.
  up(db: Kysely<any>, engine: Engine): Promise<void>;
}
