import type { FastifyInstance } from "fastify";
import type { AddressInfo } from "node:net";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { readSettings } from "../app/lib/settings";
import { buildServer } from "../server/app";
import { openDatabase, type Database } from "../server/data/open";
import type { DatabaseSetting } from "../server/data/settings";
import { createDatabase, startCluster, type Cluster } from "../server/data/testing/postgres";
import { InboxStore } from "../server/data/enquiries/store";
import type { Submission } from "../server/data/enquiries/types";
import { Accounts } from "../server/office/accounts";
import { readOfficeSetting } from "../server/office/config";
import { cookieName } from "../server/office/context";
import { Sessions } from "../server/office/sessions";
import { makeFakeClientRoot, makeTempDir, testInboxConfig } from "../server/testing/fake-client";

/*
 * The back office with a big inbox: 100,000 enquiries (a fifth of them worked on, one in twenty held as spam) in
 * a temporary database of each engine (SQLite in a file, PostgreSQL in a throwaway cluster the bench starts and
 * removes), one signed-in person, and each office page asked for many times in a row. It prints the time the
 * server took to answer (Fastify's own measure, from the request arriving to the answer sent: the network is not
 * in it), as median and 95th percentile, side by side for the two engines, and what one office page weighs,
 * compressed as a browser receives it.
 */
const { values } = parseArgs({
  options: {
    enquiries: { type: "string", default: "100000" },
    requests: { type: "string", default: "100" },
    db: { type: "string" },
    help: { type: "boolean", default: false },
  },
});
if (values.help) {
  console.log(`npm run bench:office -- [--enquiries=100000] [--requests=100] [--db=sqlite|postgres]

Without --db: SQLite and PostgreSQL side by side.`);
  process.exit(0);
}
const enquiryCount = Number(values.enquiries);
const requestCount = Number(values.requests);
const engines: DatabaseSetting["engine"][] = values.db
  ? [values.db === "postgres" ? "postgres" : "sqlite"]
  : ["sqlite", "postgres"];

const names = [
  "Aisha Khan",
  "Ravi Kumar",
  "Maria Santos",
  "Omar Haddad",
  "Li Wei",
  "Fatima Noor",
  "John Smith",
  "Priya Nair",
];
const services = ["30 Days Dubai Visa", "60 Days Dubai Visa", "Visa Change", "Oman Visa", "Tourist Visa"];

function enquiry(n: number): Submission {
  const name = `${names[n % names.length]} ${n}`;
  return {
    kind: "enquiry",
    name,
    email: `visitor${n}@example.com`,
    phone: `+971 50 ${String(1_000_000 + n).slice(-7, -4)} ${String(n).padStart(4, "0").slice(-4)}`,
    visaType: services[n % services.length] ?? "",
    date: "2026-12-20",
    adult: "2",
    child: "0",
    subject: "",
    message: `Enquiry number ${n}: two adults, thirty days, arriving in December.`,
  };
}

async function seed(database: Database): Promise<void> {
  const store = new InboxStore(database);
  const batch = 2000;
  const start = Date.parse("2025-01-01T00:00:00Z");
  for (let first = 0; first < enquiryCount; first += batch) {
    const entries = Array.from({ length: Math.min(batch, enquiryCount - first) }, (_, i) => ({
      submission: enquiry(first + i),
      heldReason: (first + i) % 20 === 7 ? "a link in the message" : null,
    }));
    await store.addMany(entries, new Date(start + first * 60_000));
  }
  // A fifth of them worked on: contacted, awaiting documents, won, lost.
  await sql`UPDATE enquiries SET stage = CASE id % 10 WHEN 1 THEN 'contacted' WHEN 2 THEN 'won' ELSE stage END,
    opened_at = CASE WHEN id % 3 = 0 THEN received_at ELSE NULL END`.execute(database.db);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

const pages = (middle: number) =>
  [
    ["inbox, New tab", "/office"],
    ["inbox, All, an older page", `/office?tab=all&before=${middle}`],
    ["inbox, Held as spam", "/office?tab=held"],
    ["inbox, search a name", "/office?tab=all&q=santos"],
    ["inbox, search a phone", "/office?tab=all&q=0501234"],
    ["one enquiry", `/office/enquiries/${middle}`],
  ] as const;

interface Measured {
  times: Map<string, number[]>;
  weight: { html: number; css: number; js: number };
}

async function measure(engine: DatabaseSetting["engine"], cluster: { current: Cluster | null }): Promise<Measured> {
  const folder = makeTempDir("karama-bench-office-");
  let setting: DatabaseSetting;
  let drop = async () => {};
  if (engine === "sqlite") setting = { engine, path: join(folder, "inbox.sqlite") };
  else {
    const pg = (cluster.current ??= await startCluster());
    const made = await createDatabase(pg.url(), `bench_office_${Date.now()}`);
    setting = { engine, url: made.url, safeUrl: made.url };
    drop = made.drop;
  }
  const database = await openDatabase(setting);
  const began = Date.now();
  await seed(database);
  process.stderr.write(
    `${engine}: ${enquiryCount} enquiries stored in ${((Date.now() - began) / 1000).toFixed(1)} s\n`,
  );
  const { person } = await new Accounts(database).invite({
    name: "Bench Owner",
    role: "owner",
    by: null,
    now: Date.now(),
    validMs: 60_000,
  });
  const session = await new Sessions(database, { sessionIdleMs: 3_600_000, sessionMaxMs: 3_600_000 }).start(
    person,
    "bench",
    Date.now(),
    null,
  );

  const settings = readSettings({});
  const root = makeFakeClientRoot();
  const app: FastifyInstance = await buildServer({
    root,
    settings,
    inbox: testInboxConfig(folder, { database: setting, smtp: null, spam: null }),
    office: readOfficeSetting({}, settings),
    chores: { retentionMonths: 600, digest: false, documentsKeepDays: 30 },
  });
  const times = new Map<string, number[]>();
  let current: string | null = null;
  app.addHook("onResponse", async (_request, reply) => {
    if (current) times.get(current)?.push(reply.elapsedTime);
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const get = (path: string, encoding = "br") =>
    fetch(origin + path, { headers: { cookie: `${cookieName}=${session.token}`, "accept-encoding": encoding } });

  const middle = Math.floor(enquiryCount / 2);
  for (const [label, path] of pages(middle)) {
    for (let i = 0; i < 10; i++) await (await get(path)).arrayBuffer();
    times.set(label, []);
    current = label;
    for (let i = 0; i < requestCount; i++) {
      const response = await get(path);
      if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
      await response.arrayBuffer();
    }
    current = null;
  }

  // Bytes on the wire: each answer's Content-Length, as compressed (fetch itself would decompress the body).
  const wire = async (path: string) => {
    const response = await get(path);
    const text = await response.text();
    return { bytes: Number(response.headers.get("content-length") ?? NaN), text };
  };
  const html = await wire("/office");
  const css = /href="(\/office\/assets\/office\.[^"]+\.css)"/.exec(html.text)?.[1] ?? "";
  const js = /src="(\/office\/assets\/office\.[^"]+\.js)"/.exec(html.text)?.[1] ?? "";
  const weight = { html: html.bytes, css: (await wire(css)).bytes, js: (await wire(js)).bytes };

  await app.close();
  await database.close();
  await drop();
  rmSync(folder, { recursive: true, force: true });
  rmSync(root, { recursive: true, force: true });
  return { times, weight };
}

const cluster: { current: Cluster | null } = { current: null };
const results = new Map<string, Measured>();
try {
  for (const engine of engines) results.set(engine, await measure(engine, cluster));
} finally {
  await cluster.current?.stop();
}

const ms = (value: number) => value.toFixed(1).padStart(6);
console.log(
  `\nThe office with ${enquiryCount.toLocaleString("en")} enquiries: server time per answer, ms, over ${requestCount} requests each`,
);
console.log(`${"page".padEnd(30)} ${engines.map((engine) => `${engine.padStart(8)} p50    p95`).join("   ")}`);
for (const [label] of pages(0)) {
  const cells = engines.map((engine) => {
    const sorted = [...(results.get(engine)?.times.get(label) ?? [])].sort((a, b) => a - b);
    return `${" ".repeat(8)}${ms(percentile(sorted, 50))} ${ms(percentile(sorted, 95))}`;
  });
  console.log(`${label.padEnd(30)} ${cells.join("   ")}`);
}
const weight = results.get(engines[0] ?? "sqlite")?.weight;
if (weight) {
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  console.log(
    `\nThe inbox page as a browser receives it (brotli): HTML ${kib(weight.html)}, CSS ${kib(weight.css)}, JS ${kib(weight.js)}; ` +
      `together ${kib(weight.html + weight.css + weight.js)} (target: under 50 KiB; the font, 48 KiB, is fetched once and kept).`,
  );
}
