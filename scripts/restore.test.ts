// @vitest-environment node
import BetterSqlite3 from "better-sqlite3";
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InboxStore } from "../server/data/enquiries/store";
import { openDatabase } from "../server/data/open";
import type { DatabaseSetting } from "../server/data/settings";
import { readStored, removeTestDirs, scriptOn, start, testDatabase } from "../server/testing/inbox-server";
import { submission } from "../server/testing/submission";
import { makeBackup } from "./backup/files";
import { RestoreRefused, restoreBackup } from "./backup/restore";

/*
 * Issue 39: npm run restore puts a backup in place and checks it; every way it refuses says so in its own words,
 * and touches nothing.
 */

const folder = mkdtempSync(join(tmpdir(), "karama-restore-test-"));
afterAll(async () => {
  rmSync(folder, { recursive: true, force: true });
  await removeTestDirs();
});

/** A database of the engine holding the enquiries named, and a backup of it. */
async function withEnquiries(engine: DatabaseSetting["engine"], names: string[]) {
  const setting = await testDatabase(engine);
  const database = await openDatabase(setting);
  try {
    const store = new InboxStore(database);
    for (const name of names) await store.add(submission({ name }));
    return { setting, backup: await makeBackup(database, setting, join(folder, engine)) };
  } finally {
    await database.close();
  }
}

/** The restore, in this process; what it would say, or the refusal's message. */
async function restore(database: DatabaseSetting, file: string): Promise<string> {
  try {
    const { enquiries } = await restoreBackup(file, database, join(folder, "before"));
    return `restored ${enquiries}`;
  } catch (error) {
    if (!(error instanceof RestoreRefused)) throw error;
    return error.message;
  }
}

const names = async (setting: DatabaseSetting) => (await readStored(setting)).map((row) => row.name).sort();

let sqlite: Awaited<ReturnType<typeof withEnquiries>>;
let postgres: Awaited<ReturnType<typeof withEnquiries>>;
beforeAll(async () => {
  [sqlite, postgres] = await Promise.all([
    withEnquiries("sqlite", ["Aisha", "Omar"]),
    withEnquiries("postgres", ["Aisha", "Omar", "Priya"]),
  ]);
});

describe("npm run restore refuses, touching nothing", () => {
  it("a file that is not there", async () => {
    const target = await testDatabase("sqlite");
    expect(await restore(target, join(folder, "none.sqlite"))).toBe(
      `No file at ${join(folder, "none.sqlite")}: name a backup (npm run backup makes them).`,
    );
  });

  it("a file that is not a backup", async () => {
    const file = join(folder, "notes.txt");
    writeFileSync(file, "the agency's notes, not a database");
    expect(await restore(await testDatabase("sqlite"), file)).toContain(
      "is not a backup: neither an SQLite database nor a pg_dump archive",
    );
  });

  it("an SQLite backup where the database is PostgreSQL, and the other way round", async () => {
    const target = await testDatabase("postgres");
    expect(await restore(target, sqlite.backup)).toContain(
      "is a backup of a SQLite database, but this server's database is PostgreSQL (DATABASE_URL is postgres://)",
    );
    expect(await restore(await testDatabase("sqlite"), postgres.backup)).toContain(
      "is a backup of a PostgreSQL database, but this server's database is SQLite",
    );
  });

  it("a damaged SQLite backup", async () => {
    const file = join(folder, "damaged.sqlite");
    copyFileSync(sqlite.backup, file);
    truncateSync(file, Math.floor(readFileSync(file).length / 2));
    const target = await withEnquiries("sqlite", ["Kept"]);
    expect(await restore(target.setting, file)).toMatch(/damaged\.sqlite is damaged \(.*\): use another backup/);
    expect(await names(target.setting)).toEqual(["Kept"]);
  });

  it("a damaged PostgreSQL backup", async () => {
    const file = join(folder, "damaged.dump");
    copyFileSync(postgres.backup, file);
    truncateSync(file, Math.floor(readFileSync(file).length / 2));
    const target = await withEnquiries("postgres", ["Kept"]);
    expect(await restore(target.setting, file)).toMatch(/damaged\.dump is damaged \(.*\): use another backup/);
    expect(await names(target.setting)).toEqual(["Kept"]);
  });

  it("a backup from a newer version of the site", async () => {
    const file = join(folder, "newer.sqlite");
    copyFileSync(sqlite.backup, file);
    const db = new BetterSqlite3(file);
    db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'future', '')").run();
    db.close();
    expect(await restore(await testDatabase("sqlite"), file)).toMatch(
      /was made by a newer version of the site \(schema 999; this one knows \d+\)/,
    );
  });

  it("while the server has the SQLite file open", async () => {
    const target = await withEnquiries("sqlite", ["Kept"]);
    const server = await start({ database: target.setting });
    try {
      expect(await restore(target.setting, sqlite.backup)).toContain(
        "is in use (the server is running, or a command has it open): stop the server first",
      );
    } finally {
      await server.app.close();
    }
    expect(await names(target.setting)).toEqual(["Kept"]);
  });

  it("while a server is connected to the PostgreSQL database", async () => {
    const target = await withEnquiries("postgres", ["Kept"]);
    const server = await start({ database: target.setting });
    try {
      expect(await restore(target.setting, postgres.backup)).toMatch(
        /The database has \d+ other connections? \(a server still running\?\): stop every server/,
      );
    } finally {
      await server.app.close();
    }
    expect(await names(target.setting)).toEqual(["Kept"]);
  });
});

describe("npm run restore over a database in use before", () => {
  it.each(["sqlite", "postgres"] as const)(
    "%s: replaces it whole, and keeps what was there as a backup",
    async (engine) => {
      const source = engine === "sqlite" ? sqlite : postgres;
      const target = await withEnquiries(engine, ["Replaced"]);
      const before = join(folder, `before-${engine}`);
      const said: string[] = [];
      const { enquiries } = await restoreBackup(source.backup, target.setting, before, (line) => said.push(line));
      const expected = engine === "sqlite" ? ["Aisha", "Omar"] : ["Aisha", "Omar", "Priya"];
      expect(await names(target.setting)).toEqual(expected);
      expect(enquiries).toBe(expected.length);
      // What was there is a backup of its own, said before anything was replaced, which restores in turn.
      const [kept = ""] = readdirSync(before);
      expect(said).toEqual([`The database as it was: ${join(before, kept)}`]);
      await restoreBackup(join(before, kept), target.setting, before);
      expect(await names(target.setting)).toEqual(["Replaced"]);
    },
  );

  it("as a command: says why it refused, and exits with 1", async () => {
    const file = join(folder, "none.sqlite");
    const { code, stdout, stderr } = await scriptOn("restore", await testDatabase("sqlite"), [file], {
      BACKUP_DIR: join(folder, "before"),
    });
    expect({ code, stdout }).toEqual({ code: 1, stdout: "" });
    expect(stderr).toBe(`Nothing was restored: No file at ${file}: name a backup (npm run backup makes them).\n`);
  });
});
