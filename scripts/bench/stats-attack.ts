/**
 * An attacker's flood of the statistics, measured (issue 34): `npm run bench:inbox -- --attack`. For each engine,
 * two real servers, each a process of its own on a database of its own: one left as it is, one sent N beacons
 * (50,000 by default) each with a path and a campaign tag of its own (server/testing/beacon-flood.ts --distinct),
 * as fast as the collector takes them. Then rounds on both servers at once, paired (round()): a public page asked
 * of each on one clock (open loop) while a signed-in person reloads each one's statistics page, 7, 28 and 90 days
 * in turn, twice a second. It prints side by side, without and with the flood, the statistics page's size (HTML and brotli,
 * as a browser receives it) and time, and the public page's p50 and p99: the medians of the rounds. Before issue
 * 34, 50,000 such beacons made the page 7.4 MB and 840 ms, and the public page waited as long; the targets are a
 * page under 100 KiB and a public p99 within 10 % of the server without the flood.
 */
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { dubaiDay } from "../../server/data/dubai-days";
import { openDatabase } from "../../server/data/open";
import type { DatabaseSetting } from "../../server/data/settings";
import { createDatabase, startCluster, type Cluster } from "../../server/data/testing/postgres";
import { Accounts } from "../../server/office/accounts";
import { cookieName } from "../../server/office/context";
import { Sessions } from "../../server/office/sessions";
import type { FloodResult } from "../../server/testing/beacon-flood";
import { type ChildServer, spawnServer } from "../../server/testing/child-server";
import { makeFakeClientRoot, makeTempDir } from "../../server/testing/fake-client";

export interface AttackOptions {
  engines: DatabaseSetting["engine"][];
  /** Beacons in the flood, each a path and a source of its own. */
  beacons: number;
  /** Beacons a second the flood is sent at. */
  rate: number;
  /** Rounds on each server; each figure is the median of the rounds. */
  rounds: number;
  /** Public page requests a second during a round, and a round's length. */
  publicRate: number;
  roundSeconds: number;
}

export const attackDefaults: AttackOptions = {
  engines: ["sqlite", "postgres"],
  beacons: 50_000,
  rate: 2_500,
  rounds: 5,
  publicRate: 200,
  roundSeconds: 5,
};

/** What one round on one server measured. */
interface Round {
  /** The statistics page's sizes, bytes: the largest of the round's (the 90 days), as HTML and as brotli. */
  html: number;
  brotli: number;
  /** Its answer times, ms, sorted. */
  office: number[];
  /** The public page's answer times, ms, sorted. */
  public: number[];
  failures: number;
}

interface Served {
  server: ChildServer;
  cookie: string;
  setting: DatabaseSetting;
}

const log = (message: string) => process.stderr.write(`${message}\n`);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? NaN)
    : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}

/** The flood, a process of its own: sends `count` distinct beacons at `rate` a second, then reports. */
async function flood(count: number, rate: number, url: string): Promise<FloodResult> {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      join(import.meta.dirname, "..", "..", "server", "testing", "beacon-flood.ts"),
      "--distinct",
      `--count=${count}`,
      String(rate),
      url,
    ],
    { stdio: ["pipe", "pipe", "inherit"] },
  );
  let buffered = "";
  const lines: string[] = [];
  let wake: (() => void) | null = null;
  child.stdout.on("data", (chunk: Buffer) => {
    buffered += chunk.toString();
    for (let end = buffered.indexOf("\n"); end >= 0; end = buffered.indexOf("\n")) {
      lines.push(buffered.slice(0, end));
      buffered = buffered.slice(end + 1);
    }
    wake?.();
  });
  const nextLine = async () => {
    while (lines.length === 0) {
      if (child.exitCode !== null) throw new Error(`the beacon flood exited (${child.exitCode})`);
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, 200);
      });
    }
    return lines.shift() ?? "";
  };
  if ((await nextLine()) !== "ready") throw new Error("the beacon flood did not start");
  child.stdin.write("resume\n");
  // It sends `count` at `rate`, then waits: a little longer than that, then every answer in.
  await new Promise((resolve) => setTimeout(resolve, (count / rate) * 1000 + 500));
  child.stdin.write("stop\n");
  return JSON.parse(await nextLine()) as FloodResult;
}

async function start(
  engine: DatabaseSetting["engine"],
  name: string,
  folder: string,
  clientRoot: string,
  cluster: { current: Cluster | null },
): Promise<Served> {
  let setting: DatabaseSetting;
  if (engine === "sqlite") setting = { engine, path: join(folder, `${name}.sqlite`) };
  else {
    const pg = (cluster.current ??= await startCluster());
    const { url } = await createDatabase(pg.url(), `bench_attack_${name}_${Date.now()}`);
    setting = { engine, url, safeUrl: url };
  }
  const server = await spawnServer({
    CLIENT_ROOT: clientRoot,
    DATABASE_URL: setting.engine === "sqlite" ? `sqlite:${setting.path}` : setting.url,
    // The flood's addresses come in X-Forwarded-For, from 20,000 of them: none reaches the collector's limit.
    TRUST_PROXY: "loopback",
  });
  // A signed-in person: their session written as a sign-in writes it.
  const database = await openDatabase(setting, { migrate: false });
  try {
    const { person } = await new Accounts(database).invite({
      name: `Bench ${name}`,
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
    return { server, setting, cookie: `${cookieName}=${session.token}` };
  } finally {
    await database.close();
  }
}

/** Rows the collector wrote today, and the distinct pages and sources among them. */
async function stored(
  setting: DatabaseSetting,
): Promise<{ views: number; rows: number; pages: number; sources: number }> {
  const database = await openDatabase(setting, { migrate: false });
  try {
    const today = dubaiDay(Date.now());
    const sum = await database.db
      .selectFrom("stat_events")
      .select((eb) => eb.fn.sum<number>("count").as("n"))
      .where("day", "=", today)
      .executeTakeFirstOrThrow();
    const distinct = async (column: "route" | "source") =>
      (await database.db.selectFrom("stat_events").select(column).distinct().where("day", "=", today).execute()).length;
    const rows = await database.db
      .selectFrom("stat_events")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("day", "=", today)
      .executeTakeFirstOrThrow();
    return {
      views: Number(sum.n ?? 0),
      rows: Number(rows.n),
      pages: await distinct("route"),
      sources: await distinct("source"),
    };
  } finally {
    await database.close();
  }
}

/**
 * One round on both servers at once, paired: on each tick of the clock the public page is asked of both (in turns,
 * which one first), and each has its statistics page reloaded twice a second meanwhile. Whatever else the machine
 * does in a moment (another process, the kernel) falls on both alike, and not on one server's round only.
 */
async function round(pair: readonly Served[], options: AttackOptions): Promise<Round[]> {
  const results = pair.map((): Round => ({ html: 0, brotli: 0, office: [], public: [], failures: 0 }));
  let running = true;
  const offices = pair.map(async (served, index) => {
    const result = results[index] as Round;
    const periods = [7, 28, 90];
    for (let n = 0; running; n++) {
      const started = performance.now();
      try {
        const response = await fetch(`${served.server.url}/office/stats?days=${periods[n % periods.length]}`, {
          headers: { cookie: served.cookie, "accept-encoding": "br" },
        });
        const html = await response.text();
        result.office.push(performance.now() - started);
        if (response.status !== 200) result.failures++;
        result.html = Math.max(result.html, Buffer.byteLength(html));
        result.brotli = Math.max(result.brotli, Number(response.headers.get("content-length") ?? 0));
      } catch {
        result.failures++;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 500 - (performance.now() - started))));
    }
  });
  const ask = (served: Served, result: Round) => {
    const sent = performance.now();
    return fetch(`${served.server.url}/`, { headers: { "accept-encoding": "br" } })
      .then(async (response) => {
        await response.arrayBuffer();
        result.public.push(performance.now() - sent);
        if (response.status !== 200) result.failures++;
      })
      .catch(() => {
        result.failures++;
      });
  };
  const total = options.publicRate * options.roundSeconds;
  const began = performance.now();
  const requests: Promise<void>[] = [];
  for (let n = 0; n < total; n++) {
    const wait = began + (n / options.publicRate) * 1000 - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const order = n % 2 === 0 ? pair.map((_, index) => index) : pair.map((_, index) => pair.length - 1 - index);
    for (const index of order) requests.push(ask(pair[index] as Served, results[index] as Round));
  }
  await Promise.all(requests);
  running = false;
  await Promise.all(offices);
  for (const result of results) {
    result.public.sort((a, b) => a - b);
    result.office.sort((a, b) => a - b);
  }
  return results;
}

interface EngineResult {
  engine: DatabaseSetting["engine"];
  without: Round[];
  with: Round[];
  flood: FloodResult;
  stored: { views: number; rows: number; pages: number; sources: number };
}

async function measure(
  engine: DatabaseSetting["engine"],
  options: AttackOptions,
  cluster: { current: Cluster | null },
): Promise<EngineResult> {
  const folder = makeTempDir("karama-bench-attack-");
  const clientRoot = makeFakeClientRoot();
  const servers: Served[] = [];
  try {
    const quiet = await start(engine, "quiet", folder, clientRoot, cluster);
    servers.push(quiet);
    const flooded = await start(engine, "flooded", folder, clientRoot, cluster);
    servers.push(flooded);
    log(`${engine}: sending ${options.beacons.toLocaleString("en")} beacons at ${options.rate}/s`);
    const sent = await flood(options.beacons, options.rate, flooded.server.url);
    // The collector writes within a second or so; wait until what it answered 204 is written, or 30 s.
    const deadline = Date.now() + 30_000;
    let kept = await stored(flooded.setting);
    while (kept.views < sent.accepted && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      kept = await stored(flooded.setting);
    }
    log(`${engine}: ${sent.accepted} answered 204, ${kept.views} written; measuring ${options.rounds} rounds`);
    // Warm-up, not counted: each server's first pages compile the paths they take.
    await round([quiet, flooded], { ...options, roundSeconds: 1 });
    const result: EngineResult = { engine, without: [], with: [], flood: sent, stored: kept };
    for (let n = 0; n < options.rounds; n++) {
      const [without, withFlood] = await round([quiet, flooded], options);
      result.without.push(without as Round);
      result.with.push(withFlood as Round);
    }
    return result;
  } finally {
    for (const served of servers) served.server.process.kill("SIGTERM");
    await Promise.all(servers.map((served) => served.server.exited));
    rmSync(folder, { recursive: true, force: true });
    rmSync(clientRoot, { recursive: true, force: true });
  }
}

/** Runs the bench and prints its table; resolves with the exit code (0 whatever the figures, 1 if it failed). */
export async function statsAttack(options: AttackOptions): Promise<number> {
  const cluster: { current: Cluster | null } = { current: null };
  const results: EngineResult[] = [];
  try {
    for (const engine of options.engines) results.push(await measure(engine, options, cluster));
  } finally {
    await cluster.current?.remove();
  }

  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const rows: [string, (rounds: Round[]) => string][] = [
    ["/office/stats, HTML (largest: 90 days)", (rounds) => kib(median(rounds.map((r) => r.html)))],
    ["/office/stats, brotli", (rounds) => kib(median(rounds.map((r) => r.brotli)))],
    ["/office/stats answer, p50", (rounds) => ms(median(rounds.map((r) => percentile(r.office, 50))))],
    ["/office/stats answer, p99", (rounds) => ms(median(rounds.map((r) => percentile(r.office, 99))))],
    ["public page p50", (rounds) => ms(median(rounds.map((r) => percentile(r.public, 50))))],
    ["public page p99", (rounds) => ms(median(rounds.map((r) => percentile(r.public, 99))))],
    ["failed requests (all rounds)", (rounds) => String(rounds.reduce((sum, r) => sum + r.failures, 0))],
  ];
  console.log(
    `\n${options.beacons.toLocaleString("en")} beacons, each a path and a campaign tag of its own, sent at ${options.rate}/s to one ` +
      `server; then ${options.rounds} rounds of ${options.roundSeconds} s on it and on a server without them at once, ` +
      `paired: the public page at ${options.publicRate}/s of each on one clock, /office/stats (7, 28, 90 days in turn) twice a second. ` +
      `Medians of the rounds.\n`,
  );
  const names = results.flatMap((result) => [
    `${result.engine === "sqlite" ? "SQLite" : "PostgreSQL"}, without`,
    `${result.engine === "sqlite" ? "SQLite" : "PostgreSQL"}, with flood`,
  ]);
  const width = Math.max(...rows.map(([label]) => label.length));
  const widths = names.map((name) => Math.max(name.length, 12));
  console.log(["".padEnd(width), ...names.map((name, index) => name.padStart(widths[index] ?? 12))].join("  "));
  for (const [label, value] of rows) {
    const cells = results.flatMap((result) => [value(result.without), value(result.with)]);
    console.log([label.padEnd(width), ...cells.map((cell, index) => cell.padStart(widths[index] ?? 12))].join("  "));
  }
  console.log("");
  for (const result of results) {
    const name = result.engine === "sqlite" ? "SQLite" : "PostgreSQL";
    const ratio =
      median(result.with.map((r) => percentile(r.public, 99))) /
      median(result.without.map((r) => percentile(r.public, 99)));
    const largest = Math.max(...result.with.map((r) => r.html));
    console.log(
      `${name}: public page p99 with / without the flood ${ratio.toFixed(2)}x (target at most 1.10); ` +
        `/office/stats at most ${kib(largest)} (target under 100 KiB). Flood: ${result.flood.sent} sent in ` +
        `${result.flood.seconds.toFixed(1)} s, ${result.flood.accepted} answered 204, ${result.flood.refused} refused; ` +
        `${result.stored.views} written, in ${result.stored.rows} rows: ${result.stored.pages} distinct pages and ` +
        `${result.stored.sources} distinct sources.`,
    );
  }
  return 0;
}
