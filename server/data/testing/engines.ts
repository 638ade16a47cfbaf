import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inject } from "vitest";
import type { DatabaseSetting } from "../settings";
import { createDatabase } from "./postgres";

/** The engines every data-layer test runs on: `describe.each(engines)`. */
export const engines = ["sqlite", "postgres"] as const;

let databases = 0;

/** An empty database of its own for one test: an SQLite file in a temporary folder, or a new PostgreSQL database. */
export async function emptyDatabase(engine: DatabaseSetting["engine"]): Promise<{
  setting: DatabaseSetting;
  remove: () => Promise<void>;
}> {
  if (engine === "sqlite") {
    const folder = mkdtempSync(join(tmpdir(), "karama-data-"));
    return {
      setting: { engine, path: join(folder, "inbox.sqlite") },
      remove: async () => rmSync(folder, { recursive: true, force: true }),
    };
  }
  const { url, drop } = await createDatabase(inject("postgresUrl"), `test_${process.pid}_${++databases}`);
  return { setting: { engine, url, safeUrl: url }, remove: drop };
}
