// @vitest-environment node
import Database from "better-sqlite3";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type ChildServer, spawnServer } from "../testing/child-server";
import { makeFakeClientRoot, makeTempDir } from "../testing/fake-client";

const clientRoot = makeFakeClientRoot();
const dataDir = makeTempDir("inbox-durability-");
const dbPath = join(dataDir, "inbox.sqlite");
const env = { CLIENT_ROOT: clientRoot, INBOX_DB: dbPath, INBOX_RATE_LIMIT: "0", SMTP_HOST: "" };

afterAll(() => {
  rmSync(clientRoot, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

function storedNames(): Set<string> {
  const db = new Database(dbPath, { readonly: true });
  try {
    const rows = db.prepare("SELECT name FROM enquiries").all() as { name: string }[];
    return new Set(rows.map((row) => row.name));
  } finally {
    db.close();
  }
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

describe("durability", () => {
  it("keeps every acknowledged enquiry when the server is killed with SIGKILL mid-flood", async () => {
    const acknowledged: string[] = [];
    for (let round = 1; round <= 2; round++) {
      const server = await spawnServer(env);
      acknowledged.push(...(await submitUntilKilled(server, round, 150)));
    }
    expect(acknowledged.length).toBeGreaterThanOrEqual(300);

    // Restarted on the same file, the server recovers the WAL and still has every acknowledged enquiry.
    const restarted = await spawnServer(env);
    try {
      const stored = storedNames();
      expect(acknowledged.filter((name) => !stored.has(name))).toEqual([]);
      const after = await fetch(`${restarted.url}/api/submit`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "after restart", message: "still working" }),
      });
      expect(after.status).toBe(200);
      expect(storedNames().has("after restart")).toBe(true);
    } finally {
      restarted.process.kill("SIGTERM");
      expect(await restarted.exited).toBe("0");
    }
  }, 45_000);
});
