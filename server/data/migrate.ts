import { type Kysely, sql } from "kysely";
import { migrations, type Migration } from "./migrations";
import type { Database, Engine } from "./database";
import type { Schema } from "./schema";

/**
 * Brings the schema up to date, the same migrations on both engines, in one transaction that holds the
 * database's write lock from its first statement: several servers (or a server and the enquiries command) starting
 * together on an empty database apply each migration once, the others wait and then find nothing to do. A start
 * cut short mid-migration leaves nothing behind, and the next start does it all.
 *
 * Kysely's own Migrator runs SQLite migrations outside any transaction and cannot take SQLite's write lock
 * first, so this small runner does both: `BEGIN IMMEDIATE` on SQLite, a transaction-level advisory lock on
 * PostgreSQL.
 *
 * SQLite files written before this runner existed kept their schema version in PRAGMA user_version: those
 * migrations are recorded as applied, and their data stays as it is.
 */
export async function migrateToLatest(database: Database, list: readonly Migration[] = migrations): Promise<number> {
  checkNumbering(list);
  const { engine } = database;
  await database.db.connection().execute(async (connection) => {
    await sql.raw(engine === "sqlite" ? "BEGIN IMMEDIATE" : "BEGIN").execute(connection);
    try {
      // Any 64-bit number of this project's own: "karama" in ASCII.
      if (engine === "postgres") await sql`SELECT pg_advisory_xact_lock(${0x6b6172616d61})`.execute(connection);
      await apply(connection, engine, list);
      await sql.raw("COMMIT").execute(connection);
    } catch (error) {
      await sql.raw("ROLLBACK").execute(connection);
      throw error;
    }
  });
  return list.length;
}

async function apply(db: Kysely<Schema>, engine: Engine, list: readonly Migration[]): Promise<void> {
  await db.schema
    .createTable("schema_migrations")
    .ifNotExists()
    .addColumn("version", "integer", (column) => column.primaryKey())
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("applied_at", "text", (column) => column.notNull())
    .execute();
  let applied = new Set(
    (await db.selectFrom("schema_migrations").select("version").execute()).map((row) => row.version),
  );
  if (applied.size === 0 && engine === "sqlite") applied = await adoptUserVersion(db, list);
  const newest = Math.max(0, ...applied);
  if (newest > list.length) {
    throw new Error(
      `The database has schema version ${newest}, newer than this code knows (${list.length}): update the code`,
    );
  }
  for (const migration of list) {
    if (applied.has(migration.version)) continue;
    await migration.up(db, engine);
    await db
      .insertInto("schema_migrations")
      .values({ version: migration.version, name: migration.name, applied_at: new Date().toISOString() })
      .execute();
  }
}

/** An SQLite file from before this runner: the migrations its PRAGMA user_version says it has are recorded. */
async function adoptUserVersion(db: Kysely<Schema>, list: readonly Migration[]): Promise<Set<number>> {
  const row = (await sql<{ user_version: number }>`PRAGMA user_version`.execute(db)).rows[0];
  const version = Math.min(row?.user_version ?? 0, list.length);
  const adopted = list.filter((migration) => migration.version <= version);
  const now = new Date().toISOString();
  for (const { version: number, name } of adopted) {
    await db.insertInto("schema_migrations").values({ version: number, name, applied_at: now }).execute();
  }
  return new Set(adopted.map((migration) => migration.version));
}

function checkNumbering(list: readonly Migration[]): void {
  list.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new Error(
        `Migrations must be numbered 1, 2, 3… without gaps; found ${migration.version} (${migration.name})`,
      );
    }
  });
}
