import BetterSqlite3 from "better-sqlite3";
import {
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { mkdtempSync } from "node:fs";
import pg from "pg";
import { migrations } from "../../server/data/migrations";
import { openDatabase } from "../../server/data/open";
import type { DatabaseSetting } from "../../server/data/settings";
import { kindOf, makeBackup, pgConnection, pgProgram } from "./files";

/*
 * The steps of `npm run restore -- FILE` (scripts/restore.ts): what the file is, whether it is whole, whether the
 * database is free to be replaced, and putting it in place. Each refusal is a RestoreRefused, said as it is.
 */

export class RestoreRefused extends Error {
  override name = "RestoreRefused";
}

const engineName = (engine: DatabaseSetting["engine"]) => (engine === "sqlite" ? "SQLite" : "PostgreSQL");

/** The file is there, is a backup, and of the engine this server uses. */
export function checkKind(file: string, setting: DatabaseSetting): void {
  if (!existsSync(file)) throw new RestoreRefused(`No file at ${file}: name a backup (npm run backup makes them).`);
  const head = Buffer.alloc(16);
  const fd = openSync(file, "r");
  try {
    readSync(fd, head, 0, 16, 0);
  } finally {
    closeSync(fd);
  }
  const kind = kindOf(head);
  if (kind === null) {
    throw new RestoreRefused(
      `${file} is not a backup: neither an SQLite database nor a pg_dump archive (npm run backup makes .sqlite ` +
        "and .dump files).",
    );
  }
  if (kind !== setting.engine) {
    const where =
      setting.engine === "sqlite"
        ? "SQLite (DATABASE_URL is unset or sqlite:)"
        : "PostgreSQL (DATABASE_URL is postgres://)";
    throw new RestoreRefused(
      `${file} is a backup of a ${engineName(kind)} database, but this server's database is ${where}: restore it ` +
        `where DATABASE_URL names a ${engineName(kind)} database.`,
    );
  }
}

/** An SQLite backup is whole (PRAGMA integrity_check) and of a schema this code knows. */
export function checkSqliteBackup(file: string): void {
  let db: BetterSqlite3.Database | undefined;
  try {
    db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
    const result = db.pragma("integrity_check", { simple: true });
    if (result !== "ok") throw new Error(String(result));
  } catch (error) {
    db?.close();
    throw new RestoreRefused(
      `${file} is damaged (${error instanceof Error ? error.message : error}): use another backup.`,
    );
  }
  try {
    const table = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'")
      .get();
    if (table === undefined) throw new RestoreRefused(`${file} is an SQLite database, but not this site's.`);
    const { newest } = db.prepare("SELECT max(version) AS newest FROM schema_migrations").get() as { newest: number };
    checkVersion(file, newest);
  } finally {
    db.close();
  }
}

function checkVersion(file: string, newest: number): void {
  if (newest > migrations.length) {
    throw new RestoreRefused(
      `${file} was made by a newer version of the site (schema ${newest}; this one knows ${migrations.length}): ` +
        "restore it with that version's code.",
    );
  }
}

/** A pg_dump archive is whole: pg_restore can read its table of contents. Returns that list. */
export async function checkPostgresBackup(file: string): Promise<string> {
  try {
    return await pgProgram("pg_restore", ["--list", file], process.env);
  } catch (error) {
    if (error instanceof Error && /not installed/.test(error.message)) throw error;
    throw new RestoreRefused(
      `${file} is damaged (${error instanceof Error ? error.message : error}): use another backup.`,
    );
  }
}

/**
 * Nothing else has the SQLite file open: leaving WAL mode needs the only connection, so it fails while the server
 * (or a command) holds the file. Replacing a file under a running server would lose what it writes after.
 */
export function checkSqliteFree(path: string): void {
  if (!existsSync(path)) return;
  const db = new BetterSqlite3(path, { timeout: 0 });
  try {
    db.pragma("journal_mode = DELETE");
  } catch (error) {
    if ((error as { code?: string }).code !== "SQLITE_BUSY") throw error;
    throw new RestoreRefused(
      `${path} is in use (the server is running, or a command has it open): stop the server first ` +
        "(sudo systemctl stop karama), then run the restore again.",
    );
  } finally {
    db.close();
  }
}

/** No other client is connected to the PostgreSQL database: every server is stopped. */
export async function checkPostgresFree(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() " +
        "AND backend_type = 'client backend'",
    );
    const others = Number(rows[0]?.n ?? 0);
    if (others > 0) {
      throw new RestoreRefused(
        `The database has ${others} other connection${others === 1 ? "" : "s"} (a server still running?): stop ` +
          "every server that uses it first (sudo systemctl stop karama on each), then run the restore again.",
      );
    }
  } finally {
    await client.end();
  }
}

/** Copies the backup over the SQLite file: whole, or not at all (a copy beside it, flushed, then renamed). */
export function putSqliteInPlace(file: string, path: string): void {
  const next = `${path}.restoring`;
  copyFileSync(file, next);
  const fd = openSync(next, "r+");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  // Left by a server that was killed: they belong to the file being replaced.
  for (const suffix of ["-wal", "-shm"]) rmSync(`${path}${suffix}`, { force: true });
  renameSync(next, path);
}

/**
 * Replaces the PostgreSQL database's tables with the backup's: the tables there are dropped first (a newer
 * version's included, so that the schema is the backup's exactly), then pg_restore in one transaction. The
 * extension's comment is left out (only its owner may set it, and a site's user seldom is).
 */
export async function putPostgresInPlace(file: string, url: string, list: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      "SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = current_schema()",
    );
    if (rows.length > 0) await client.query(`DROP TABLE IF EXISTS ${rows.map((row) => row.name).join(", ")} CASCADE`);
  } finally {
    await client.end();
  }
  const folder = mkdtempSync(join(tmpdir(), "karama-restore-"));
  try {
    const listFile = join(folder, "list");
    writeFileSync(
      listFile,
      list
        .split("\n")
        .filter((line) => !/ COMMENT - EXTENSION /.test(line))
        .join("\n"),
    );
    const { url: address, env } = pgConnection(url);
    await pgProgram(
      "pg_restore",
      [
        "--no-owner",
        "--no-privileges",
        "--single-transaction",
        "--exit-on-error",
        `--use-list=${listFile}`,
        `--dbname=${address}`,
        file,
      ],
      env,
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * `npm run restore -- FILE`: checks the file and that the database is free, backs up what is there (`before`, null
 * when there was nothing: `said` at once, so that it is known whatever happens next), puts the file in place,
 * brings its schema up to date and counts its enquiries. A RestoreRefused before anything was touched.
 */
export async function restoreBackup(
  file: string,
  setting: DatabaseSetting,
  backupDir: string,
  say: (line: string) => void = () => {},
): Promise<{ before: string | null; enquiries: number }> {
  checkKind(file, setting);
  const list = setting.engine === "sqlite" ? "" : await checkPostgresBackup(file);
  if (setting.engine === "sqlite") {
    checkSqliteBackup(file);
    checkSqliteFree(setting.path);
  } else {
    await checkPostgresFree(setting.url);
  }

  // What is there now, kept as a backup of its own first.
  let before: string | null = null;
  if (setting.engine === "postgres" || existsSync(setting.path)) {
    const current = await openDatabase(setting, { migrate: false });
    try {
      before = await makeBackup(current, setting, backupDir);
      say(`The database as it was: ${before}`);
    } finally {
      await current.close();
    }
  }

  if (setting.engine === "sqlite") putSqliteInPlace(file, setting.path);
  else await putPostgresInPlace(file, setting.url, list);

  // Checked as the server will open it: migrated, then counted.
  const database = await openDatabase(setting);
  try {
    const { count } = await database.db
      .selectFrom("enquiries")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    return { before, enquiries: Number(count) };
  } finally {
    await database.close();
  }
}
