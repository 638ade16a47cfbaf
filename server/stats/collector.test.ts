// @vitest-environment node
import fc from "fast-check";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dubaiDay } from "../data/dubai-days";
import { openDatabase, type Database } from "../data/open";
import { engines } from "../data/testing/engines";
import { removeTestDirs, type Running, startOn } from "../testing/inbox-server";
import { readBeacon } from "./read-beacon";
import { StatsStore } from "../data/stats/store";
import { inAFreshMinute } from "../testing/fresh-minute";

afterAll(removeTestDirs);

const phone =
  "Mozilla/5.0 (Linux; Android 14; SM-A155F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const headless =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36";
const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const flushMs = 20;

describe.each(engines)("the statistics collector on %s", (engine) => {
  let server: Running;
  let database: Database;
  let stats: StatsStore;
  const logged: string[] = [];
  let address = 0;
  /** Each test's beacons come from addresses of its own, so the rate limit of one does not touch another. */
  const nextAddress = () => `198.51.100.${++address}`;

  beforeAll(async () => {
    server = await startOn(engine, {
      server: {
        trustProxy: true,
        stats: { flushMs, perAddressPerMinute: 5 },
        logger: {
          level: "info",
          stream: new Writable({
            write(chunk: Buffer, _encoding, done) {
              logged.push(chunk.toString());
              done();
            },
          }),
        },
      },
    });
    database = await openDatabase(server.database, { migrate: false });
    stats = new StatsStore(database);
  });
  afterAll(async () => {
    await server.app.close();
    await database.close();
  });

  const beacon = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.origin}/api/stats`, {
      method: "POST",
      body: typeof body === "string" ? body : JSON.stringify(body),
      headers: {
        "content-type": "text/plain;charset=UTF-8",
        "user-agent": phone,
        origin: server.origin,
        "x-forwarded-for": nextAddress(),
        ...headers,
      },
    });
  const today = () => dubaiDay(Date.now());
  // For what must NOT be written: a few batches' time. What must be written is waited for with expect.poll.
  const settle = () => new Promise((resolve) => setTimeout(resolve, flushMs * 5));
  const figures = async () => stats.figures(today(), today());
  const rowCounts = async () => ({
    events: (
      await database.db
        .selectFrom("stat_events")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
    vitals: (
      await database.db
        .selectFrom("stat_vitals")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  });

  it("counts a page shown on a phone, where its visit came from, and the not-found page at its path", async () => {
    expect((await beacon({ kind: "view", path: "/about", source: "facebook" })).status).toBe(204);
    expect((await beacon({ kind: "view", path: "/old-offer", source: "other sites" })).status).toBe(204);
    // Written by the next batch: waited for, not slept on (a busy machine may take longer than a few batches).
    await expect.poll(async () => (await figures()).notFound).toBe(1);
    const counted = await figures();
    expect(counted.pages).toEqual([{ route: "/about", views: 1, enquiries: 0 }]);
    expect(counted.sources).toEqual([{ source: "facebook", views: 1, enquiries: 0 }]);
    expect(counted.devices).toEqual([{ device: "phone", views: 1, enquiries: 0 }]);
    expect(counted.notFound).toBe(1);
    expect(JSON.stringify(counted)).not.toContain("/old-offer");
  });

  it("keeps a metric id's final value", async () => {
    const metric = { id: "v6-1764000000000-1111111111111", name: "LCP", value: 1800 };
    await beacon({ kind: "vitals", route: "/contact", metrics: [metric] });
    await beacon({ kind: "vitals", route: "/contact", metrics: [{ ...metric, value: 2100 }] });
    await expect
      .poll(() => stats.vitals(today(), today()))
      .toEqual([{ route: "/contact", device: "phone", metric: "LCP", p75: 2100, samples: 1 }]);
  });

  it("answers a bot, a headless browser and a request without a User-Agent as if counted, and counts none", async () => {
    const before = await rowCounts();
    for (const userAgent of [headless, googlebot, ""]) {
      expect((await beacon({ kind: "view", path: "/", source: "direct" }, { "user-agent": userAgent })).status).toBe(
        204,
      );
    }
    await settle();
    expect(await rowCounts()).toEqual(before);
  });

  it.each([
    ["not JSON", "view /"],
    [
      "vitals of a page the site does not have",
      JSON.stringify({ kind: "vitals", route: "/wp-login.php", metrics: [{ id: "v6-1-2", name: "LCP", value: 1 }] }),
    ],
    ["a field of its own", JSON.stringify({ kind: "view", path: "/", source: "direct", visitor: "42" })],
    ["more than 2 KB", JSON.stringify({ kind: "view", path: "/", source: "x".repeat(3000) })],
    [
      "an LCP of 120 s, which no browser reports",
      JSON.stringify({
        kind: "vitals",
        route: "/",
        metrics: [{ id: "v6-1764000000000-3333333333333", name: "LCP", value: 120_000 }],
      }),
    ],
  ])("refuses %s with 400 and keeps nothing", async (_what, body) => {
    const before = await rowCounts();
    const response = await beacon(body);
    expect(response.status).toBe(400);
    expect(await response.json()).toHaveProperty("message");
    await settle();
    expect(await rowCounts()).toEqual(before);
  });

  it("refuses a form post and a multipart body with 400", async () => {
    for (const type of ["application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
      expect((await beacon("kind=view", { "content-type": type })).status).toBe(400);
    }
  });

  it("refuses a beacon from another site with 403", async () => {
    const before = await rowCounts();
    const view = { kind: "view", path: "/", source: "direct" };
    expect((await beacon(view, { origin: "https://elsewhere.example" })).status).toBe(403);
    expect((await beacon(view, { "sec-fetch-site": "cross-site" })).status).toBe(403);
    await settle();
    expect(await rowCounts()).toEqual(before);
  });

  it("answers 429 past the limit of one address, and serves the next address", async () => {
    inAFreshMinute();
    const view = { kind: "view", path: "/services", source: "direct" };
    const flood = "203.0.113.200";
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await beacon(view, { "x-forwarded-for": flood })).status);
    expect(statuses).toEqual([204, 204, 204, 204, 204, 429, 429]);
    expect((await beacon(view)).status).toBe(204);
  });

  it("keeps no address and no User-Agent, in the database or the log", async () => {
    const marker = "Distinctive-Browser/9.9.9";
    const address = "192.0.2.173";
    await beacon(
      { kind: "view", path: "/dubai-visa/1", source: "google" },
      {
        "user-agent": `${phone} ${marker}`,
        "x-forwarded-for": address,
      },
    );
    await beacon(
      {
        kind: "vitals",
        route: "/dubai-visa/1",
        metrics: [{ id: "v6-1764000000000-2222222222222", name: "CLS", value: 0.01 }],
      },
      { "user-agent": `${phone} ${marker}`, "x-forwarded-for": address },
    );
    await beacon("not a beacon", { "user-agent": `${phone} ${marker}`, "x-forwarded-for": address });
    await expect
      .poll(async () => (await figures()).pages)
      .toContainEqual({ route: "/dubai-visa/1", views: 1, enquiries: 0 });
    const everything: unknown[] = [];
    for (const table of [
      "stat_events",
      "stat_days",
      "stat_vitals",
      "stat_sources",
      "enquiries",
      "rate_limits",
      "audit_log",
    ] as const) {
      everything.push(await database.db.selectFrom(table).selectAll().execute());
    }
    const dump = JSON.stringify(everything);
    expect(dump).not.toContain(address);
    expect(dump).not.toContain("Distinctive");
    const log = logged.join("");
    expect(log).not.toContain(address);
    expect(log).not.toContain("Distinctive");
    expect(log).not.toContain("/api/stats");
  });

  it("whatever comes, answers 204, 400 or 429, never fails, and stores only what it accepts (fuzzed)", async () => {
    const shapes = fc.oneof(
      fc.string(),
      fc.json(),
      fc
        .record(
          {
            kind: fc.constantFrom("view", "missing", "vitals", "click"),
            route: fc.oneof(fc.constantFrom("/", "/about", "/visa-documents/4", "/404"), fc.string()),
            path: fc.oneof(fc.constant("/old"), fc.string()),
            source: fc.oneof(fc.constantFrom("google", "eid flyer"), fc.string()),
            metrics: fc.array(
              fc.record({
                id: fc.oneof(fc.constant("v6-1-2"), fc.string()),
                name: fc.constantFrom("LCP", "INP", "CLS", "FCP", "TTFB", "FID"),
                value: fc.oneof(fc.double(), fc.integer()),
              }),
              { maxLength: 7 },
            ),
          },
          { requiredKeys: ["kind"] },
        )
        .map((value) => JSON.stringify(value)),
    );
    await fc.assert(
      fc.asyncProperty(shapes, async (body) => {
        const response = await beacon(body);
        expect([204, 400]).toContain(response.status);
        expect(response.status === 204).toBe(readBeacon(body).ok);
      }),
      { numRuns: 150 },
    );
  });
});
