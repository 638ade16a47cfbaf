// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, type Database } from "../data/open";
import { PushStore } from "../data/push";
import { engines } from "../data/testing/engines";
import { defaultPushRetry, readPushSetting } from "../push/config";
import { removeTestDirs, type Running, startOn } from "../testing/inbox-server";
import { startPushService, type TestPushService } from "../testing/push-service";
import { alertFromPush, genericAlert, officeUrl, openAlert, type OfficeWindow } from "./client/alert-handling";
import { officePolicy } from "./headers";
import { signedInPerson } from "./testing/office-client";

/* Issue 37: alerts on the phone, as the office offers them on "Me", and the office as an installable app. */

const contact = "mailto:owner@karama-visa.example";
let service: TestPushService;

beforeAll(async () => {
  service = await startPushService();
});
afterAll(async () => {
  await service.close();
  await removeTestDirs();
});

describe.each(engines)("alerts on the Me page, on %s", (engine) => {
  let server: Running;
  let database: Database;

  beforeAll(async () => {
    server = await startOn(engine, {
      server: { push: { on: true, contact, loopback: true, retry: { ...defaultPushRetry, pollMs: 100 } } },
    });
    database = await openDatabase(server.database, { migrate: false });
  });
  afterAll(async () => {
    await database.close();
    await server.app.close();
  });

  it("turns alerts on for a device, sends it a test it can decrypt, and turns them off", async () => {
    const { client, person } = await signedInPerson(server.origin, database, "Sara Staff", "staff");
    const me = await client.get("/office/me");
    expect(me.text).toContain("Alerts on this phone");
    // The key browsers subscribe with: the server's, made once and kept.
    const key = /data-alerts="([A-Za-z0-9_-]+)"/.exec(me.text)?.[1];
    expect(key).toHaveLength(87);
    const device = service.device();
    const on = await client.json("/office/me/alerts", {
      endpoint: device.endpoint,
      keys: { p256dh: device.p256dh, auth: device.auth },
    });
    expect(on.status).toBe(200);
    expect(await new PushStore(database).subscriptionsOf(person.id)).toHaveLength(1);
    expect((await client.get("/office/me")).text).toContain("Your devices with alerts on");

    const test = await client.json("/office/me/alerts/test", { endpoint: device.endpoint });
    expect(test.status).toBe(200);
    const [push] = service.delivered(device);
    expect(JSON.parse(push?.text ?? "null")).toMatchObject({ title: "Test alert", url: "/office/me" });
    expect(push?.publicKey).toBe(key);
    expect(push?.claims).toMatchObject({ aud: service.origin, sub: contact });

    const off = await client.json("/office/me/alerts/off", { endpoint: device.endpoint });
    expect(off.status).toBe(200);
    expect(await new PushStore(database).subscriptionsOf(person.id)).toEqual([]);
    expect((await client.json("/office/me/alerts/test", { endpoint: device.endpoint })).status).toBe(404);
  });

  it("refuses an address that is no push service's, and keys that are not keys", async () => {
    const { client } = await signedInPerson(server.origin, database, "Eve Staff", "staff");
    const device = service.device();
    const keys = { p256dh: device.p256dh, auth: device.auth };
    // With PUSH_LOOPBACK=on (these tests) loopback is taken; a live server's refusals are below, "fresh install".
    for (const endpoint of [
      ...["http://10.0.0.8/push", "file:///etc/passwd", "https://user:pw@push.example/x", "x"],
      ...["https://10.0.0.5/push", "https://169.254.169.254/latest/meta-data/", "https://intranet/push"],
    ]) {
      expect((await client.json("/office/me/alerts", { endpoint, keys })).status, endpoint).toBe(400);
    }
    for (const bad of [
      { p256dh: "short", auth: device.auth },
      { p256dh: device.p256dh, auth: "AAAA" },
      { p256dh: `${device.p256dh}!`, auth: device.auth },
    ]) {
      expect((await client.json("/office/me/alerts", { endpoint: device.endpoint, keys: bad })).status).toBe(400);
    }
    expect((await client.json("/office/me/alerts", { endpoint: device.endpoint })).status).toBe(400);
  });

  it("sends a test only to one's own device, and a device the push service says is gone is deleted", async () => {
    const sara = await signedInPerson(server.origin, database, "Test Sara", "staff");
    const omar = await signedInPerson(server.origin, database, "Test Omar", "staff");
    const device = service.device();
    await sara.client.json("/office/me/alerts", {
      endpoint: device.endpoint,
      keys: { p256dh: device.p256dh, auth: device.auth },
    });
    expect((await omar.client.json("/office/me/alerts/test", { endpoint: device.endpoint })).status).toBe(404);
    // Turning off someone else's device does nothing.
    await omar.client.json("/office/me/alerts/off", { endpoint: device.endpoint });
    expect(await new PushStore(database).subscriptionsOf(sara.person.id)).toHaveLength(1);
    service.answer(device, 410);
    const gone = await sara.client.json("/office/me/alerts/test", { endpoint: device.endpoint });
    expect(gone.status).toBe(502);
    expect(gone.json.message).toContain("Turn them on again");
    expect(await new PushStore(database).subscriptionsOf(sara.person.id)).toEqual([]);
  });

  it("serves its service worker and app manifest under /office, within the office's policy", async () => {
    const worker = await fetch(`${server.origin}/office/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get("content-type")).toContain("javascript");
    expect(worker.headers.get("cache-control")).toBe("no-store");
    const script = await worker.text();
    expect(script).toContain("showNotification");
    // Its notifications' icon is inside it, never fetched (issue 55; server/office/assets.test.ts).
    expect(script).toMatch(/"data:image\/png;base64,[\w+/=]+"/);
    expect(officePolicy).toContain("worker-src 'self'");
    expect(officePolicy).toContain("manifest-src 'self'");

    const answer = await fetch(`${server.origin}/office/manifest.webmanifest`);
    expect(answer.headers.get("content-type")).toContain("application/manifest+json");
    const manifest = (await answer.json()) as {
      scope: string;
      start_url: string;
      display: string;
      icons: { src: string }[];
    };
    expect(manifest).toMatchObject({ scope: "/office", start_url: "/office", display: "standalone" });
    expect(manifest.icons.length).toBeGreaterThanOrEqual(2);
    for (const icon of manifest.icons) {
      expect(icon.src.startsWith("/office/assets/")).toBe(true);
      const image = await fetch(server.origin + icon.src);
      expect(image.status).toBe(200);
      expect(image.headers.get("content-type")).toBe("image/png");
    }
  });
});

describe("alerts on a fresh install (issue 55)", () => {
  it("are on with no setting made: Me offers to turn them on, and a device is taken", async () => {
    // Nothing set, as after a fresh clone: the contact is the example mailbox's, and npm run doctor warns of it.
    const server = await startOn("sqlite", { server: { push: readPushSetting({}) } });
    const database = await openDatabase(server.database, { migrate: false });
    try {
      const { client, person } = await signedInPerson(server.origin, database, "Fresh Fatima", "owner");
      const me = await client.get("/office/me");
      expect(me.text).toMatch(/data-alerts="[A-Za-z0-9_-]{87}"/);
      expect(me.text).toContain("Turn on alerts");
      expect(me.text).not.toContain("data-alerts-off");
      // A live server takes only a known push service's address (issue 55; server/push/endpoint.test.ts has every
      // form): the tests' own (plain http on loopback) is refused, as is any address inside the network.
      const device = service.device();
      const keys = { p256dh: device.p256dh, auth: device.auth };
      for (const endpoint of [
        device.endpoint,
        ...["https://127.0.0.1:8443/push", "https://10.0.0.5/push", "https://169.254.169.254/latest/meta-data/"],
        ...["https://[::1]/push", "https://[fd00::5]/push", "https://intranet/push", "https://push.example/x"],
        ...["https://fcm.googleapis.com:8443/fcm/send/a", "https://fcm.googleapis.com@10.0.0.5/fcm/send/a"],
      ]) {
        expect((await client.json("/office/me/alerts", { endpoint, keys })).status, endpoint).toBe(400);
      }
      expect(await new PushStore(database).subscriptionsOf(person.id)).toEqual([]);
    } finally {
      await database.close();
      await server.app.close();
    }
  });
});

describe("a device whose push service's name resolves inside the network (issue 55)", () => {
  it("is never posted to, and the owner's health page names no address or network error", async () => {
    // fcm.googleapis.com as a poisoned resolver answers: an address inside.
    const resolve = async () => [{ address: "10.0.0.5", family: 4 }];
    const retry = { ...defaultPushRetry, pollMs: 100, baseMs: 50, maxMs: 100 };
    const server = await startOn("sqlite", {
      server: { push: { on: true, contact, loopback: false, resolve, retry } },
    });
    const database = await openDatabase(server.database, { migrate: false });
    try {
      const { client, person } = await signedInPerson(server.origin, database, "Owner Omar", "owner");
      const device = service.device();
      const endpoint = "https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b";
      const keys = { p256dh: device.p256dh, auth: device.auth };
      // Refused when added...
      expect((await client.json("/office/me/alerts", { endpoint, keys })).status).toBe(400);
      // ...and at each send, for one stored another way (before this check, or by a name that changed since).
      const store = new PushStore(database);
      await store.subscribe(person.id, { endpoint, ...keys, label: "Chrome on Android" });
      await store.queue({ to: "everyone-on", title: "New enquiry: Test", body: "b", url: "/office" });
      await expect
        .poll(async () => (await store.subscriptionsOf(person.id))[0]?.lastError ?? null, { timeout: 10_000 })
        .not.toBeNull();
      const health = await client.get("/office/health");
      expect(health.text).toContain("Latest error: not a known push service's public address: refused");
      for (const inside of ["10.0.0.5", "ECONNREFUSED", "EHOSTUNREACH", "ETIMEDOUT"]) {
        expect(health.text).not.toContain(inside);
      }
    } finally {
      await database.close();
      await server.app.close();
    }
  });
});

describe("alerts off (PUSH_CONTACT=off)", () => {
  it("says why on Me, and refuses to turn them on", async () => {
    const server = await startOn("sqlite", { server: { push: readPushSetting({ PUSH_CONTACT: "off" }) } });
    const database = await openDatabase(server.database, { migrate: false });
    try {
      const { client } = await signedInPerson(server.origin, database, "Off Olivia", "owner");
      const me = await client.get("/office/me");
      expect(me.text).toContain("PUSH_CONTACT");
      expect(me.text).not.toContain("data-alerts=");
      const device = service.device();
      const on = await client.json("/office/me/alerts", {
        endpoint: device.endpoint,
        keys: { p256dh: device.p256dh, auth: device.auth },
      });
      expect(on.status).toBe(409);
      expect(on.json.message).toContain("PUSH_CONTACT");
    } finally {
      await database.close();
      await server.app.close();
    }
  });
});

describe("the office's service worker", () => {
  it("shows what the server pushed, or a generic alert for anything it cannot read", () => {
    expect(
      alertFromPush(JSON.stringify({ title: "New enquiry: Aisha", body: "Tourist Visa", url: "/office/enquiries/7" })),
    ).toEqual({
      title: "New enquiry: Aisha",
      body: "Tourist Visa",
      url: "/office/enquiries/7",
    });
    for (const unreadable of [null, "", "not json", "[]", "{}", JSON.stringify({ title: "" })]) {
      expect(alertFromPush(unreadable)).toEqual(genericAlert);
    }
  });

  it("opens only office addresses", () => {
    expect(officeUrl("/office/enquiries/12")).toBe("/office/enquiries/12");
    for (const elsewhere of ["https://evil.example/office", "//evil.example", "/officer", "/office/../admin", 7]) {
      expect(officeUrl(elsewhere)).toBe("/office");
    }
  });

  it("on a tap, brings an open office window to the enquiry, or opens one", async () => {
    const origin = "https://www.karama.example";
    const office: OfficeWindow = {
      url: `${origin}/office`,
      focus: vi.fn(async () => {}),
      navigate: vi.fn(async () => {}),
    };
    const site: OfficeWindow = {
      url: `${origin}/visas`,
      focus: vi.fn(async () => {}),
      navigate: vi.fn(async () => {}),
    };
    const openWindow = vi.fn(async () => {});
    expect(await openAlert("/office/enquiries/7", origin, [site, office], openWindow)).toBe("focused");
    expect(office.focus).toHaveBeenCalled();
    expect(office.navigate).toHaveBeenCalledWith(`${origin}/office/enquiries/7`);
    expect(site.navigate).not.toHaveBeenCalled();
    expect(openWindow).not.toHaveBeenCalled();
    expect(await openAlert("/office/enquiries/8", origin, [site], openWindow)).toBe("opened");
    expect(openWindow).toHaveBeenCalledWith(`${origin}/office/enquiries/8`);
    // A window the browser will not move (not the worker's to control): the enquiry opens in one of its own.
    const stuck: OfficeWindow = {
      url: `${origin}/office`,
      focus: vi.fn(async () => Promise.reject(new Error("not allowed"))),
      navigate: vi.fn(async () => Promise.reject(new TypeError("not controlled"))),
    };
    expect(await openAlert("/office/enquiries/9", origin, [stuck], openWindow)).toBe("opened");
    expect(openWindow).toHaveBeenCalledWith(`${origin}/office/enquiries/9`);
  });
});
