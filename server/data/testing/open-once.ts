import { setTimeout as sleep } from "node:timers/promises";
import { migrateToLatest } from "../migrate";
import { migrations, type Migration } from "../migrations";
import { openDatabase } from "../open";
import { readDatabaseSetting } from "../settings";

/*
 * A process that opens (and so migrates) the database at DATABASE_URL, then closes it: one server starting. With
 * START_AT (ms since the epoch) it waits until then, so that several start at the same moment; the migrations
 * then end with a slow one of the test's own, so that their starts surely overlap.
 */
const slow: Migration = {
  version: migrations.length + 1,
  name: "slow",
  async up(db) {
    await db.schema.createTable("slow").addColumn("id", "integer").execute();
    await sleep(300);
  },
};
const setting = readDatabaseSetting(process.env, "");
const database = await openDatabase(setting, { waitMs: 30_000, migrate: false });
await sleep(Math.max(0, Number(process.env.START_AT ?? 0) - Date.now()));
try {
  await migrateToLatest(database, [...migrations, slow]);
} finally {
  await database.close();
}
console.log("opened");
