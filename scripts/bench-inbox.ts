import Database from "better-sqlite3";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { spawnServer } from "../server/testing/child-server";
import { makeFakeClientRoot, makeTempDir } from "../server/testing/fake-client";

/*
 * Load test of POST /api/submit: the real server in its own process, on loopback, with a temporary database,
 * the rate limit lifted and no SMTP (delivery is not measured here). Reports throughput, latency percentiles and
 * how many acknowledged enquiries are missing from the database afterwards (must be 0).
 */
const { values } = parseArgs({
  options: {
    count: { type: "string", default: "2000" },
    concurrency: { type: "string", default: "20" },
  },
});
const total = Number(values.count);
const concurrency = Number(values.concurrency);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

const clientRoot = makeFakeClientRoot();
const dataDir = makeTempDir("inbox-bench-");
const dbPath = join(dataDir, "inbox.sqlite");
const server = await spawnServer({ CLIENT_ROOT: clientRoot, INBOX_DB: dbPath, INBOX_RATE_LIMIT: "0", SMTP_HOST: "" });

const acknowledged: string[] = [];
const latencies: number[] = [];
const failures = new Map<string, number>();
let next = 0;

async function client(): Promise<void> {
  while (next < total) {
    const n = next++;
    const name = `Bench Visitor ${n}`;
    const form = new FormData();
    const fields = {
      access_key: "",
      name,
      email: `visitor${n}@example.com`,
      phone: "+971501234567",
      visa_type: "Tourist Visa",
      date: "2026-03-14",
      message: `Enquiry number ${n}: two adults, thirty days, please call back in the evening.`,
      to_email: "office@example.com",
    };
    for (const [field, value] of Object.entries(fields)) form.append(field, value);
    const started = performance.now();
    try {
      const response = await fetch(`${server.url}/api/submit`, { method: "POST", body: form });
      const reply = (await response.json()) as { success?: boolean };
      latencies.push(performance.now() - started);
      if (reply.success === true) acknowledged.push(name);
      else failures.set(`HTTP ${response.status}`, (failures.get(`HTTP ${response.status}`) ?? 0) + 1);
    } catch (error) {
      const key = error instanceof Error ? error.message : String(error);
      failures.set(key, (failures.get(key) ?? 0) + 1);
    }
  }
}

const started = performance.now();
await Promise.all(Array.from({ length: concurrency }, () => client()));
const seconds = (performance.now() - started) / 1000;

server.process.kill("SIGTERM");
await server.exited;
const db = new Database(dbPath, { readonly: true });
const stored = new Set((db.prepare("SELECT name FROM enquiries").all() as { name: string }[]).map((row) => row.name));
db.close();
const lost = acknowledged.filter((name) => !stored.has(name)).length;

latencies.sort((a, b) => a - b);
const ms = (value: number) => `${value.toFixed(1)} ms`;
console.log(`Enquiries sent:     ${total} from ${concurrency} concurrent clients (multipart, loopback)`);
console.log(`Acknowledged:       ${acknowledged.length}`);
console.log(
  `Failed:             ${total - acknowledged.length}${failures.size ? ` ${JSON.stringify([...failures])}` : ""}`,
);
console.log(`Throughput:         ${(acknowledged.length / seconds).toFixed(0)} enquiries/s (${seconds.toFixed(2)} s)`);
console.log(
  `Latency:            p50 ${ms(percentile(latencies, 50))}, p95 ${ms(percentile(latencies, 95))}, ` +
    `p99 ${ms(percentile(latencies, 99))}, max ${ms(latencies.at(-1) ?? NaN)}`,
);
console.log(`Stored in database: ${stored.size}`);
console.log(`Lost (acknowledged, not stored): ${lost}`);

rmSync(clientRoot, { recursive: true, force: true });
rmSync(dataDir, { recursive: true, force: true });
process.exitCode = lost === 0 && acknowledged.length === total ? 0 : 1;
