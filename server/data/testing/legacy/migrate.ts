import type Database from "better-sqlite3";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export const migrationsDir = join(import.meta.dirname, "migrations");

interface Migration {
  version: number;
  file: string;
}

/* The migrations as the code before server/data ran them (PRAGMA user_version), for the tests only. */

/** Migration files are named NNN-description.sql; the number is the schema version they lead to. */
export function listMigrations(dir: string): Migration[] {
  const migrations = readdirSync(dir)
    .filter((file) => file.endsWith(".sql"))
    .map((file) => {
      const match = /^(\d+)-[\w-]+\.sql$/.exec(file);
      if (!match?.[1]) throw new Error(`Migration file ${file} must be named NNN-description.sql`);
      return { version: Number(match[1]), file };
    })
    .sort((a, b) => a.version - b.version);
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new Error(`Migrations must be numbered 1, 2, 3… without gaps; found ${migration.file}`);
    }
  });
  return migrations;
}

/**
 * Brings the schema up to date, one transaction per migration, tracked in PRAGMA user_version. BEGIN IMMEDIATE
 * takes the write lock before reading the version, so a server and the enquiries command starting together
 * never apply the same migration twice.
 */
export function migrate(db: Database.Database, dir = migrationsDir): number {
  const migrations = listMigrations(dir);
  const latest = migrations.length;
  const current = () => Number(db.pragma("user_version", { simple: true }));
  if (current() > latest) {
    throw new Error(`The inbox database has schema version ${current()}, newer than this code knows (${latest}).`);
  }
  for (const migration of migrations) {
    const apply = db.transaction(() => {
      if (current() >= migration.version) return;
      db.exec(readFileSync(join(dir, migration.file), "utf8"));
      db.pragma(`user_version = ${migration.version}`);
    });
    apply.immediate();
  }
  return latest;
}
