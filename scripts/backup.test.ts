// @vitest-environment node
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CaseStore, MissingKeyError } from "../server/data/cases/store";
import { documentsKey, Keyring } from "../server/data/cases/vault";
import { openDatabase } from "../server/data/open";
import { engines } from "../server/data/testing/engines";
import {
  enquiryForm,
  removeTestDirs,
  scriptOn,
  start,
  startOn,
  testDatabase,
  readStored,
  validEnquiry,
} from "../server/testing/inbox-server";
import { madeAt, newBackupPath, pruneBackups } from "./backup/files";

const folders: string[] = [];
const folder = () => {
  const made = mkdtempSync(join(tmpdir(), "karama-backups-"));
  folders.push(made);
  return made;
};

afterAll(async () => {
  for (const made of folders) rmSync(made, { recursive: true, force: true });
  await removeTestDirs();
});

/*
 * Issue 39: a backup taken while enquiries keep coming, then restored into a fresh database for a fresh server:
 * every enquiry acknowledged before the backup started is there, on both engines.
 */
describe.each(engines)("npm run backup and npm run restore on %s", (engine) => {
  it("a backup during a load of enquiries, restored into a fresh server, has every one acknowledged before it", async () => {
    const server = await startOn(engine);
    const backups = folder();
    // An old backup, to be deleted, and a file of the owner's beside it, never touched.
    writeFileSync(join(backups, "karama-2020-01-01T03-00-00Z.sqlite"), "old");
    writeFileSync(join(backups, "notes.txt"), "mine");

    const acknowledged: string[] = [];
    let sending = true;
    const client = async (id: number) => {
      for (let n = 0; sending; n++) {
        const name = `client${id}-n${n}`;
        const response = await fetch(server.url, { method: "POST", body: enquiryForm({ ...validEnquiry, name }) });
        if (((await response.json()) as { success?: boolean }).success === true) acknowledged.push(name);
      }
    };
    const clients = Array.from({ length: 8 }, (_, id) => client(id));
    let backup: Awaited<ReturnType<typeof scriptOn>>;
    let before: string[];
    let during: number;
    try {
      while (acknowledged.length < 60) await new Promise((resolve) => setTimeout(resolve, 10));
      before = [...acknowledged];
      backup = await scriptOn("backup", server.database, [], { BACKUP_DIR: backups, BACKUP_KEEP_DAYS: "14" });
      during = acknowledged.length - before.length;
    } finally {
      sending = false;
      await Promise.all(clients);
      await server.app.close();
    }
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    // The clients kept sending while the backup ran: it was taken under load.
    expect(during).toBeGreaterThan(0);
    const file = /to (\S+)\n/.exec(backup.stdout)?.[1] ?? "";
    expect(file).toMatch(engine === "sqlite" ? /karama-[\dT-]+Z\.sqlite$/ : /karama-[\dT-]+Z\.dump$/);
    expect(backup.stdout).toContain("Deleted 1 older than 14 days: karama-2020-01-01T03-00-00Z.sqlite");
    expect(readdirSync(backups).sort()).toEqual([file.split("/").pop(), "notes.txt"].sort());

    // A fresh database, and the restore.
    const fresh = await testDatabase(engine);
    const restore = await scriptOn("restore", fresh, [file], { BACKUP_DIR: folder() });
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    const stored = new Set((await readStored(fresh)).map((enquiry) => enquiry.name));
    expect(before.filter((name) => !stored.has(name))).toEqual([]);
    expect(restore.stdout).toMatch(new RegExp(`Restored .* ${stored.size} enquiries; schema up to date`));

    // A fresh server on it takes enquiries.
    const restarted = await start({ database: fresh });
    try {
      const health = await restarted.app.inject("/healthz");
      expect(health.json()).toMatchObject({ status: "ok" });
      const after = await fetch(restarted.url, {
        method: "POST",
        body: enquiryForm({ ...validEnquiry, name: "after the restore" }),
      });
      expect(after.status).toBe(200);
    } finally {
      await restarted.app.close();
    }
    // A server, two commands and a few hundred enquiries: 7 s on a quiet machine, several times that on a busy one.
  }, 120_000);
});

/*
 * Issue 56: the travellers' papers go into the backups sealed, and come back out of them only with the documents key,
 * which is kept apart from the backups.
 */
describe.each(engines)("a backup of the travellers' papers on %s", (engine) => {
  it("holds no byte of a paper; restored, the papers open with the key and with no other", async () => {
    const key = documentsKey(Buffer.alloc(32, 7));
    const source = await testDatabase(engine);
    const database = await openDatabase(source);
    const passport = randomBytes(4096);
    let paper: string;
    let caseId: number;
    try {
      const cases = new CaseStore(database, new Keyring([key]));
      caseId = await cases.start(
        {
          enquiryId: null,
          name: "Maria",
          phone: null,
          email: null,
          service: "Visa",
          kind: "visit-visa",
          travelDate: null,
        },
        null,
        new Date(),
      );
      paper = await cases.addPaper(
        caseId,
        { paperKey: "passport", name: "p.jpg", type: "image/jpeg", bytes: passport, width: 1, height: 1 },
        null,
        new Date(),
      );
    } finally {
      await database.close();
    }
    const backups = folder();
    const backup = await scriptOn("backup", source, [], { BACKUP_DIR: backups });
    expect(backup.code).toBe(0);
    const file = /to (\S+)\n/.exec(backup.stdout)?.[1] ?? "";
    const taken = readFileSync(file);
    for (let at = 0; at + 48 <= passport.length; at += 48) {
      const slice = passport.subarray(at, at + 48);
      expect(taken.includes(slice) || taken.includes(Buffer.from(slice.toString("hex")))).toBe(false);
    }

    const fresh = await testDatabase(engine);
    const restore = await scriptOn("restore", fresh, [file], { BACKUP_DIR: folder() });
    expect(restore.code).toBe(0);
    const restored = await openDatabase(fresh);
    try {
      const withKey = new CaseStore(restored, new Keyring([key]));
      expect((await withKey.openPaper(caseId, paper)).equals(passport)).toBe(true);
      const otherKey = new CaseStore(restored, new Keyring([documentsKey(Buffer.alloc(32, 8))]));
      await expect(otherKey.openPaper(caseId, paper)).rejects.toBeInstanceOf(MissingKeyError);
      expect(await otherKey.missingKeys()).toEqual([key.id]);
    } finally {
      await restored.close();
    }
  }, 120_000);
});

describe("the backups' folder", () => {
  it("names each backup by the time, and never twice the same", () => {
    const made = folder();
    const now = new Date("2026-11-26T03:00:00.250Z");
    const first = newBackupPath(made, "sqlite", now);
    expect(first).toBe(join(made, "karama-2026-11-26T03-00-00Z.sqlite"));
    writeFileSync(first, "");
    expect(newBackupPath(made, "sqlite", now)).toBe(join(made, "karama-2026-11-26T03-00-00Z-1.sqlite"));
    expect(newBackupPath(made, "postgres", now)).toBe(join(made, "karama-2026-11-26T03-00-00Z.dump"));
    expect(madeAt("karama-2026-11-26T03-00-00Z-1.dump")).toEqual(new Date("2026-11-26T03:00:00Z"));
    expect(madeAt("inbox.sqlite")).toBeNull();
  });

  it("deletes the backups older than the days kept, and nothing else", () => {
    const made = folder();
    const names = [
      "karama-2026-11-11T02-59-59Z.sqlite", // 15 days and a second before: deleted
      "karama-2026-11-12T03-00-01Z.dump", // within 14 days: kept
      "karama-2026-11-01T00-00-00Z.sqlite.partial", // not a backup's name: kept
      "inbox.sqlite",
    ];
    for (const name of names) writeFileSync(join(made, name), "");
    expect(pruneBackups(made, 14, new Date("2026-11-26T03:00:00Z"))).toEqual(["karama-2026-11-11T02-59-59Z.sqlite"]);
    expect(existsSync(join(made, names[1] ?? ""))).toBe(true);
    expect(readdirSync(made)).toHaveLength(3);
  });
});
