// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pagePaths } from "../app/lib/paths";
import { dubaiDay } from "./data/dubai-days";
import { openDatabase, type Database } from "./data/open";
import { engines } from "./data/testing/engines";
import { signedInPerson } from "./office/testing/office-client";
import { removeTestDirs, type Running, startOn, waitFor } from "./testing/inbox-server";
import { otherPage, otherSource, sourcesPerDay } from "./data/stats/bounds";

afterAll(removeTestDirs);

const phone =
  "Mozilla/5.0 (Linux; Android 14; SM-A155F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const beacons = 5_000;

/**
 * Issue 34: an attacker's beacons, each with a path and a source of its own, through the collector as a browser
 * sends them. What is stored stays a bounded set of pages and sources, and the office's statistics page stays small.
 */
describe.each(engines)("a flood of distinct paths and sources on %s", (engine) => {
  let server: Running;
  let database: Database;

  beforeAll(async () => {
    server = await startOn(engine, { server: { trustProxy: true, stats: { flushMs: 20 } } });
    database = await openDatabase(server.database, { migrate: false });
  });
  afterAll(async () => {
    await server.app.close();
    await database.close();
  });

  const body = (n: number) =>
    JSON.stringify({
      kind: "view",
      // Half to pages the site does not have (a path each, some a script's), half to its pages.
      path:
        n % 2 === 0 ? (n % 10 === 0 ? `/javascript:alert(${n})` : `/p-${n}`) : (pagePaths[n % pagePaths.length] ?? "/"),
      source: `c-${n}`,
    });

  it(`${beacons.toLocaleString("en")} beacons leave a bounded set of pages and sources, and an office page under 100 KiB`, async () => {
    const statuses = new Map<number, number>();
    let next = 0;
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (next < beacons) {
          const n = next++;
          const response = await fetch(`${server.origin}/api/stats`, {
            method: "POST",
            body: body(n),
            headers: {
              "content-type": "text/plain;charset=UTF-8",
              "user-agent": phone,
              origin: server.origin,
              "x-forwarded-for": `10.${(n >> 8) & 255}.${n & 255}.7`,
            },
          });
          await response.arrayBuffer();
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        }
      }),
    );
    expect(Object.fromEntries(statuses)).toEqual({ 204: beacons });

    const today = dubaiDay(Date.now());
    const counted = async () =>
      Number(
        (
          await database.db
            .selectFrom("stat_events")
            .select((eb) => eb.fn.sum<number>("count").as("n"))
            .where("day", "=", today)
            .executeTakeFirstOrThrow()
        ).n ?? 0,
      );
    await waitFor(async () => (await counted()) === beacons, "every beacon written", 20_000);

    const distinct = async (column: "route" | "source") =>
      new Set(
        (await database.db.selectFrom("stat_events").select(column).distinct().where("day", "=", today).execute()).map(
          (row) => row[column],
        ),
      );
    const routes = await distinct("route");
    expect([...routes].every((route) => route === otherPage || (pagePaths as readonly string[]).includes(route))).toBe(
      true,
    );
    const sources = await distinct("source");
    expect(sources.size).toBe(sourcesPerDay + 1);
    expect(sources).toContain(otherSource);

    const { client } = await signedInPerson(server.origin, database, "Flood Reader", "owner");
    for (const days of [7, 28, 90]) {
      const page = await client.get(`/office/stats?days=${days}`);
      expect(page.status).toBe(200);
      expect(Buffer.byteLength(page.text)).toBeLessThan(100 * 1024);
      expect(page.text).toContain("Other campaign tags");
      expect(page.text).toContain("2,500 views of addresses the site does not have");
      expect(page.text).not.toContain("/p-");
      expect(page.text).not.toContain("javascript:");
    }
  }, 120_000);
});
