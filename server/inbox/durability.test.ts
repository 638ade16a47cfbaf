// @vitest-environment node
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import type { DatabaseSetting } from "../data/settings";
import { emptyDatabase, engines } from "../data/testing/engines";
import { type ChildServer, spawnServer } from "../testing/child-server";
import { makeFakeClientRoot } from "../testing/fake-client";
import { readStored } from "../testing/inbox-server";

const clientRoot = makeFakeClientRoot();
const removals: (() => Promise<void>)[] = [];

afterAll(async () => {
  rmSync(clientRoot, { recursive: true, force: true });
  for (const remove of removals) await remove();
});

async function storedNames(database: DatabaseSetting): Promise<Set<string>> {
  return new Set((await readStored(database)).map((enquiry) => enquiry.name));
}

/**
 * Concurrent clients submit until the server dies under them, which happens (SIGKILL) once `killAfter` have been
 * acknowledged; returns the names of the acknowledged ones.
 */
async function submitUntilKilled(server: ChildServer, round: number, killAfter: number): Promise<string[]> {
  const acknowledged: string[] = [];
  let killed = false;
  const client = async (clientId: number) => {
    for (let i = 0; !killed && i < 10_000; i++) {
      const name = `round${round}-client${clientId}-n${i}`;
      const form = new FormData();
      for (const [field, value] of Object.entries({ name, email: "d@example.com", phone: "1", message: "x" })) {
        form.append(field, value);
      }
      try {
        const response = await fetch(`${server.url}/api/submit`, { method: "POST", body: form });
        const reply = (await response.json()) as { success?: boolean };
        if (reply.success === true) acknowledged.push(name);
      } catch {
        // The connection died with the server: this one was never acknowledged.
        return;
      }
      if (!killed && acknowledged.length >= killAfter) {
        killed = true;
        server.process.kill("SIGKILL");
      }
    }
  };
  await Promise.all(Array.from({ length: 16 }, (_, id) => client(id)));
  expect(await server.exited).toBe("SIGKILL");
  return acknowledged;
}

describe.each(engines)("durability on %s", (engine) => {
  it("keeps every acknowledged enquiry when the server is killed with SIGKILL mid-flood", async () => {
    const { setting: database, remove } = await emptyDatabase(engine);
    removals.push(remove);
    const url = database.engine === "sqlite" ? `sqlite:${database.path}` : database.url;
    const env = { CLIENT_ROOT: clientRoot, DATABASE_URL: url, INBOX_RATE_LIMIT: "0", SMTP_HOST: "" };
    const acknowledged: string[] = [];
    for (let round = 1; round <= 2; round++) {
      const server = await spawnServer(env);
      acknowledged.push(...(await submitUntilKilled(server, round, 150)));
    }
    expect(acknowledged.length).toBeGreaterThanOrEqual(300);

    // Restarted on the same database (SQLite recovers its WAL), the server still has every acknowledged enquiry.
    const restarted = await spawnServer(env);
    try {
      const stored = await storedNames(database);
      expect(acknowledged.filter((name) => !stored.has(name))).toEqual([]);
      const after = await fetch(`${restarted.url}/api/submit`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "after restart", message: "still working" }),
      });
      expect(after.status).toBe(200);
      expect((await storedNames(database)).has("after restart")).toBe(true);
    } finally {
      restarted.process.kill("SIGTERM");
      expect(await restarted.exited).toBe("0");
    }
    // Three servers started and 300 enquiries: 20 s on a quiet machine; over 60 s with the machine five times
    // oversubscribed (a CI run beside other work).
  }, 150_000);
});
