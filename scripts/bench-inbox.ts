import Database from "better-sqlite3";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { defaultSpamConfig } from "../server/inbox/spam";
import { spawnServer } from "../server/testing/child-server";
import { makeFakeClientRoot, makeTempDir } from "../server/testing/fake-client";
import { solvedProof } from "../server/testing/pow";

/*
 * Load test of POST /api/submit: the real server in its own process, on loopback, with a temporary database,
 * the rate limit lifted and no SMTP (delivery is not measured here), the spam checks on. Each enquiry carries a
 * proof of work solved beforehand, as a visitor's browser does while they type, and is sent once the minimum fill
 * time (the default, 3 s) is over, so the server verifies every proof and every fill time, and holds none.
 * Reports throughput, latency percentiles, how many acknowledged enquiries are missing from the database
 * afterwards (must be 0) and how many were held (must be 0).
 */
const { values } = parseArgs({
  options: {
    count: { type: "string", default: "2000" },
    concurrency: { type: "string", default: "20" },
    // The server's work per proof (one hash to verify) does not depend on it; the bench's solving does.
    "pow-max": { type: "string", default: "1000" },
  },
});
const total = Number(values.count);
const concurrency = Number(values.concurrency);
const powMax = Number(values["pow-max"]);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

const clientRoot = makeFakeClientRoot();
const dataDir = makeTempDir("inbox-bench-");
const dbPath = join(dataDir, "inbox.sqlite");
const server = await spawnServer({
  CLIENT_ROOT: clientRoot,
  INBOX_DB: dbPath,
  INBOX_RATE_LIMIT: "0",
  SMTP_HOST: "",
  INBOX_POW_MAX_NUMBER: String(powMax),
  INBOX_MIN_FILL_SECONDS: String(defaultSpamConfig.minFillMs / 1000),
});

/** Runs `work(n)` for n = 0..total-1 from `concurrency` clients at once. */
async function inParallel(work: (n: number) => Promise<void>): Promise<void> {
  let next = 0;
  const client = async () => {
    while (next < total) await work(next++);
  };
  await Promise.all(Array.from({ length: concurrency }, client));
}

// The visitors' browsers: a challenge each, solved, then the minimum fill time waited out (once for all).
const proofs: string[] = [];
const solving = performance.now();
await inParallel(async (n) => {
  proofs[n] = await solvedProof(server.url);
});
const solvedAt = performance.now();
await new Promise((resolve) => setTimeout(resolve, defaultSpamConfig.minFillMs));

const acknowledged: string[] = [];
const latencies: number[] = [];
const failures = new Map<string, number>();

async function submit(n: number): Promise<void> {
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
    botcheck: "",
    altcha: proofs[n] ?? "",
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

const started = performance.now();
await inParallel(submit);
const seconds = (performance.now() - started) / 1000;

server.process.kill("SIGTERM");
await server.exited;
const db = new Database(dbPath, { readonly: true });
const stored = new Set((db.prepare("SELECT name FROM enquiries").all() as { name: string }[]).map((row) => row.name));
const held = (db.prepare("SELECT count(*) AS n FROM outbox WHERE status = 'held'").get() as { n: number }).n;
db.close();
const lost = acknowledged.filter((name) => !stored.has(name)).length;

latencies.sort((a, b) => a - b);
const ms = (value: number) => `${value.toFixed(1)} ms`;
console.log(
  `Proofs of work:     ${total} challenges fetched and solved in ${((solvedAt - solving) / 1000).toFixed(2)} s ` +
    `(INBOX_POW_MAX_NUMBER ${powMax}), then the ${defaultSpamConfig.minFillMs / 1000} s minimum fill time waited out`,
);
console.log(
  `Enquiries sent:     ${total} from ${concurrency} concurrent clients (multipart, loopback, spam checks on)`,
);
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
console.log(`Held as suspected spam: ${held}`);

rmSync(clientRoot, { recursive: true, force: true });
rmSync(dataDir, { recursive: true, force: true });
process.exitCode = lost === 0 && held === 0 && acknowledged.length === total ? 0 : 1;
