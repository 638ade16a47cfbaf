// @vitest-environment node
import { type CompiledQuery, Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../data/open";
import type { Schema } from "../data/schema";
import { migrateToLatest } from "../data/migrate";
import { migrations } from "../data/migrations";
import { emptyDatabase, engines } from "../data/testing/engines";
import { InboxStore } from "../data/enquiries/store";
import { toRow } from "../data/enquiries/rows";
import { submission } from "../testing/submission";
import { Work } from "./work";

/*
 * Issue 35: the office's word search on PostgreSQL reads indexes (migration 13), not every row. Each query the
 * search sends is planned again with sequential and plain index scans turned off: a plan that still reads the whole
 * table would mean the query's expressions and the indexes' differ. SQLite has no such index; store.test.ts shows the search
 * finds the same there.
 */
describe("the word search on PostgreSQL (issue 35, migration 13)", () => {
  let database: Database;
  let remove: () => Promise<void>;
  let logged: Kysely<Schema>;
  const sent: CompiledQuery[] = [];

  beforeAll(async () => {
    const empty = await emptyDatabase("postgres");
    remove = empty.remove;
    database = await openDatabase(empty.setting);
    if (empty.setting.engine !== "postgres") throw new Error("PostgreSQL only");
    logged = new Kysely<Schema>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: empty.setting.url, max: 1 }) }),
      log: (event) => {
        if (event.level === "query") sent.push(event.query);
      },
    });
    await new InboxStore(database).addMany([
      { submission: submission({ name: "Maria Santos", phone: "+971 50 987 6543" }), heldReason: null },
      { submission: submission({ name: "Aisha Khan", message: "Tourist visa for my mother" }), heldReason: null },
    ]);
  });
  afterAll(async () => {
    await logged?.destroy();
    await database?.close();
    await remove?.();
  });

  /** The plans of what `ask` sends, with sequential and plain index scans off. */
  async function plans(ask: (work: Work) => Promise<unknown>): Promise<string[]> {
    sent.length = 0;
    await ask(new Work({ ...database, db: logged, reads: logged }));
    const queries = [...sent];
    const found: string[] = [];
    await logged.connection().execute(async (connection) => {
      // Neither a read of the whole table nor a walk of its primary key: only an index on the words can serve.
      await sql`SET enable_seqscan = off`.execute(connection);
      await sql`SET enable_indexscan = off`.execute(connection);
      for (const query of queries) {
        if (!/^select/i.test(query.sql)) continue;
        const { rows } = await connection.executeQuery<{ "QUERY PLAN": string }>({
          ...query,
          sql: `EXPLAIN ${query.sql}`,
        });
        found.push(rows.map((row) => row["QUERY PLAN"]).join("\n"));
      }
      await sql`RESET enable_seqscan`.execute(connection);
      await sql`RESET enable_indexscan`.execute(connection);
    });
    return found;
  }

  it("made the four indexes", async () => {
    const { rows } = await sql<{ indexname: string }>`
      SELECT indexname FROM pg_indexes WHERE tablename = 'enquiries' AND indexdef LIKE '%gin_trgm_ops%'
    `.execute(database.db);
    expect(rows.map((row) => row.indexname).sort()).toEqual([
      "enquiries_email_words",
      "enquiries_message_words",
      "enquiries_name_words",
      "enquiries_phone_digits",
    ]);
  });

  it("finds a name, and a word of a message, through the indexes, in the list and the tab counts", async () => {
    const work = new Work(database);
    expect((await work.list({ tab: "all", search: "santos" })).rows.map((row) => row.name)).toEqual(["Maria Santos"]);
    expect((await work.counts({ search: "mother" })).tabs.all).toBe(1);
    const list = await plans((work) => work.list({ tab: "all", search: "santos" }));
    const counts = await plans((work) => work.counts({ search: "mother" }));
    expect(list.length).toBeGreaterThan(0);
    expect(counts.length).toBeGreaterThan(0);
    for (const plan of [...list, ...counts]) {
      expect(plan).not.toMatch(/Seq Scan on enquiries/);
      expect(plan).toMatch(/enquiries_name_words/);
      expect(plan).toMatch(/enquiries_email_words/);
      expect(plan).toMatch(/enquiries_message_words/);
    }
  });

  it("finds part of a phone number typed with spaces through the phone index", async () => {
    const work = new Work(database);
    expect((await work.list({ tab: "all", search: "987 65" })).rows.map((row) => row.name)).toEqual(["Maria Santos"]);
    const list = await plans((work) => work.list({ tab: "all", search: "987 65" }));
    expect(list.length).toBeGreaterThan(0);
    for (const plan of list) {
      expect(plan).not.toMatch(/Seq Scan on enquiries/);
      expect(plan).toMatch(/enquiries_phone_digits/);
    }
  });
});

describe.each(engines)("migration 13 on a database made by the version before, on %s", (engine) => {
  it("brings it up to date, and its enquiries are found as before", async () => {
    const empty = await emptyDatabase(engine);
    const older = await openDatabase(empty.setting, { migrate: false });
    try {
      await migrateToLatest(
        older,
        migrations.filter((migration) => migration.version < 13),
      );
      // Stored as the version before stored it: today's store writes columns later migrations add.
      const row: Partial<ReturnType<typeof toRow>> = toRow(
        { submission: submission({ name: "Maria Santos", message: "Visa for my mother" }) },
        new Date(),
      );
      delete row.submission_key;
      const { id } = await older.db
        .insertInto("enquiries")
        .values(row as ReturnType<typeof toRow>)
        .returning("id")
        .executeTakeFirstOrThrow();
      await older.db
        .insertInto("outbox")
        .values({ enquiry_id: id, status: "pending", next_attempt_at: Date.now(), last_error: null, sent_at: null })
        .execute();
      await migrateToLatest(older);
      const work = new Work(older);
      expect((await work.list({ tab: "all", search: "santos" })).rows.map((row) => row.name)).toEqual(["Maria Santos"]);
      expect((await work.counts({ search: "mother" })).tabs.all).toBe(1);
      const { rows } = await sql<{ n: number }>`
        SELECT count(*) AS n FROM schema_migrations WHERE version = 13
      `.execute(older.db);
      expect(Number(rows[0]?.n)).toBe(1);
      if (engine === "postgres") {
        const indexes = await sql<{ indexname: string }>`
          SELECT indexname FROM pg_indexes WHERE tablename = 'enquiries' AND indexdef LIKE '%gin_trgm_ops%'
        `.execute(older.db);
        expect(indexes.rows).toHaveLength(4);
      }
    } finally {
      await older.close();
      await empty.remove();
    }
  });
});
