// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dubaiDay } from "./data/dubai-days";
import { openDatabase, type Database } from "./data/open";
import { engines } from "./data/testing/engines";
import { statsReport } from "./data/stats/report";
import { otherSource, sourcesPerDay } from "./data/stats/bounds";
import { signedInPerson } from "./office/testing/office-client";
import {
  enquiryForm,
  post,
  removeTestDirs,
  type Running,
  startOn,
  validEnquiry,
  waitFor,
} from "./testing/inbox-server";
import { tagsPerAddress } from "./stats/tag-share";

afterAll(removeTestDirs);

const phone =
  "Mozilla/5.0 (Linux; Android 14; SM-A155F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const hours = { days: [], opens: "09:00", closes: "18:00" } as never;

/**
 * Issue 55, part 2: 360 invented campaign tags (30 addresses × 12) early in the day no longer hide the agency's real
 * campaign for the rest of it. A campaign link the owner made in the office counts under its name, and so does the
 * tag that brought an enquiry; the flood's own tags stay within the day's bound, no address naming more than its share.
 */
describe.each(engines)("a flood of invented campaign tags, then a real campaign, on %s", (engine) => {
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

  const beacon = (source: string, address: string, path = "/services") =>
    fetch(`${server.origin}/api/stats`, {
      method: "POST",
      body: JSON.stringify({ kind: "view", path, source }),
      headers: {
        "content-type": "text/plain;charset=UTF-8",
        "user-agent": phone,
        origin: server.origin,
        "x-forwarded-for": address,
      },
    }).then(async (response) => {
      await response.arrayBuffer();
      return response.status;
    });

  const today = () => dubaiDay(Date.now());
  /** Today's counts by source and kind. */
  const counts = async () => {
    const rows = await database.db
      .selectFrom("stat_events")
      .select(["source", "kind", (eb) => eb.fn.sum<number>("count").as("n")])
      .where("day", "=", today())
      .groupBy(["source", "kind"])
      .execute();
    return new Map(rows.map((row) => [`${row.kind} ${row.source}`, Number(row.n)]));
  };
  const total = async () => [...(await counts()).values()].reduce((sum, n) => sum + n, 0);

  it("counts the campaign link's visit and the enquiry's made-up tag by name; the flood stays bounded", async () => {
    // The owner makes the flyer's link in the office.
    const { client } = await signedInPerson(server.origin, database, "Campaign Owner", "owner");
    expect((await client.get("/office/campaigns")).status).toBe(200);
    const made = await client.form("/office/campaigns", { name: "Eid flyer", path: "/services" });
    expect(made.status).toBe(200);
    expect(made.text).toContain("http://localhost:3000/services?utm_source=eid-flyer");

    // The flood: 30 addresses, 12 invented tags each.
    const statuses: number[] = [];
    await Promise.all(
      Array.from({ length: 30 }, async (_, a) => {
        for (let t = 0; t < 12; t++) statuses.push(await beacon(`flood-${a}-${t}`, `10.55.${a}.9`));
      }),
    );
    expect(statuses.filter((status) => status !== 204)).toEqual([]);
    await waitFor(async () => (await total()) === 360, "the flood counted", 20_000);

    // Then the flyer's visitor, and from a flood address too; then a visitor with a tag nobody made, who enquires.
    expect(await beacon("eid-flyer", "192.0.2.10")).toBe(204);
    expect(await beacon("eid-flyer", "10.55.0.9", "/")).toBe(204);
    expect(await beacon("made-up-tag", "192.0.2.11", "/contact")).toBe(204);
    await waitFor(async () => (await total()) === 363, "the visits counted", 20_000);
    const sent = await post(server.url, {
      body: enquiryForm({ ...validEnquiry, name: "Flyer Reader", source: "made-up-tag" }),
      headers: { "user-agent": phone, referer: `${server.origin}/contact`, "x-forwarded-for": "192.0.2.11" },
    });
    expect(sent.status).toBe(200);

    const after = await counts();
    expect(after.get("view eid-flyer")).toBe(2);
    expect(after.get("enquiry made-up-tag")).toBe(1);
    // The flood: exactly the day's bound named, each address at most its share, the rest other.
    const floodNamed = [...after.keys()].filter((key) => key.startsWith("view flood-"));
    expect(floodNamed.length).toBe(sourcesPerDay);
    expect(floodNamed.filter((key) => Number(key.split("-")[2]) >= tagsPerAddress)).toEqual([]);
    expect(after.get(`view ${otherSource}`)).toBe(360 - sourcesPerDay + 1);
    const named = await database.db.selectFrom("stat_sources").select("source").where("day", "=", today()).execute();
    expect(named.map((row) => row.source)).not.toContain("eid-flyer");

    // `npm run stats` and the office: a line for the campaign, the enquiry's tag named.
    const report = await statsReport(database, 7, hours);
    expect(report.campaigns).toEqual([
      expect.objectContaining({ name: "Eid flyer", tag: "eid-flyer", views: 2, enquiries: 0, removed: false }),
    ]);
    expect(report.sources).toContainEqual(expect.objectContaining({ source: "made-up-tag", enquiries: 1 }));
    const page = await client.get("/office/stats?days=7");
    expect(page.text).toContain("Campaign links");
    expect(page.text).toContain("Eid flyer");
  }, 120_000);
});
