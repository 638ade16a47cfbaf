import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "./open";
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

/** A read that keeps SQLite busy for a few hundred milliseconds: counting to three million. */
const slowCount = sql<{ n: number }>`
  with recursive counter(n) as (select 1 union all select n + 1 from counter where n < 3000000)
  select count(*) as n from counter`;

// Issue 34, finding 2: the statistics page's report, read on the server's one thread (better-sqlite3 is
// synchronous), held every public request that arrived meanwhile. Long reads go through `database.reads`.
describe.each(engines)("long reads (%s)", (engine) => {
  it("see what was just written", async () => {
    const database = await open(engine);
    await database.db
      .insertInto("stat_events")
      .values({ day: "2026-11-25", kind: "view", route: "/", source: "", device: "phone", count: 3 })
      .execute();
    const rows = await database.reads.selectFrom("stat_events").select(["route", "count"]).execute();
    expect(rows).toEqual([{ route: "/", count: 3 }]);
  });

  it("reject a faulty query with the database's message", async () => {
    const database = await open(engine);
    await expect(sql`select * from no_such_table`.execute(database.reads)).rejects.toThrow(/no_such_table/);
    // …and go on answering.
    expect((await sql<{ one: number }>`select 1 as one`.execute(database.reads)).rows).toEqual([{ one: 1 }]);
  });

  it("answer several at once, each with its own rows", async () => {
    const database = await open(engine);
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map(async (n) => (await sql<{ n: number }>`select ${n} as n`.execute(database.reads)).rows),
    );
    expect(answers.map((rows) => Number(rows[0]?.n))).toEqual([1, 2, 3, 4, 5]);
  });

  it("never hold the server's thread while they run", async () => {
    const database = await open(engine);
    const order: string[] = [];
    const read = slowCount.execute(database.reads).then(() => order.push("read"));
    await new Promise((resolve) => setTimeout(resolve, 5));
    order.push("timer");
    await read;
    expect(order).toEqual(["timer", "read"]);
  });
});

describe("long reads on an SQLite database in memory", () => {
  it("use the one connection there is", async () => {
    const database = await openDatabase({ engine: "sqlite", path: ":memory:" });
    cleanups.push(() => database.close());
    expect(database.reads).toBe(database.db);
  });
});
