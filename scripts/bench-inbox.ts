import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "../server/data/open";
import type { DatabaseSetting } from "../server/data/settings";
import { createDatabase, startCluster, type Cluster } from "../server/data/testing/postgres";
import { defaultSpamConfig } from "../server/inbox/spam";
import { type ChildServer, spawnServer } from "../server/testing/child-server";
import { makeFakeClientRoot, makeTempDir } from "../server/testing/fake-client";
import { readStored } from "../server/testing/inbox-server";
import type { FloodResult } from "../server/testing/beacon-flood";
import { solvedProof } from "../server/testing/pow";
import { LocalSmtp } from "../server/testing/smtp";
import { attackDefaults, statsAttack } from "./bench/stats-attack";

/*
 * Load test of POST /api/submit: real servers, each in its own process, on loopback, sharing one temporary
 * database (embedded SQLite, or PostgreSQL from a throwaway cluster the bench starts and removes), with the rate
 * limit lifted, the spam checks on and a loopback mail server, so the outbox mails everything. The clients
 * spread their requests over the servers in turn, as a load balancer would. Each enquiry carries a proof of work
 * solved beforehand, as a visitor's browser does while they type, and is sent once the minimum fill time (the
 * default, 3 s) is over, so the servers verify every proof and every fill time, and hold none.
 *
 * For each set-up: throughput, latency percentiles, acknowledged enquiries missing from the database afterwards
 * (must be 0), enquiries held (must be 0) and enquiries mailed more than once (must be 0: no server crashes here).
 * By default three set-ups side by side: SQLite on one server, PostgreSQL on one, PostgreSQL on two.
 *
 * With --beacons=N the timed enquiries of each set-up are sent in --rounds=R pairs of phases on the same servers:
 * alone, then beside a flood of N statistics beacons a second (POST /api/stats, page views and Core Web Vitals
 * from a phone, from many addresses), which must not slow the enquiries (issue 27: p99 within 10 %). Alternating
 * on one server spreads the machine's own ups and downs over both sides; the p99 of each side is taken over all its
 * phases. The flood's own rate, answers and rows stored are printed too.
 */
const { values } = parseArgs({
  options: {
    count: { type: "string", default: "2000" },
    // Sent first and not timed: each server's JIT warms up and its pool opens its connections, as on a live site.
    warmup: { type: "string", default: "1000" },
    concurrency: { type: "string", default: "20" },
    // The server's work per proof (one hash to verify) does not depend on it; the bench's solving does.
    "pow-max": { type: "string", default: "1000" },
    db: { type: "string" },
    servers: { type: "string", default: "1" },
    beacons: { type: "string", default: "0" },
    rounds: { type: "string", default: "4" },
    // The beacons to a server process of their own on the same database, as a proxy sending /api/stats there would.
    "collector-apart": { type: "boolean", default: false },
    // Enquiries a second, sent on a clock (open loop) instead of by 20 clients as fast as they can.
    "enquiry-rate": { type: "string", default: "0" },
    // No enquiries: an attacker's flood of the statistics and what it leaves (scripts/bench/stats-attack.ts).
    attack: { type: "boolean", default: false },
    "attack-beacons": { type: "string", default: String(attackDefaults.beacons) },
    "attack-rate": { type: "string", default: String(attackDefaults.rate) },
    help: { type: "boolean", default: false },
  },
});
if (values.help) {
  console.log(`npm run bench:inbox -- [--db=sqlite|postgres --servers=N] [--count=2000] [--warmup=1000] [--concurrency=20] [--pow-max=1000] [--beacons=N [--rounds=4] [--collector-apart]]

Without --db: SQLite on one server, PostgreSQL on one and on two, side by side.
--beacons=N: the timed enquiries in --rounds pairs of phases, alone and beside a flood of N statistics beacons
  a second (e.g. 2000), on the same servers; each side's p99 over all its phases, and their ratio. Give
  --count=6000 for phases of 7.5 s at 200 a second: a shorter phase weighs the flood's first second too much.
--collector-apart: the beacons go to one more server process, on the same database, that takes no enquiries.
--enquiry-rate=N: the timed enquiries sent N a second on a clock, not by --concurrency clients as fast as they
  can (which keeps the server's core busy, so that any other work shows as latency).

npm run bench:inbox -- --attack [--db=sqlite|postgres] [--attack-beacons=50000] [--attack-rate=2500] [--rounds=5]
  No enquiries: one server is sent --attack-beacons statistics beacons, each with a path and a campaign tag of its
  own; then, in --rounds rounds on it and on a server without them, in turn, a public page at 200 a second while
  the office's statistics page is reloaded twice a second. Prints the statistics page's size and time and the
  public page's p50 and p99, without and with the flood (medians of the rounds). Issue 34.`);
  process.exit(0);
}
if (values.attack) {
  const rounds = process.argv.some((arg) => arg.startsWith("--rounds")) ? Number(values.rounds) : attackDefaults.rounds;
  const beacons = Number(values["attack-beacons"]);
  const rate = Number(values["attack-rate"]);
  if (!(beacons > 0 && rate > 0 && Number.isInteger(rounds) && rounds >= 1)) {
    throw new Error("--attack-beacons=N --attack-rate=N --rounds=N, each at least 1");
  }
  process.exit(
    await statsAttack({
      ...attackDefaults,
      engines: values.db ? [values.db === "postgres" ? "postgres" : "sqlite"] : attackDefaults.engines,
      beacons,
      rate,
      rounds,
    }),
  );
}
const total = Number(values.count);
const warmup = Number(values.warmup);
const concurrency = Number(values.concurrency);
const powMax = Number(values["pow-max"]);
const beaconRate = Number(values.beacons);
const enquiryRate = Number(values["enquiry-rate"]);
const rounds = Number(values.rounds);
const collectorApart = values["collector-apart"];
if (!(enquiryRate >= 0)) throw new Error("--enquiry-rate=N, enquiries a second");
if (!(beaconRate >= 0)) throw new Error("--beacons=N, beacons a second");
if (!(Number.isInteger(rounds) && rounds >= 1 && total >= 2 * rounds)) throw new Error("--rounds=N, at least 1");

interface SetUp {
  engine: DatabaseSetting["engine"];
  servers: number;
  /** Statistics beacons a second sent beside the enquiries (0: none). */
  beacons: number;
}

const engines: Omit<SetUp, "beacons">[] = values.db
  ? [{ engine: values.db === "postgres" ? "postgres" : "sqlite", servers: Number(values.servers) }]
  : [
      { engine: "sqlite", servers: 1 },
      { engine: "postgres", servers: 1 },
      { engine: "postgres", servers: 2 },
    ];
const setUps: SetUp[] = engines.map((setUp) => ({ ...setUp, beacons: beaconRate }));
for (const { engine, servers } of setUps) {
  if (!["sqlite", "postgres"].includes(engine) || !(servers >= 1)) throw new Error("--db=sqlite|postgres --servers=N");
}

/** The timed enquiries of one side: alone, or beside the flood. */
interface Side {
  /** Answer times, ms, sorted. */
  latencies: number[];
  seconds: number;
}

interface Result {
  setUp: SetUp;
  /** Enquiries sent in the whole run, warm-up included. */
  sent: number;
  acknowledged: number;
  failures: Map<string, number>;
  alone: Side;
  /** With --beacons: the phases beside the flood. */
  beside: Side | null;
  stored: number;
  lost: number;
  held: number;
  mailedTwice: number;
  unmailed: number;
  flood: (FloodResult & { stored: number }) | null;
}

interface Flood {
  resume(): void;
  /** Resolves once every beacon sent has its answer. */
  pause(): Promise<void>;
  stop(): Promise<FloodResult>;
}

/**
 * The beacon flood, a process of its own (server/testing/beacon-flood.ts), connected and paused once this resolves;
 * driven by lines on its stdin, answering by lines on its stdout.
 */
async function startFlood(rate: number, urls: string[]): Promise<Flood> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", join(import.meta.dirname, "..", "server", "testing", "beacon-flood.ts"), String(rate), ...urls],
    { stdio: ["pipe", "pipe", "inherit"] },
  );
  const lines: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  let buffered = "";
  child.stdout.on("data", (chunk: Buffer) => {
    buffered += chunk.toString();
    for (let end = buffered.indexOf("\n"); end >= 0; end = buffered.indexOf("\n")) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
      const next = waiting.shift();
      if (next) next(line);
      else lines.push(line);
    }
  });
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code) => reject(new Error(`the beacon flood exited (${code})`))),
  );
  exited.catch(() => {}); // awaited through the race below; a normal exit after stop is no error
  const nextLine = () =>
    Promise.race([
      new Promise<string>((resolve) => (lines.length > 0 ? resolve(lines.shift() ?? "") : waiting.push(resolve))),
      exited,
    ]);
  const expect = async (wanted: string) => {
    const line = await nextLine();
    if (line !== wanted) throw new Error(`the beacon flood said ${JSON.stringify(line)}, not ${wanted}`);
  };
  await expect("ready");
  return {
    resume: () => child.stdin.write("resume\n"),
    pause: async () => {
      child.stdin.write("pause\n");
      await expect("paused");
    },
    stop: async () => {
      child.stdin.write("stop\n");
      return JSON.parse(await nextLine()) as FloodResult;
    },
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** Runs `work(n)` for n = from..to-1 from `concurrency` clients at once. */
async function inParallel(from: number, to: number, work: (n: number) => Promise<void>): Promise<void> {
  let next = from;
  const client = async () => {
    while (next < to) await work(next++);
  };
  await Promise.all(Array.from({ length: concurrency }, client));
}

/** Starts `work(n)` for n = from..to-1 at `rate` a second, whatever the answers' times (an open loop). */
async function onAClock(from: number, to: number, rate: number, work: (n: number) => Promise<void>): Promise<void> {
  const started = performance.now();
  const running: Promise<void>[] = [];
  for (let n = from; n < to; n++) {
    const due = started + ((n - from) / rate) * 1000;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    running.push(work(n));
  }
  await Promise.all(running);
}

const clientRoot = makeFakeClientRoot();
const dataDir = makeTempDir("inbox-bench-");
/** The PostgreSQL cluster, started when a set-up first needs it. */
const pgCluster: { current: Cluster | null } = { current: null };
let databases = 0;

async function newDatabase(engine: DatabaseSetting["engine"]): Promise<DatabaseSetting> {
  if (engine === "sqlite") return { engine, path: join(dataDir, `inbox-${++databases}.sqlite`) };
  const cluster = (pgCluster.current ??= await startCluster());
  const { url } = await createDatabase(cluster.url(), `bench_${++databases}`);
  return { engine, url, safeUrl: url };
}

async function run(setUp: SetUp): Promise<Result> {
  const database = await newDatabase(setUp.engine);
  const smtp = new LocalSmtp();
  const smtpPort = await smtp.start();
  const env = {
    CLIENT_ROOT: clientRoot,
    DATABASE_URL: database.engine === "sqlite" ? `sqlite:${database.path}` : database.url,
    INBOX_RATE_LIMIT: "0",
    SMTP_HOST: "127.0.0.1",
    SMTP_PORT: String(smtpPort),
    SMTP_SECURE: "false",
    INBOX_POW_MAX_NUMBER: String(powMax),
    INBOX_MIN_FILL_SECONDS: String(defaultSpamConfig.minFillMs / 1000),
    // The flood's addresses come in X-Forwarded-For.
    TRUST_PROXY: "loopback",
  };
  // One after the other: the first creates the tables, as a deploy's first server would.
  const servers: ChildServer[] = [];
  for (let index = 0; index < setUp.servers; index++) servers.push(await spawnServer(env));
  const serverFor = (n: number): ChildServer => {
    const server = servers[n % servers.length];
    if (!server) throw new Error("no server");
    return server;
  };

  // With a flood, `total` timed enquiries on each side.
  const timed = setUp.beacons > 0 ? 2 * total : total;
  // The visitors' browsers: a challenge each, solved, then the minimum fill time waited out (once for all).
  const proofs: string[] = [];
  await inParallel(0, warmup + timed, async (n) => {
    proofs[n] = await solvedProof(serverFor(n).url);
  });
  await new Promise((resolve) => setTimeout(resolve, defaultSpamConfig.minFillMs));

  const acknowledged: string[] = [];
  const failures = new Map<string, number>();
  const submit = async (n: number, side: Side | null) => {
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
      const response = await fetch(`${serverFor(n).url}/api/submit`, { method: "POST", body: form });
      const reply = (await response.json()) as { success?: boolean };
      side?.latencies.push(performance.now() - started);
      if (reply.success === true) acknowledged.push(name);
      else failures.set(`HTTP ${response.status}`, (failures.get(`HTTP ${response.status}`) ?? 0) + 1);
    } catch (error) {
      const key = error instanceof Error ? error.message : String(error);
      failures.set(key, (failures.get(key) ?? 0) + 1);
    }
  };
  let floodServer: ChildServer | null = null;
  const flood =
    setUp.beacons > 0
      ? await startFlood(
          setUp.beacons,
          collectorApart ? [(floodServer = await spawnServer(env)).url] : servers.map((server) => server.url),
        )
      : null;
  /** Pauses the flood, and waits for the collector's last batch (written within a second) to be written. */
  const pauseFlood = async () => {
    await flood?.pause();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
  };
  // The first `warmup` enquiries (numbers `timed` and up) warm the servers up, and the collector beside them when
  // there is a flood: its first beacons compile its code (isbot's pattern, the parsers), once per server.
  flood?.resume();
  await inParallel(timed, timed + warmup, (n) => submit(n, null));
  if (flood) await pauseFlood();
  const alone: Side = { latencies: [], seconds: 0 };
  const beside: Side | null = flood ? { latencies: [], seconds: 0 } : null;
  // Alone, beside the flood, alone, …: the machine's own ups and downs fall on both sides alike.
  const phases = flood ? 2 * rounds : 1;
  for (let phase = 0; phase < phases; phase++) {
    const from = Math.round((phase * timed) / phases);
    const to = Math.round(((phase + 1) * timed) / phases);
    const side = beside && phase % 2 === 1 ? beside : alone;
    if (side === beside) flood?.resume();
    const started = performance.now();
    if (enquiryRate > 0) await onAClock(from, to, enquiryRate, (n) => submit(n, side));
    else await inParallel(from, to, (n) => submit(n, side));
    side.seconds += (performance.now() - started) / 1000;
    if (side === beside) await pauseFlood();
  }
  const flooded = flood ? await flood.stop() : null;

  // The outbox's turn: until every acknowledged enquiry is mailed, or a minute has passed.
  const deadline = Date.now() + 60_000;
  while (smtp.received.length < acknowledged.length && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  const all = floodServer ? [...servers, floodServer] : servers;
  for (const server of all) server.process.kill("SIGTERM");
  await Promise.all(all.map((server) => server.exited));
  await smtp.stop();

  const rows = await readStored(database);
  const floodStored = flooded ? { ...flooded, stored: await statRows(database) } : null;
  const stored = new Set(rows.map((row) => row.name));
  const copies = new Map<string, number>();
  for (const mail of smtp.received) {
    const id = /^Message-ID:\s*(\S+)/im.exec(mail.raw)?.[1] ?? "";
    copies.set(id, (copies.get(id) ?? 0) + 1);
  }
  alone.latencies.sort((a, b) => a - b);
  beside?.latencies.sort((a, b) => a - b);
  return {
    setUp,
    sent: timed + warmup,
    acknowledged: acknowledged.length,
    failures,
    alone,
    beside,
    stored: stored.size,
    lost: acknowledged.filter((name) => !stored.has(name)).length,
    held: rows.filter((row) => row.status === "held").length,
    mailedTwice: [...copies.values()].filter((count) => count > 1).length,
    unmailed: acknowledged.length - copies.size,
    flood: floodStored,
  };
}

/** The beacons a database kept: page views (rows carry their count) and vitals (a row each); enquiries apart. */
async function statRows(setting: DatabaseSetting): Promise<number> {
  const database = await openDatabase(setting, { migrate: false });
  try {
    const events = await database.db
      .selectFrom("stat_events")
      .select((eb) => eb.fn.sum<number>("count").as("n"))
      .where("kind", "=", "view")
      .executeTakeFirstOrThrow();
    const vitals = await database.db
      .selectFrom("stat_vitals")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(events.n) + Number(vitals.n);
  } finally {
    await database.close();
  }
}

const results: Result[] = [];
try {
  for (const setUp of setUps) results.push(await run(setUp));
} finally {
  await pgCluster.current?.remove();
  rmSync(clientRoot, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const setUpName = ({ engine, servers, beacons }: SetUp) =>
  `${engine === "sqlite" ? "SQLite" : "PostgreSQL"}, ${servers} server${servers > 1 ? "s" : ""}` +
  (collectorApart && beacons > 0 ? " (+1 for beacons)" : "");

/** A column of the table: a set-up, or one side of it when there is a flood. */
interface Column {
  name: string;
  result: Result;
  side: Side;
  flood: (FloodResult & { stored: number }) | null;
}
const columns: Column[] = results.flatMap((result): Column[] =>
  result.beside
    ? [
        { name: `${setUpName(result.setUp)}, alone`, result, side: result.alone, flood: null },
        { name: `${setUpName(result.setUp)}, flood`, result, side: result.beside, flood: result.flood },
      ]
    : [{ name: setUpName(result.setUp), result, side: result.alone, flood: null }],
);
const throughput = (side: Side) => side.latencies.length / side.seconds;
const floodOf = (column: Column, value: (flood: FloodResult & { stored: number }) => string) =>
  column.flood ? value(column.flood) : "–";
const rows: [string, (column: Column) => string][] = [
  ["acknowledged (whole run)", ({ result }) => `${result.acknowledged} of ${result.sent}`],
  ["throughput (enquiries/s)", ({ side }) => throughput(side).toFixed(0)],
  ["latency p50", ({ side }) => ms(percentile(side.latencies, 50))],
  ["latency p99", ({ side }) => ms(percentile(side.latencies, 99))],
  ["lost (acknowledged, not stored)", ({ result }) => String(result.lost)],
  ["held as suspected spam", ({ result }) => String(result.held)],
  ["mailed more than once", ({ result }) => String(result.mailedTwice)],
  ["not mailed within a minute", ({ result }) => String(result.unmailed)],
  ...(beaconRate > 0
    ? ([
        ["beacons sent (per second)", (column) => floodOf(column, (flood) => (flood.sent / flood.seconds).toFixed(0))],
        [
          "beacons answered 204 (per second)",
          (column) => floodOf(column, (flood) => (flood.accepted / flood.seconds).toFixed(0)),
        ],
        ["beacons refused or failed", (column) => floodOf(column, (flood) => String(flood.refused))],
        ["beacon latency p99", (column) => floodOf(column, (flood) => ms(percentile(flood.latencies, 99)))],
        [
          "beacons stored / answered 204",
          (column) => floodOf(column, (flood) => `${flood.stored} / ${flood.accepted}`),
        ],
      ] as [string, (column: Column) => string][])
    : []),
];
console.log(
  `${total} enquiries timed${beaconRate > 0 ? ` on each side, in ${rounds} round${rounds > 1 ? "s" : ""} of alone then beside the flood,` : ""}` +
    ` after ${warmup} not timed, ` +
    (enquiryRate > 0
      ? `sent ${enquiryRate} a second on a clock `
      : `from ${concurrency} concurrent clients per set-up `) +
    `(multipart, loopback, spam checks on, ` +
    `INBOX_POW_MAX_NUMBER ${powMax}), mailed to a loopback SMTP server\n`,
);
const width = Math.max(...rows.map(([label]) => label.length));
const widths = columns.map((column) => Math.max(column.name.length, 12));
console.log(
  ["".padEnd(width), ...columns.map((column, index) => column.name.padStart(widths[index] ?? 12))].join("  "),
);
for (const [label, value] of rows) {
  console.log(
    [label.padEnd(width), ...columns.map((column, index) => value(column).padStart(widths[index] ?? 12))].join("  "),
  );
}
for (const result of results) {
  if (result.failures.size > 0)
    console.log(`${setUpName(result.setUp)} failures: ${JSON.stringify([...result.failures])}`);
}
if (beaconRate > 0) {
  console.log("");
  for (const result of results) {
    if (!result.beside) continue;
    const ratio = percentile(result.beside.latencies, 99) / percentile(result.alone.latencies, 99);
    console.log(
      `${setUpName(result.setUp)}: enquiry p99 beside ${beaconRate} beacons/s / alone: ${ratio.toFixed(2)}x (target at most 1.10)`,
    );
  }
}
const sqlite = results.find(
  (result) => result.setUp.engine === "sqlite" && result.setUp.servers === 1 && result.setUp.beacons === 0,
);
const pgTwo = results.find(
  (result) => result.setUp.engine === "postgres" && result.setUp.servers === 2 && result.setUp.beacons === 0,
);
if (sqlite && pgTwo) {
  console.log(
    `\nPostgreSQL on two servers / SQLite on one: ${(throughput(pgTwo.alone) / throughput(sqlite.alone)).toFixed(2)}x throughput (target at least 0.8)`,
  );
}
const ok = results.every(
  (result) => result.lost === 0 && result.held === 0 && result.mailedTwice === 0 && result.acknowledged === result.sent,
);
process.exitCode = ok ? 0 : 1;
