import { afterEach, describe, expect, it } from "vitest";
import { InboxStore } from "./enquiries/store";
import { submission as aSubmission } from "../testing/submission";
import { openDatabase, type Database } from "./open";
import { enquiryAlert } from "./alert-texts";
import { alertsKeptMs, PushStore, queueAlert } from "./push";
import { emptyDatabase, engines } from "./testing/engines";

const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function open(engine: (typeof engines)[number]): Promise<Database> {
  const { setting, remove } = await emptyDatabase(engine);
  cleanups.push(remove);
  const database = await openDatabase(setting);
  cleanups.push(() => database.close());
  return database;
}

async function person(database: Database, name: string, role: "owner" | "staff" = "staff", revoked = false) {
  const row = await database.db
    .insertInto("people")
    .values({
      name,
      role,
      handle: `${name}-handle`,
      created_at: new Date().toISOString(),
      revoked_at: revoked ? new Date().toISOString() : null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const device = (name: string) => ({
  endpoint: `https://push.example/${name}`,
  p256dh: `key-${name}`,
  auth: `auth-${name}`,
  label: `Phone of ${name}`,
});

const submission = aSubmission({
  name: "Amina Yusuf",
  email: "amina@example.com",
  phone: "+971 50 123 4567",
  visaType: "60 Days Dubai Visa",
  message: "Please call me about my passport 12345",
});

describe.each(engines)("push alerts (%s)", (engine) => {
  it("keeps one row per device, re-subscribing takes the new keys and person", async () => {
    const database = await open(engine);
    const store = new PushStore(database);
    const sara = await person(database, "sara");
    const omar = await person(database, "omar");
    await store.subscribe(sara, device("a"));
    await store.subscribe(sara, { ...device("a"), p256dh: "newer" });
    expect((await store.subscriptionsOf(sara)).map((s) => s.p256dh)).toEqual(["newer"]);
    await store.subscribe(omar, device("a"));
    expect(await store.subscriptionsOf(sara)).toEqual([]);
    expect(await store.subscriptionsOf(omar)).toHaveLength(1);
    expect(await store.unsubscribe(sara, device("a").endpoint)).toBe(false);
    expect(await store.unsubscribe(omar, device("a").endpoint)).toBe(true);
    expect(await store.subscriptionsOf(omar)).toEqual([]);
  });

  it("queues an alert per device of the people named, never a revoked person's", async () => {
    const database = await open(engine);
    const store = new PushStore(database);
    const owner = await person(database, "owner", "owner");
    const staff = await person(database, "staff");
    const gone = await person(database, "gone", "staff", true);
    await store.subscribe(owner, device("o1"));
    await store.subscribe(owner, device("o2"));
    await store.subscribe(staff, device("s1"));
    await store.subscribe(gone, device("g1"));
    const alert = { title: "T", body: "B", url: "/office" };
    expect(await queueAlert(database.db, { to: "everyone-on", ...alert })).toBe(3);
    expect(await queueAlert(database.db, { to: "owners", ...alert })).toBe(2);
    expect(await queueAlert(database.db, { to: [staff, gone], ...alert })).toBe(1);
    expect(await queueAlert(database.db, { to: [], ...alert })).toBe(0);
    expect(await store.waiting()).toBe(6);
  });

  it("queues an alert with a new enquiry, in its transaction: never for held spam or one added by hand", async () => {
    const database = await open(engine);
    const store = new PushStore(database);
    const staff = await person(database, "staff");
    await store.subscribe(staff, device("s1"));
    const [id] = await new InboxStore(database).addMany([
      { submission, heldReason: null },
      { submission, heldReason: "honeypot" },
      { submission, heldReason: null, cameBy: "walk-in" },
    ]);
    const claimed = await store.claim("w", Date.now(), 10, 60_000);
    expect(claimed).toHaveLength(1);
    const [alert] = claimed;
    expect(alert).toMatchObject({ title: "New enquiry: Amina Yusuf", url: `/office/enquiries/${id}` });
    // What a locked screen shows: never the phone number, e-mail or message.
    const shown = JSON.stringify({ title: alert?.title, body: alert?.body });
    for (const secret of ["971", "123 4567", "amina@", "passport", "12345"]) expect(shown).not.toContain(secret);
  });

  it("alerts a held enquiry when it is let through (not spam), once; never again one the office marked and let back", async () => {
    const database = await open(engine);
    const store = new PushStore(database);
    const inbox = new InboxStore(database);
    const staff = await person(database, "staff");
    await store.subscribe(staff, device("s1"));
    const [held, marked] = await inbox.addMany([
      { submission, heldReason: "honeypot" },
      { submission: { ...submission, name: "Omar Haddad" }, heldReason: null },
    ]);
    if (held === undefined || marked === undefined) throw new Error("two enquiries were added");
    // The one that came through was alerted when it came; the held one was not.
    const alerted = async () => (await store.claim("w", Date.now(), 10, 60_000)).map((alert) => alert.url);
    expect(await alerted()).toEqual([`/office/enquiries/${marked}`]);
    // Marked as spam in the office (server/office/work.ts, markSpam) and let back: its alert went out when it came.
    await database.db
      .updateTable("outbox")
      .set({ status: "held", held_reason: "marked by staff" })
      .where("enquiry_id", "=", marked)
      .execute();
    await database.db
      .insertInto("enquiry_events")
      .values({ enquiry_id: marked, at: new Date().toISOString(), person_id: staff, kind: "spam", detail: "" })
      .execute();
    expect(await inbox.release(marked)).toBe(true);
    expect(await alerted()).toEqual([]);

    // Held by the spam guard, never alerted: let through, the phones hear of it as of a new enquiry, once.
    expect(await inbox.release(held)).toBe(true);
    const [alert, ...more] = await store.claim("w", Date.now(), 10, 60_000);
    expect(more).toEqual([]);
    expect(alert).toMatchObject({ title: "New enquiry: Amina Yusuf", url: `/office/enquiries/${held}` });
    expect(await inbox.release(held)).toBe(false);
    expect(await alerted()).toEqual([]);
  });

  it("says what a visitor asked for: the service, or the contact's subject", () => {
    expect(enquiryAlert(4, { ...submission, visaType: "", subject: "Hotel booking", kind: "contact" }).body).toBe(
      "Hotel booking",
    );
    expect(enquiryAlert(4, { ...submission, name: "  " }).title).toBe("New enquiry: Someone");
    expect(enquiryAlert(4, submission).body).toContain("Visa");
  });

  it("leases: one claim at a time, the holder alone settles, a lapsed lease is claimed again", async () => {
    const database = await open(engine);
    const store = new PushStore(database);
    const staff = await person(database, "staff");
    await store.subscribe(staff, device("s1"));
    await store.queue({ to: "everyone-on", title: "T", body: "B", url: "/office" }, 1_000);
    const [mine] = await store.claim("a", 1_000, 10, 60_000);
    expect(mine).toBeDefined();
    if (!mine) return;
    // While a's lease lasts, b gets nothing; a settles it.
    expect(await store.claim("b", 2_000, 10, 60_000)).toEqual([]);
    // After the lease, b takes it (a was killed mid-send), and a may no longer settle it.
    const [taken] = await store.claim("b", 61_001, 10, 60_000);
    expect(taken?.id).toBe(mine.id);
    expect(await store.markSent(mine, "a")).toBe(false);
    expect(await store.markSent(mine, "b")).toBe(true);
    expect(await store.waiting()).toBe(0);
    expect((await store.subscriptionsOf(staff))[0]?.lastSuccessAt).not.toBeNull();
  });

  it("puts a failed alert back for later, drops it when told, deletes a gone device's alerts with it", async () => {
    const database = await open(engine);
    const store = new PushStore(database);
    const staff = await person(database, "staff");
    await store.subscribe(staff, device("s1"));
    await store.queue({ to: "everyone-on", title: "T", body: "B", url: "/office" }, 1_000);
    const [first] = await store.claim("a", 1_000, 10, 60_000);
    if (!first) throw new Error("nothing claimed");
    expect(await store.markFailed(first, "a", "push service answered 500", 5_000)).toBe(true);
    expect(await store.claim("a", 4_999, 10, 60_000)).toEqual([]);
    expect(await store.nextDueAt()).toBe(5_000);
    const [again] = await store.claim("a", 5_000, 10, 60_000);
    expect(again?.attempts).toBe(1);
    expect((await store.subscriptionsOf(staff))[0]?.lastError).toBe("push service answered 500");
    if (!again) return;
    expect(await store.markFailed(again, "a", "still 500", null)).toBe(true);
    expect(await store.waiting()).toBe(0);

    await store.queue({ to: "everyone-on", title: "T", body: "B", url: "/office" }, 9_000);
    const [gone] = await store.claim("a", 9_000, 10, 60_000);
    if (!gone) throw new Error("nothing claimed");
    await store.removeSubscription(gone.subscriptionId);
    expect(await store.subscriptionsOf(staff)).toEqual([]);
    expect(await store.waiting()).toBe(0);
  });

  it("a stopping server lets go of what it claimed", async () => {
    const database = await open(engine);
    const store = new PushStore(database);
    const staff = await person(database, "staff");
    await store.subscribe(staff, device("s1"));
    await store.queue({ to: "everyone-on", title: "T", body: "B", url: "/office" }, 1_000);
    expect(await store.claim("a", 1_000, 10, 60_000)).toHaveLength(1);
    await store.releaseClaims("a");
    expect(await store.claim("b", 1_001, 10, 60_000)).toHaveLength(1);
  });

  it("tells the owner's health page how alerts are going: devices, waiting, the oldest wait, failing devices", async () => {
    const database = await open(engine);
    const store = new PushStore(database);
    expect(await store.health()).toEqual({
      devices: 0,
      waiting: 0,
      oldestWaitingAt: null,
      failing: 0,
      lastError: null,
    });
    const sara = await person(database, "sara");
    const omar = await person(database, "omar");
    await store.subscribe(sara, device("a"));
    await store.subscribe(omar, device("b"));
    await store.queue({ to: "everyone-on", title: "T", body: "B", url: "/office" }, 1_000);
    await store.queue({ to: "everyone-on", title: "T2", body: "B", url: "/office" }, 3_000);
    const claimed = await store.claim("a", 3_000, 10, 60_000);
    const sent = claimed.find((alert) => alert.title === "T" && alert.endpoint.endsWith("/a"));
    const failed = claimed.find((alert) => alert.endpoint.endsWith("/b"));
    if (!sent || !failed) throw new Error("nothing claimed");
    await store.markSent(sent, "a", new Date(3_000));
    await store.markFailed(failed, "a", "push service answered 500", 60_000, new Date(3_000));
    await store.releaseClaims("a");
    expect(await store.health()).toEqual({
      devices: 2,
      waiting: 3,
      oldestWaitingAt: 1_000,
      failing: 1,
      lastError: "push service answered 500",
    });
  });

  it("forgets alerts older than a day, sent or not: a late ring helps nobody, and each names a visitor", async () => {
    const database = await open(engine);
    const store = new PushStore(database);
    const sara = await person(database, "sara");
    await store.subscribe(sara, device("a"));
    const now = 10 * alertsKeptMs;
    await store.queue({ to: "everyone-on", title: "Old", body: "B", url: "/office" }, now - alertsKeptMs - 1);
    await store.queue({ to: "everyone-on", title: "Fresh", body: "B", url: "/office" }, now - alertsKeptMs + 1);
    expect(await store.dropStale(now)).toBe(1);
    expect((await store.claim("a", now, 10, 60_000)).map((alert) => alert.title)).toEqual(["Fresh"]);
    expect(await store.dropStale(now)).toBe(0);
  });
});
