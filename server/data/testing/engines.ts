import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { inject } from "vitest";
import type { DatabaseSetting } from "../settings";

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
  const admin = inject("postgresUrl");
  const name = `test_${process.pid}_${++databases}`;
  await adminQuery(admin, `CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    setting: { engine, url: url.toString(), safeUrl: url.toString() },
    remove: () => adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
