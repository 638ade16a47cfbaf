import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, renameSync, statSync, unlinkSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { sql } from "kysely";
import type { Database } from "../../server/data/database";
import type { DatabaseSetting } from "../../server/data/settings";

/*
 * What `npm run backup` and `npm run restore` share: the backups' names, how one is made on each engine, and how
 * PostgreSQL's own programs are called.
 */

const run = promisify(execFile);

/** A backup's name: karama-2026-11-26T03-00-00Z.sqlite (SQLite) or .dump (PostgreSQL, pg_dump's custom format). */
const backupName = /^karama-(\d{4}-\d\d-\d\d)T(\d\d)-(\d\d)-(\d\d)Z(?:-\d+)?\.(sqlite|dump)$/;

export const extensionOf = (engine: DatabaseSetting["engine"]) => (engine === "sqlite" ? "sqlite" : "dump");

/** When a backup of this folder was made, from its name; null for any other file (never deleted). */
export function madeAt(name: string): Date | null {
  const match = backupName.exec(name);
  if (!match) return null;
  const [, day, hours, minutes, seconds] = match;
  return new Date(`${day}T${hours}:${minutes}:${seconds}Z`);
}

/** A new backup's path in `folder`, named by the time (a second in the same second gets -1, -2…). */
export function newBackupPath(folder: string, engine: DatabaseSetting["engine"], now = new Date()): string {
  const stamp = now.toISOString().slice(0, 19).replace(/:/g, "-");
  for (let n = 0; ; n++) {
    const path = join(folder, `karama-${stamp}Z${n === 0 ? "" : `-${n}`}.${extensionOf(engine)}`);
    if (!existsSync(path)) return path;
  }
}

/** Deletes the backups in `folder` made more than `keepDays` days before `now` (by their names); returns them. */
export function pruneBackups(folder: string, keepDays: number, now = new Date()): string[] {
  const oldest = now.getTime() - keepDays * 24 * 60 * 60 * 1000;
  const deleted: string[] = [];
  for (const name of readdirSync(folder).sort()) {
    const made = madeAt(name);
    if (made === null || made.getTime() >= oldest || !statSync(join(folder, name)).isFile()) continue;
    unlinkSync(join(folder, name));
    deleted.push(name);
  }
  return deleted;
}

/** The address without its password, and the password apart: PostgreSQL's programs get it in their environment. */
export function pgConnection(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return {
    url: parsed.toString(),
    env: password === "" ? { ...process.env } : { ...process.env, PGPASSWORD: password },
  };
}

/** One of PostgreSQL's client programs (pg_dump, pg_restore); a missing one is said in words. */
export async function pgProgram(program: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  try {
    const { stdout } = await run(program, args, { env, maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const failed = error as { code?: unknown; stderr?: string; message?: string };
    if (failed.code === "ENOENT") {
      throw new Error(
        `${program} is not installed: apt-get install postgresql-client (its version at least the server's)`,
      );
    }
    throw new Error(`${program} failed: ${(failed.stderr ?? failed.message ?? String(error)).trim()}`);
  }
}

/**
 * A consistent copy of the database as it is at one instant, while the server keeps writing: SQLite's VACUUM INTO
 * (one read transaction: the server's commits go on beside it and are not in the copy; unlike the online backup
 * API it never starts over when the server writes), PostgreSQL's pg_dump (one snapshot). Written under a temporary
 * name and renamed once complete, so a backup that is there is whole.
 */
export async function makeBackup(database: Database, setting: DatabaseSetting, folder: string): Promise<string> {
  mkdirSync(folder, { recursive: true });
  const path = newBackupPath(resolve(folder), setting.engine);
  const partial = `${path}.partial`;
  try {
    if (setting.engine === "sqlite") {
      await sql`VACUUM INTO ${partial}`.execute(database.db);
    } else {
      const { url, env } = pgConnection(setting.url);
      await pgProgram("pg_dump", ["--format=custom", `--file=${partial}`, `--dbname=${url}`], env);
    }
    renameSync(partial, path);
  } catch (error) {
    if (existsSync(partial)) unlinkSync(partial);
    throw error;
  }
  return path;
}

/** What a file is, from its first bytes: an SQLite database, a pg_dump custom-format archive, or neither. */
export function kindOf(head: Buffer): DatabaseSetting["engine"] | null {
  if (head.subarray(0, 16).toString("latin1") === "SQLite format 3\0") return "sqlite";
  if (head.subarray(0, 5).toString("latin1") === "PGDMP") return "postgres";
  return null;
}
