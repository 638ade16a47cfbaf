import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { InboxStore } from "../enquiries/store";
import { migrateToLatest } from "../migrate";
import { migrations } from "../migrations";
import { openDatabase, type Database } from "../open";
import { submission } from "../../testing/submission";
import { emptyDatabase, engines } from "../testing/engines";
import { dumpDatabase } from "../testing/postgres";
import type { DatabaseSetting } from "../settings";
import { CaseStore, linkLastsDays, type NewCase } from "./store";
import { documentsKey, Keyring, MissingKeyError } from "./vault";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const keys = new Keyring([documentsKey(Buffer.alloc(32, 3))]);
const day = 24 * 60 * 60 * 1000;
const start = new Date("2026-11-01T08:00:00Z");
const later = (days: number) => new Date(start.getTime() + days * day);

async function open(engine: (typeof engines)[number]) {
  const { setting, remove } = await emptyDatabase(engine);
  cleanups.push(remove);
  const database = await openDatabase(setting);
  cleanups.push(() => database.close());
  return { database, setting, store: new CaseStore(database, keys) };
}

async function person(database: Database, name: string) {
  const row = await database.db
    .insertInto("people")
    .values({ name, role: "staff", handle: `${name}-handle`, created_at: start.toISOString(), revoked_at: null })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const maria: NewCase = {
  enquiryId: null,
  name: "Maria Santos",
  phone: "+971 50 123 4567",
  email: "maria@example.com",
  service: "Dubai Tourist Visa",
  kind: "visit-visa",
  travelDate: "2026-12-20",
};

/** Everything the database holds as bytes an attacker could read: the SQLite file and its log, or a pg_dump. */
async function stolen(database: Database, setting: DatabaseSetting): Promise<Buffer> {
  if (setting.engine === "sqlite") {
    const files = [setting.path, `${setting.path}-wal`].filter((file) => existsSync(file));
    return Buffer.concat(files.map((file) => readFileSync(file)));
  }
  void database;
  return Buffer.from(await dumpDatabase(setting.url));
}

/** Whether `haystack` holds `needle` as raw bytes, or as the hex of them (bytea in a dump). */
function holds(haystack: Buffer, needle: Buffer): boolean {
  return haystack.includes(needle) || haystack.includes(Buffer.from(needle.toString("hex")));
}

describe.each(engines)("a traveller's case, on %s", (engine) => {
  it("comes to a database the previous version made (migration 17), its enquiries kept, a case started from one", async () => {
    const { setting, remove } = await emptyDatabase(engine);
    cleanups.push(remove);
    const before = await openDatabase(setting, { migrate: false });
    await migrateToLatest(before, migrations.slice(0, 17));
    await new InboxStore(before).addMany(
      [
        {
          submission: submission({ name: "Maria Before" }),
          heldReason: null,
          page: "/dubai-visa/3",
          source: null,
          device: "phone",
        },
      ],
      start,
    );
    await before.close();
    const database = await openDatabase(setting);
    cleanups.push(() => database.close());
    const enquiry = await database.db.selectFrom("enquiries").select(["id", "name"]).executeTakeFirstOrThrow();
    expect(enquiry.name).toBe("Maria Before");
    const store = new CaseStore(database, keys);
    const id = await store.start({ ...maria, enquiryId: Number(enquiry.id) }, null, start);
    expect((await store.get(id))?.enquiryId).toBe(Number(enquiry.id));
  });

  it("unties, at migration 19, the second open case an earlier version let one enquiry have, its papers kept", async () => {
    const { setting, remove } = await emptyDatabase(engine);
    cleanups.push(remove);
    const before = await openDatabase(setting, { migrate: false });
    await migrateToLatest(before, migrations.slice(0, 18));
    const enquiryId = await new InboxStore(before).add(submission({}), start);
    const twin = (name: string) =>
      before.db
        .insertInto("cases")
        .values({
          enquiry_id: enquiryId,
          name,
          phone: null,
          email: null,
          service: "Dubai Tourist Visa",
          kind: "visit-visa",
          travel_date: null,
          stage: "papers-needed",
          stage_note: null,
          created_at: start.toISOString(),
          created_by: null,
          closed_at: null,
          link_hash: null,
          link_issued_at: null,
          files_deleted_at: null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
    const first = Number((await twin("First")).id);
    const second = Number((await twin("Second")).id);
    await before.close();
    const database = await openDatabase(setting);
    cleanups.push(() => database.close());
    const store = new CaseStore(database, keys);
    expect((await store.get(first))?.enquiryId).toBe(enquiryId);
    expect((await store.get(second))?.enquiryId).toBeNull();
    expect((await store.events(second)).map((event) => event.kind)).toEqual(["twin-detached"]);
    expect(await store.start({ ...maria, enquiryId }, null, later(1))).toBe(first);
  });

  it("starts from an enquiry's details, at papers needed, with the start on its timeline", async () => {
    const { store, database } = await open(engine);
    const staff = await person(database, "Aisha");
    const id = await store.start(maria, staff, start);
    const record = await store.get(id);
    expect(record).toMatchObject({
      id,
      name: "Maria Santos",
      service: "Dubai Tourist Visa",
      kind: "visit-visa",
      stage: "papers-needed",
      closedAt: null,
      hasLink: false,
    });
    expect((await store.events(id)).map((event) => event.kind)).toEqual(["started"]);
  });

  it("sends a link of 256 random bits, keeps only its hash, and finds the case by it alone", async () => {
    const { store, database } = await open(engine);
    const id = await store.start(maria, null, start);
    const token = await store.issueLink(id, null, start);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await database.db.selectFrom("cases").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.link_hash).toMatch(/^[0-9a-f]{64}$/);
    expect((await store.byLink(token, start))?.id).toBe(id);
    expect(await store.byLink(`${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`, start)).toBeUndefined();
    expect(await store.byLink("", start)).toBeUndefined();
    expect(await store.byLink("x".repeat(5000), start)).toBeUndefined();
  });

  it("a link sent anew replaces the old one; a revoked link opens nothing", async () => {
    const { store } = await open(engine);
    const id = await store.start(maria, null, start);
    const first = await store.issueLink(id, null, start);
    const second = await store.issueLink(id, null, start);
    expect(second).not.toBe(first);
    expect(await store.byLink(first, start)).toBeUndefined();
    expect((await store.byLink(second, start))?.id).toBe(id);
    await store.revokeLink(id, null, start);
    expect(await store.byLink(second, start)).toBeUndefined();
    expect((await store.get(id))?.hasLink).toBe(false);
    expect((await store.events(id)).map((event) => event.kind)).toEqual(["started", "link", "link", "link-revoked"]);
  });

  it(`a link lasts while the case is open and ${linkLastsDays} days after it closes`, async () => {
    const { store } = await open(engine);
    const id = await store.start(maria, null, start);
    const token = await store.issueLink(id, null, start);
    await store.setStage(id, "closed", null, null, later(1));
    expect((await store.byLink(token, later(1 + linkLastsDays - 1)))?.id).toBe(id);
    expect(await store.byLink(token, later(1 + linkLastsDays + 1))).toBeUndefined();
  });

  it("moves the stage with a note and its date, each on the timeline", async () => {
    const { store, database } = await open(engine);
    const staff = await person(database, "Aisha");
    const id = await store.start(maria, staff, start);
    await store.setStage(
      id,
      "need-more",
      "Your photo has a shadow: take it again against a white wall.",
      staff,
      later(1),
    );
    await store.setStage(id, "applied", null, staff, later(2));
    const record = await store.get(id);
    expect(record).toMatchObject({ stage: "applied", stageNote: null });
    const stages = (await store.events(id)).filter((event) => event.kind === "stage");
    expect(stages.map((event) => [event.at, JSON.parse(event.detail)])).toEqual([
      [
        later(1).toISOString(),
        { stage: "need-more", note: "Your photo has a shadow: take it again against a white wall." },
      ],
      [later(2).toISOString(), { stage: "applied", note: null }],
    ]);
    expect(stages[0]?.who).toBe("Aisha");
    expect(record?.closedAt).toBeNull();
    await store.setStage(id, "closed", null, staff, later(3));
    expect((await store.get(id))?.closedAt).toBe(later(3).toISOString());
  });

  it("keeps a paper sealed: no byte of it in the database file or a dump, opened again only with the key", async () => {
    const { store, database, setting } = await open(engine);
    const id = await store.start(maria, null, start);
    const photo = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), randomBytes(40_000)]);
    const paperId = await store.addPaper(
      id,
      { paperKey: "passport-first", name: "passport.jpg", type: "image/jpeg", bytes: photo, width: 800, height: 600 },
      null,
      later(1),
    );
    expect(paperId).toMatch(/^[0-9a-f]{32}$/);
    const dump = await stolen(database, setting);
    for (const at of [0, 1_000, 20_000, 39_900]) expect(holds(dump, photo.subarray(at, at + 48))).toBe(false);
    expect((await store.openPaper(id, paperId)).equals(photo)).toBe(true);
    const [listed] = await store.papers(id);
    expect(listed).toMatchObject({ id: paperId, paperKey: "passport-first", status: "sent", size: photo.length });
    expect(listed?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await store.events(id)).map((event) => event.kind)).toContain("paper-sent");

    // A server with another documents key says which key it lacks, and opens nothing.
    const other = new CaseStore(database, new Keyring([documentsKey(Buffer.alloc(32, 4))]));
    await expect(other.openPaper(id, paperId)).rejects.toBeInstanceOf(MissingKeyError);
    await expect(other.openPaper(id, paperId)).rejects.toThrow(documentsKey(Buffer.alloc(32, 3)).id);
    expect(await other.missingKeys()).toEqual([documentsKey(Buffer.alloc(32, 3)).id]);
    expect(await store.missingKeys()).toEqual([]);
  });

  it("shows a paper only through its own case", async () => {
    const { store } = await open(engine);
    const mine = await store.start(maria, null, start);
    const theirs = await store.start({ ...maria, name: "Ravi Kumar" }, null, start);
    const paperId = await store.addPaper(
      mine,
      { paperKey: "photo", name: "me.jpg", type: "image/jpeg", bytes: Buffer.from("jpeg"), width: 1, height: 1 },
      null,
      start,
    );
    expect(await store.paper(theirs, paperId)).toBeUndefined();
    await expect(store.openPaper(theirs, paperId)).rejects.toThrow(/no such paper/);
    expect((await store.paper(mine, paperId))?.id).toBe(paperId);
  });

  it("accepts a paper or sends it back with a reason, and logs every view and download in the office", async () => {
    const { store, database } = await open(engine);
    const staff = await person(database, "Aisha");
    const id = await store.start(maria, staff, start);
    const paper = {
      paperKey: "photo",
      name: "me.jpg",
      type: "image/jpeg",
      bytes: Buffer.from("jpeg"),
      width: 1,
      height: 1,
    };
    const one = await store.addPaper(id, paper, null, start);
    const two = await store.addPaper(id, paper, null, later(0.5));
    await store.reviewPaper(id, one, "accepted", null, staff, later(1));
    await store.reviewPaper(id, two, "returned", "Your face is in shadow.", staff, later(1));
    expect((await store.papers(id)).map((each) => [each.status, each.reason])).toEqual([
      ["accepted", null],
      ["returned", "Your face is in shadow."],
    ]);
    await store.logPaperOpened(id, one, staff, "viewed", later(2));
    await store.logPaperOpened(id, one, staff, "downloaded", later(2));
    const kinds = (await store.events(id)).map((event) => event.kind);
    expect(kinds).toEqual(
      expect.arrayContaining(["paper-accepted", "paper-returned", "paper-viewed", "paper-downloaded"]),
    );
    const audit = await database.db.selectFrom("audit_log").selectAll().orderBy("id").execute();
    expect(audit.map((row) => [row.person_id, row.action])).toEqual([
      [staff, "paper viewed"],
      [staff, "paper downloaded"],
    ]);
    expect(audit[0]?.detail).toContain(`case ${id}`);
  });

  it("logs a paper's thumbnail shown in the office once an hour for each person, as a glance", async () => {
    const { store, database } = await open(engine);
    const aisha = await person(database, "Aisha");
    const omar = await person(database, "Omar");
    const id = await store.start(maria, aisha, start);
    const paper = {
      paperKey: "photo",
      name: "me.jpg",
      type: "image/jpeg",
      bytes: Buffer.from("jpeg"),
      width: 1,
      height: 1,
    };
    const one = await store.addPaper(id, paper, null, start);
    const two = await store.addPaper(id, paper, null, start);
    await store.logPaperOpened(id, one, aisha, "glimpsed", later(1));
    await store.logPaperOpened(id, one, aisha, "glimpsed", new Date(later(1).getTime() + 30 * 60_000));
    await store.logPaperOpened(id, two, aisha, "glimpsed", new Date(later(1).getTime() + 30 * 60_000));
    await store.logPaperOpened(id, one, omar, "glimpsed", new Date(later(1).getTime() + 30 * 60_000));
    await store.logPaperOpened(id, one, aisha, "glimpsed", new Date(later(1).getTime() + 61 * 60_000));
    const glances = (await store.events(id)).filter((event) => event.kind === "paper-glimpsed");
    expect(glances.map((event) => [event.who, JSON.parse(event.detail).paper])).toEqual([
      ["Aisha", one],
      ["Aisha", two],
      ["Omar", one],
      ["Aisha", one],
    ]);
    const audit = await database.db.selectFrom("audit_log").select("action").execute();
    expect(audit.map((row) => row.action)).toEqual(Array(4).fill("paper glimpsed"));
  });

  it("starts one open case per enquiry: a second start, even at the same moment, gives the first", async () => {
    const { store, database } = await open(engine);
    const enquiryId = await new InboxStore(database).add(submission({}), start);
    const withEnquiry = { ...maria, enquiryId };
    const ids = await Promise.all([1, 2, 3].map(() => store.start(withEnquiry, null, start)));
    const first = ids[0] ?? 0;
    expect(new Set(ids)).toEqual(new Set([first]));
    expect(await store.list()).toHaveLength(1);
    expect((await store.events(first)).map((event) => event.kind)).toEqual(["started"]);
    // Once closed, the enquiry may have a case again (a second trip).
    await store.setStage(first, "closed", null, null, later(1));
    const again = await store.start(withEnquiry, null, later(2));
    expect(again).not.toBe(first);
  });

  it("keeps the traveller's devices to tell when the visa moves: one case per device, removed by the push service's word", async () => {
    const { store } = await open(engine);
    const one = await store.start(maria, null, start);
    const two = await store.start({ ...maria, name: "Other" }, null, start);
    const phone = { endpoint: "https://fcm.googleapis.com/fcm/send/phone", p256dh: "key", auth: "secret" };
    await store.addDevice(one, phone, start);
    await store.addDevice(one, phone, later(1));
    expect((await store.devices(one)).map((device) => device.endpoint)).toEqual([phone.endpoint]);
    // The same phone, now following another case (a browser has one subscription per site): it moves.
    await store.addDevice(two, { ...phone, auth: "newer" }, later(2));
    expect(await store.devices(one)).toEqual([]);
    expect(await store.devices(two)).toMatchObject([{ endpoint: phone.endpoint, auth: "newer" }]);
    // Taken off by the traveller, only from their own case.
    expect(await store.removeDevice(one, phone.endpoint)).toBe(false);
    expect(await store.removeDevice(two, phone.endpoint)).toBe(true);
    expect(await store.devices(two)).toEqual([]);
  });

  it("keeps the passport's fields the traveller confirmed, sealed; the latest replaces the one before; gone with the papers", async () => {
    const { store, database, setting } = await open(engine);
    const id = await store.start(maria, null, start);
    const fields = {
      surname: "SANTOS",
      givenNames: "MARIA CLARA",
      documentNumber: "P4366918B",
      nationality: "PHL",
      issuingState: "PHL",
      birthDate: "1990-04-12",
      expiryDate: "2027-03-01",
      sex: "F" as const,
    };
    await store.savePassport(id, { fields, how: "read", problems: ["expires-soon"], paperId: null }, null, start);
    expect(await store.passport(id)).toMatchObject({ fields, how: "read", problems: ["expires-soon"], by: null });
    // Sealed: neither the number nor the name is in the database's bytes.
    const bytes = await stolen(database, setting);
    expect(holds(bytes, Buffer.from("P4366918B"))).toBe(false);
    expect(holds(bytes, Buffer.from("MARIA CLARA"))).toBe(false);
    const corrected = { ...fields, givenNames: "MARIA CLARA R" };
    await store.savePassport(id, { fields: corrected, how: "corrected", problems: [], paperId: null }, null, later(1));
    expect((await store.passport(id))?.fields.givenNames).toBe("MARIA CLARA R");
    expect((await store.events(id)).filter((event) => event.kind === "passport")).toHaveLength(2);
    expect(await store.missingKeys()).toEqual([]);
    // Another key: the passport does not open, and the key is named.
    const other = new CaseStore(database, new Keyring([documentsKey(Buffer.alloc(32, 9))]));
    await expect(other.passport(id)).rejects.toBeInstanceOf(MissingKeyError);
    expect(await other.missingKeys()).toEqual([keys.current.id]);
    await store.setStage(id, "closed", null, null, later(2));
    await store.deleteClosedPapers(later(40), 30);
    expect(await store.passport(id)).toBeUndefined();
  });

  it("counts what a case holds, for its limits", async () => {
    const { store } = await open(engine);
    const id = await store.start(maria, null, start);
    const paper = { paperKey: "photo", name: "me.jpg", type: "image/jpeg", width: 1, height: 1 };
    await store.addPaper(id, { ...paper, bytes: Buffer.alloc(1000) }, null, start);
    await store.addPaper(id, { ...paper, bytes: Buffer.alloc(500) }, null, start);
    expect(await store.held(id)).toEqual({ files: 2, bytes: 1500 });
  });

  it("deletes the papers of a case closed longer ago than the days kept, and keeps its record", async () => {
    const { store, database, setting } = await open(engine);
    const old = await store.start(maria, null, start);
    const recent = await store.start({ ...maria, name: "Ravi Kumar" }, null, start);
    const open_ = await store.start({ ...maria, name: "Open Case" }, null, start);
    const photo = randomBytes(5000);
    const paper = { paperKey: "photo", name: "me.jpg", type: "image/jpeg", bytes: photo, width: 1, height: 1 };
    for (const id of [old, recent, open_]) await store.addPaper(id, paper, null, start);
    await store.createUpload({ caseId: old, paperKey: "photo", name: "half.jpg", length: 10 }, later(1));
    await store.setStage(old, "closed", null, null, later(1));
    await store.setStage(recent, "closed", null, null, later(10));
    expect(await store.deleteClosedPapers(later(32), 30)).toBe(1);
    expect((await store.get(old))?.filesDeletedAt).toBe(later(32).toISOString());
    expect(await store.papers(old)).toEqual([expect.objectContaining({ deletedAt: later(32).toISOString() })]);
    await expect(store.openPaper(old, (await store.papers(old))[0]?.id ?? "")).rejects.toThrow(/deleted/);
    const rows = await database.db.selectFrom("case_papers").select(["case_id", "data"]).execute();
    expect(
      rows
        .filter((row) => row.data !== null)
        .map((row) => row.case_id)
        .sort(),
    ).toEqual([recent, open_].sort());
    expect(await database.db.selectFrom("case_uploads").selectAll().execute()).toEqual([]);
    expect((await store.events(old)).map((event) => event.kind)).toContain("files-deleted");
    // Run again: nothing more to do.
    expect(await store.deleteClosedPapers(later(33), 30)).toBe(0);
    void setting;
  });

  it("takes a resumable upload chunk by chunk, sealed as it comes, from where it stopped", async () => {
    const { store, database, setting } = await open(engine);
    const id = await store.start(maria, null, start);
    const bytes = randomBytes(30_000);
    const upload = await store.createUpload(
      { caseId: id, paperKey: "photo", name: "me.jpg", length: bytes.length },
      start,
    );
    expect(upload).toMatch(/^[0-9a-f]{32}$/);
    expect(await store.appendChunk(upload, 0, bytes.subarray(0, 10_000), start)).toBe(10_000);
    // A chunk sent again for where the upload already is (a retry after a lost answer) is refused: nothing twice.
    await expect(store.appendChunk(upload, 0, bytes.subarray(0, 10_000), start)).rejects.toThrow(/offset/);
    expect((await store.upload(upload))?.received).toBe(10_000);
    expect(await store.appendChunk(upload, 10_000, bytes.subarray(10_000), start)).toBe(30_000);
    const dump = await stolen(database, setting);
    expect(holds(dump, bytes.subarray(12_000, 12_048))).toBe(false);
    expect((await store.uploadBytes(upload)).equals(bytes)).toBe(true);
    await expect(store.appendChunk(upload, 30_000, Buffer.from("more"), start)).rejects.toThrow(/longer/);
    expect(await store.uploading(id)).toEqual({ files: 1, bytes: 30_000 });
    await store.finishUpload(upload, "a".repeat(32), start);
    expect(await store.upload(upload)).toMatchObject({ received: 30_000, paperId: "a".repeat(32) });
    expect(await store.uploading(id)).toEqual({ files: 0, bytes: 0 });
    expect(await database.db.selectFrom("case_upload_chunks").selectAll().execute()).toEqual([]);
    await store.removeUpload(upload);
    expect(await store.upload(upload)).toBeUndefined();
    expect(await database.db.selectFrom("case_upload_chunks").selectAll().execute()).toEqual([]);
  });

  it("removes uploads abandoned for a day", async () => {
    const { store } = await open(engine);
    const id = await store.start(maria, null, start);
    const stale = await store.createUpload({ caseId: id, paperKey: "photo", name: "a.jpg", length: 10 }, start);
    const fresh = await store.createUpload({ caseId: id, paperKey: "photo", name: "b.jpg", length: 10 }, later(1));
    expect(await store.removeAbandonedUploads(new Date(later(1).getTime() + 60_000))).toBe(1);
    expect(await store.upload(stale)).toBeUndefined();
    expect(await store.upload(fresh)).toBeDefined();
  });
});
