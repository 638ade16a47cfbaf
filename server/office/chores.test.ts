// @vitest-environment node
import { execFile } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../data/open";
import { emptyDatabase, engines } from "../data/testing/engines";
import type { MailMessage, MailSender } from "../mailer";
import { type Connection, connectionOn } from "../data/resource";
import { InboxStore } from "../data/enquiries/store";
import { dubaiDay, nextDubaiHour } from "../data/dubai-days";
import { CaseStore } from "../data/cases/store";
import { documentsKey, Keyring } from "../data/cases/vault";
import { StatsStore } from "../data/stats/store";
import { submission } from "../testing/submission";
import { Accounts } from "./accounts";
import { Chores, readChoreSettings } from "./chores";
import { NextSteps } from "./next-steps";
import { PushStore } from "../data/push";

const hour = 60 * 60_000;
const quiet = { info: () => {}, error: () => {}, warn: () => {} } as never;

describe("when the office's daily jobs run", () => {
  it.each([
    ["2026-11-24T04:59:00Z", 9, "2026-11-24T05:00:00.000Z"],
    ["2026-11-24T05:00:00Z", 9, "2026-11-25T05:00:00.000Z"],
    ["2026-11-24T21:30:00Z", 9, "2026-11-25T05:00:00.000Z"],
    ["2026-11-24T22:59:00Z", 3, "2026-11-24T23:00:00.000Z"],
  ])("after %s, %i:00 in Dubai is %s", (now, dubaiHour, next) => {
    expect(new Date(nextDubaiHour(Date.parse(now), dubaiHour)).toISOString()).toBe(next);
  });

  it("counts days as Dubai does", () => {
    expect(dubaiDay(Date.parse("2026-11-24T19:59:00Z"))).toBe("2026-11-24");
    expect(dubaiDay(Date.parse("2026-11-24T20:00:00Z"))).toBe("2026-11-25");
  });

  it("reads RETENTION_MONTHS and OFFICE_DIGEST, refusing what they cannot be", () => {
    expect(readChoreSettings({})).toEqual({ retentionMonths: 24, digest: true, documentsKeepDays: 30 });
    expect(readChoreSettings({ RETENTION_MONTHS: "6", OFFICE_DIGEST: "off", DOCUMENTS_KEEP_DAYS: "7" })).toEqual({
      retentionMonths: 6,
      digest: false,
      documentsKeepDays: 7,
    });
    expect(() => readChoreSettings({ RETENTION_MONTHS: "0" })).toThrow(
      "RETENTION_MONTHS must be a whole number of months from 1 to 600",
    );
    expect(() => readChoreSettings({ RETENTION_MONTHS: "two years" })).toThrow('not "two years"');
    expect(() => readChoreSettings({ OFFICE_DIGEST: "daily" })).toThrow('OFFICE_DIGEST must be on or off, not "daily"');
  });

  it("a bad RETENTION_MONTHS stops the server's start with one line naming it", async () => {
    const script = join(import.meta.dirname, "..", "index.ts");
    const stderr = await new Promise<string>((done) => {
      execFile(
        process.execPath,
        ["--import", "tsx", script],
        { env: { ...process.env, RETENTION_MONTHS: "-1", PORT: "0", LOG: "off" } },
        (_error, _stdout, err) => done(err),
      );
    });
    expect(stderr).toBe(
      'The server cannot start: RETENTION_MONTHS must be a whole number of months from 1 to 600, not "-1"\n',
    );
    // A whole server process's start-up, as spawnServer allows one (60 s on a busy two-core machine).
  }, 60_000);
});

class Outbox implements MailSender {
  sent: MailMessage[] = [];
  failing = false;
  async send(message: MailMessage) {
    if (this.failing) throw new Error("the mail server is away");
    this.sent.push(message);
  }
  close() {}
}

describe.each(engines)("the daily jobs on %s", (engine) => {
  let database: Database;
  let remove: () => Promise<void>;
  const mailbox = new Outbox();
  let connection: Connection;
  const chores = (office: string | null = "https://office.example") =>
    new Chores(
      { connection },
      {
        settings: { retentionMonths: 24, digest: true, documentsKeepDays: 30 },
        office,
        agencyName: "Karama Visa & Travel",
        log: quiet,
        mail: { sender: mailbox, from: "site@karama.example", to: "agency@karama.example" },
      },
    );

  beforeAll(async () => {
    const empty = await emptyDatabase(engine);
    remove = empty.remove;
    database = await openDatabase(empty.setting);
    connection = connectionOn(database);
  });
  afterAll(async () => {
    await database.close();
    await remove();
  });

  it("send no digest while nothing waits", async () => {
    expect(await chores().digest(Date.parse("2026-01-10T05:00:00Z"))).toBe(false);
    expect(mailbox.sent).toEqual([]);
  });

  it("mail one digest a day, from one of several servers, listing what was not contacted after a day", async () => {
    const now = Date.parse("2026-02-10T05:00:00Z");
    const store = new InboxStore(database);
    const submission = (name: string) => ({
      kind: "enquiry" as const,
      name,
      email: "",
      phone: "",
      visaType: "Tourist Visa",
      date: "",
      adult: "",
      child: "",
      subject: "",
      message: "",
    });
    const [waiting] = await store.addMany(
      [{ submission: submission("Waiting Wafa"), heldReason: null }],
      new Date(now - 30 * hour),
    );
    await store.addMany([{ submission: submission("Fresh Fadi"), heldReason: null }], new Date(now - 2 * hour));
    await store.addMany([{ submission: submission("Spammy Sam"), heldReason: "honeypot" }], new Date(now - 30 * hour));
    const sent = await Promise.all([chores().digest(now), chores().digest(now), chores().digest(now + 3 * hour)]);
    expect(sent.filter(Boolean)).toHaveLength(1);
    expect(mailbox.sent).toHaveLength(1);
    const [mail] = mailbox.sent;
    expect(mail).toMatchObject({
      to: "agency@karama.example",
      subject: "Office digest: 1 not contacted, 1 held as spam",
    });
    expect(mail?.text).toContain(
      `- Waiting Wafa, Tourist Visa, received Mon 9 Feb 2026, 03:00: https://office.example/office/enquiries/${waiting}`,
    );
    expect(mail?.text).not.toContain("Fresh Fadi");
    expect(mail?.text).not.toContain("Spammy Sam");
    expect(mail?.text).toContain("Held as suspected spam: 1 (https://office.example/office?tab=held).");
    // The next day is a new digest.
    expect(await chores().digest(now + 24 * hour)).toBe(true);
  });

  it("issue 34, finding 8: the digest never makes a visitor's text a link, and cuts it to a sensible length", async () => {
    mailbox.sent.length = 0;
    const now = Date.parse("2026-04-10T05:00:00Z");
    const store = new InboxStore(database);
    const submission = (name: string, visaType: string) => ({
      kind: "enquiry" as const,
      name,
      email: "",
      phone: "",
      visaType,
      date: "",
      adult: "",
      child: "",
      subject: "",
      message: "",
    });
    const long = `Long${"N".repeat(30_000)}`;
    await store.addMany(
      [
        {
          submission: submission("Please verify https://evil.example/office/sign-in now", "Tourist Visa"),
          heldReason: null,
        },
        { submission: submission(long, "www.evil.example <b>visa</b>"), heldReason: null },
        { submission: submission("Aisha\u202egpj.exe", "Tourist Visa"), heldReason: null },
      ],
      new Date(now - 30 * hour),
    );
    expect(await chores().digest(now)).toBe(true);
    expect(mailbox.sent).toHaveLength(1);
    const text = mailbox.sent[0]?.text ?? "";
    const html = mailbox.sent[0]?.html ?? "";
    for (const part of [text, html]) {
      expect(part).not.toContain("https://evil.example");
      expect(part).not.toContain("evil.example");
      expect(part).toContain("Please verify hxxps://evil[.]example/office/sign-in now");
      expect(part).toContain("www[.]evil[.]example");
      expect(part).not.toContain("N".repeat(80));
      expect(part).toContain(`Long${"N".repeat(75)}…`);
      expect(part).not.toContain("\u202e");
      expect(part).toContain("Aisha[U+202E]gpj[.]exe");
    }
    expect(text.length).toBeLessThan(5_000);
    expect(html.length).toBeLessThan(10_000);
    expect(html).not.toContain("<b>");
    expect(html).toContain("&#60;b&#62;visa&#60;/b&#62;");
    // The only links are the office's own.
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]);
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(href).toMatch(/^https:\/\/office\.example\/office[/?]/);
  });

  it("issue 37: the digest lists the overdue next steps first, with their note, how long overdue and who set them", async () => {
    mailbox.sent.length = 0;
    const now = Date.parse("2026-05-10T05:00:00Z");
    const store = new InboxStore(database);
    const { person } = await new Accounts(database).invite({
      name: "Ravi Kumar",
      role: "staff",
      by: null,
      now: now - 100 * hour,
      validMs: 60_000,
    });
    const [late, soon] = await store.addMany(
      [
        { submission: submission({ name: "Overdue Omar", phone: "", email: "" }), heldReason: null },
        { submission: submission({ name: "Later Lubna", phone: "", email: "" }), heldReason: null },
      ],
      new Date(now - 2 * hour),
    );
    const steps = new NextSteps(database);
    await steps.set(
      late as number,
      now - 49 * hour,
      "Call https://evil.example back about the passport",
      person.id,
      now - 50 * hour,
    );
    await steps.set(soon as number, now + hour, "Not yet", person.id, now - 50 * hour);
    expect(await chores().digest(now)).toBe(true);
    const [mail] = mailbox.sent;
    expect(mail?.subject).toMatch(/^Office digest: 1 overdue, \d+ not contacted, \d+ held as spam$/);
    const text = mail?.text ?? "";
    expect(text.startsWith("Next steps overdue: 1.\n")).toBe(true);
    expect(text).toContain(
      `- Overdue Omar: Call hxxps://evil[.]example back about the passport, overdue by 2 days, set by Ravi Kumar: https://office.example/office/enquiries/${late}`,
    );
    expect(text).not.toContain("Later Lubna");
    expect(text.indexOf("Next steps overdue")).toBeLessThan(text.indexOf("Not contacted"));
    await steps.finish(late as number, "done", new Date(now - 49 * hour).toISOString(), person.id, now);
    await steps.finish(soon as number, "done", new Date(now + hour).toISOString(), person.id, now);
  });

  it("issue 37: a due next step is claimed for its alert once, whichever server looks first", async () => {
    const now = Date.parse("2026-06-10T05:00:00Z");
    const { person } = await new Accounts(database).invite({
      name: "Alert Ali",
      role: "staff",
      by: null,
      now,
      validMs: 60_000,
    });
    const [id] = await new InboxStore(database).addMany(
      [{ submission: submission({ name: "Due Duha", phone: "", email: "" }), heldReason: null }],
      new Date(now - hour),
    );
    const steps = new NextSteps(database);
    await steps.set(id as number, now - 1, "Call back", person.id, now - hour);
    // Ali's phone has alerts on: one push for the step, queued with its claim, whichever server claims it.
    const endpoint = `https://push.example/ali-${engine}`;
    await new PushStore(database).subscribe(person.id, {
      endpoint,
      p256dh: "key",
      auth: "secret",
      label: "Ali's phone",
    });
    const claimed = (await Promise.all([chores().dueAlerts(now), chores().dueAlerts(now)])).flat();
    const queued = await database.db
      .selectFrom("push_queue as q")
      .innerJoin("push_subscriptions as s", "s.id", "q.subscription_id")
      .select(["q.title", "q.body", "q.url"])
      .where("s.endpoint", "=", endpoint)
      .execute();
    // The visitor's name and that a step is due; never the note, which may hold a number or more.
    expect(queued).toEqual([
      { title: "Next step due: Due Duha", body: "Tap to open the enquiry.", url: `/office/enquiries/${id}` },
    ]);
    expect(claimed.filter((alert) => alert.enquiryId === id)).toEqual([
      {
        enquiryId: id,
        name: "Due Duha",
        note: "Call back",
        dueAt: new Date(now - 1).toISOString(),
        personIds: [person.id],
      },
    ]);
    await steps.finish(id as number, "done", new Date(now - 1).toISOString(), person.id, now);
  });

  it("give the day back when the mail server is away, so a later try sends it", async () => {
    mailbox.sent.length = 0;
    const now = Date.parse("2026-03-10T05:00:00Z");
    mailbox.failing = true;
    await expect(chores().digest(now)).rejects.toThrow("the mail server is away");
    mailbox.failing = false;
    expect(await chores().digest(now + 10 * 60_000)).toBe(true);
    expect(mailbox.sent).toHaveLength(1);
  });

  it("clean up once a night, whichever server comes first", async () => {
    const now = Date.parse("2029-06-01T23:00:00Z");
    const runs = await Promise.all([chores().retention(now), chores().retention(now)]);
    expect(runs.filter((run) => run !== null)).toHaveLength(1);
    expect(runs.find((run) => run !== null)?.old).toBeGreaterThan(0);
  });

  it("the nightly clean-up rolls the statistics' rows older than 90 days into daily totals", async () => {
    const stats = new StatsStore(database);
    await stats.record(
      [{ day: "2030-01-01", kind: "view", route: "/", source: "direct", device: "phone" }],
      [{ id: "v6-1-1", day: "2030-01-01", route: "/", device: "phone", metric: "LCP", value: 900 }],
    );
    // The 90 days up to 31 Mar 2030 (Dubai) begin on 1 Jan: still raw that night (03:00 Dubai is 23:00 UTC the
    // evening before), rolled up the next.
    await chores().retention(Date.parse("2030-03-30T23:00:00Z"));
    expect(await stats.vitals("2030-01-01", "2030-01-01")).toHaveLength(1);
    await chores().retention(Date.parse("2030-03-31T23:00:00Z"));
    expect(await stats.vitals("2030-01-01", "2030-01-01")).toEqual([]);
    expect((await stats.figures("2030-01-01", "2030-01-01")).totals).toEqual({ views: 1, enquiries: 0 });
    const raw = await database.db.selectFrom("stat_events").selectAll().where("day", "=", "2030-01-01").execute();
    expect(raw).toEqual([]);
  });
  it("the nightly clean-up deletes the papers of a case closed 31 days ago, and keeps its record (issue 56)", async () => {
    const cases = new CaseStore(database, new Keyring([documentsKey(Buffer.alloc(32, 5))]));
    const closedAt = Date.parse("2031-01-01T10:00:00Z");
    const paper = { paperKey: "photo", name: "me.jpg", type: "image/jpeg", width: 1, height: 1 };
    const old = await cases.start(
      {
        enquiryId: null,
        name: "Old Case",
        phone: null,
        email: null,
        service: "Visa",
        kind: "visit-visa",
        travelDate: null,
      },
      null,
      new Date(closedAt - 86_400_000),
    );
    await cases.addPaper(old, { ...paper, bytes: Buffer.from("passport") }, null, new Date(closedAt - 86_400_000));
    await cases.setStage(old, "closed", null, null, new Date(closedAt));
    // 30 days after closing: kept. 31 days after: gone, the case's record still there.
    await chores().retention(closedAt + 30 * 86_400_000 - 3_600_000);
    expect((await cases.papers(old))[0]?.deletedAt).toBeNull();
    await chores().retention(closedAt + 31 * 86_400_000);
    expect((await cases.papers(old))[0]?.deletedAt).not.toBeNull();
    await expect(cases.openPaper(old, (await cases.papers(old))[0]?.id ?? "")).rejects.toThrow(/deleted/);
    expect((await cases.get(old))?.name).toBe("Old Case");
  });
});
