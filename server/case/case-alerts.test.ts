// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CaseStore } from "../data/cases/store";
import { documentsKey, Keyring } from "../data/cases/vault";
import { openDatabase, type Database } from "../data/open";
import { engines } from "../data/testing/engines";
import { signedInPerson } from "../office/testing/office-client";
import { defaultPushRetry, pushOffReason } from "../push/config";
import { touristCaseWithLink } from "../testing/cases";
import { removeTestDirs, type Running, startOn } from "../testing/inbox-server";
import { startPushService, type TestPushService } from "../testing/push-service";

/*
 * Issue 56: the traveller is told when their visa moves, by e-mail and, when they allowed it on their page, by a
 * Web Push notification on their phone. Their page turns it on and off for their own case only.
 */

const keys = new Keyring([documentsKey(Buffer.alloc(32, 1))]);
let service: TestPushService;
beforeAll(async () => {
  service = await startPushService();
});
afterAll(async () => {
  await service.close();
  await removeTestDirs();
});

let addresses = 0;
const from = () => ({ "x-forwarded-for": `203.0.${Math.floor(++addresses / 250)}.${addresses % 250}` });

describe.each(engines)("the traveller's alerts, on %s", (engine) => {
  let server: Running;
  let database: Database;
  let cases: CaseStore;
  let staff: Awaited<ReturnType<typeof signedInPerson>>;

  beforeAll(async () => {
    server = await startOn(engine, {
      server: {
        trustProxy: true,
        push: { on: true, contact: "mailto:owner@karama.example", loopback: true, retry: defaultPushRetry },
      },
    });
    database = await openDatabase(server.database, { migrate: false });
    cases = new CaseStore(database, keys);
    staff = await signedInPerson(server.origin, database, "Sara Staff", "staff");
  });
  afterAll(async () => {
    await database.close();
    await server.app.close();
  });

  const newCase = (name = "Maria Santos") => touristCaseWithLink(cases, name);
  const alerts = (link: string, body: unknown, headers: Record<string, string> = {}, path = "alerts") =>
    fetch(`${server.origin}/case/${link}/${path}`, {
      method: "POST",
      headers: {
        ...from(),
        "content-type": "application/json",
        origin: server.origin,
        "sec-fetch-site": "same-origin",
        ...headers,
      },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  const subscription = (device = service.device()) => ({
    endpoint: device.endpoint,
    keys: { p256dh: device.p256dh, auth: device.auth },
  });
  const moveTo = (id: number, stage: string) => staff.client.form(`/office/cases/${id}/stage`, { stage, note: "" });

  it("offers the alerts on the traveller's page, and tells their phone in their words when the visa moves", async () => {
    const { id, link } = await newCase();
    const page = await (await fetch(`${server.origin}/case/${link}`, { headers: from() })).text();
    expect(page).toContain("Tell me on this phone when my visa moves");
    expect(/data-alerts-key="([A-Za-z0-9_-]{87})"/.exec(page)).not.toBeNull();

    const device = service.device();
    const on = await alerts(link, subscription(device));
    expect(on.status).toBe(204);
    expect(await cases.devices(id)).toHaveLength(1);

    expect((await moveTo(id, "approved")).status).toBe(303);
    await expect.poll(() => service.delivered(device).length, { timeout: 10_000 }).toBe(1);
    const [push] = service.delivered(device);
    const payload = JSON.parse(push?.text ?? "null") as { title: string; body: string; url: string };
    expect(payload.title).toBe("Your Dubai Tourist Visa: approved");
    expect(payload.body).toMatch(/approved/i);
    // The private link is never kept, so never sent: the phone opens the page it subscribed from.
    expect(payload.url).toBe("/case/");
    expect(push?.text).not.toContain(link);

    const off = await alerts(link, { endpoint: device.endpoint }, {}, "alerts/off");
    expect(off.status).toBe(204);
    expect(await cases.devices(id)).toEqual([]);
    await moveTo(id, "visa-ready");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(service.delivered(device)).toHaveLength(1);
  });

  it("forgets a phone its push service says is gone", async () => {
    const { id, link } = await newCase();
    const device = service.device();
    service.answer(device, 410);
    expect((await alerts(link, subscription(device))).status).toBe(204);
    await moveTo(id, "applied");
    await expect.poll(() => cases.devices(id), { timeout: 10_000 }).toEqual([]);
  });

  it("refuses another site, a wrong link, keys or an address no push service gives, and a huge body", async () => {
    const { id, link } = await newCase();
    const other = await newCase("Other Olga");
    expect(
      (await alerts(link, subscription(), { origin: "https://evil.example", "sec-fetch-site": "cross-site" })).status,
    ).toBe(403);
    const wrong = await alerts("x".repeat(43), subscription());
    expect(wrong.status).toBe(404);
    expect(await wrong.text()).toContain("This link does not work");
    const bad = await alerts(link, { endpoint: service.device().endpoint, keys: { p256dh: "short", auth: "x" } });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toMatch(/cannot be used/);
    const inside = await alerts(link, { ...subscription(), endpoint: "http://10.0.0.7/push/x" });
    expect(inside.status).toBe(400);
    expect((await alerts(link, `{"endpoint":"${"a".repeat(200_000)}"}`)).status).toBe(413);
    expect((await alerts(link, "{not json")).status).toBe(400);
    expect(await cases.devices(id)).toEqual([]);
    // One case's link never turns off another case's phone.
    const device = service.device();
    await alerts(other.link, subscription(device));
    expect((await alerts(link, { endpoint: device.endpoint }, {}, "alerts/off")).status).toBe(404);
    expect(await cases.devices(other.id)).toHaveLength(1);
  });
});

describe("the traveller's alerts on a server with alerts off", () => {
  let server: Running;
  let cases: CaseStore;
  let database: Database;
  beforeAll(async () => {
    server = await startOn("sqlite", { server: { push: { on: false, reason: pushOffReason } } });
    database = await openDatabase(server.database, { migrate: false });
    cases = new CaseStore(database, keys);
  });
  afterAll(async () => {
    await database.close();
    await server.app.close();
  });

  it("offers none, and takes none", async () => {
    const id = await cases.start(
      { enquiryId: null, name: "M", phone: null, email: null, service: "Visa", kind: "visit-visa", travelDate: null },
      null,
      new Date(),
    );
    const link = await cases.issueLink(id, null, new Date());
    const page = await (await fetch(`${server.origin}/case/${link}`)).text();
    expect(page).not.toContain("Tell me on this phone");
    const answer = await fetch(`${server.origin}/case/${link}/alerts`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.origin },
      body: JSON.stringify({ endpoint: service.device().endpoint, keys: { p256dh: "a", auth: "b" } }),
    });
    expect(answer.status).toBe(409);
  });
});
