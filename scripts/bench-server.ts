import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { serverEnvironment, serverNodeFlags } from "../server/node-flags";
import { diskKib, formatMib, type MeasuredRun, runMeasured, TreeSampler } from "./bench/memory";

/*
 * The smallest server the site runs on (issue 55): in a fresh clone of this repository's last commit, the peak
 * memory (the sum over the process tree, sampled from /proc every 50 ms, and the largest one process) and the time
 * of each step of a deploy, and the disk the release takes:
 *
 *   npm ci --omit=dev, npm run build, npm run serve (/ and /office asked), then npm ci (with the test tools) and
 *   npm run bench:inbox -- --db=sqlite, whose one server's memory is sampled under the load.
 *
 * Each command runs under `taskset -c 0` by default: one core, as a 1-vCPU server has. Prints figures; asserts
 * nothing (but a step that fails stops it, with its output).
 */
const { values } = parseArgs({
  options: {
    cpus: { type: "string", default: "0" },
    dir: { type: "string" },
    keep: { type: "boolean", default: false },
    "no-load": { type: "boolean", default: false },
    help: { type: "boolean", default: false },
  },
});
if (values.help) {
  console.log(`npm run bench:server -- [--cpus=0] [--dir=DIR] [--keep] [--no-load]

In a fresh clone of this repository's last commit (committed changes only), in a temporary folder: the peak
memory and time of npm ci --omit=dev, npm run build, the server (npm run serve, then / and /office asked), npm ci
and the server under npm run bench:inbox's load (SQLite), and the disk node_modules (with and without the test
tools), build/ and the whole release take. Needs the network (or npm's cache) for the installs.
--cpus=LIST: the cores every command runs on (taskset -c; default 0: one core); --cpus=all for every core.
--dir=DIR: clone into DIR (which must not exist) instead of a temporary folder. --keep: leave the clone.
--no-load: stop after the server's start (no full install, no load).`);
  process.exit(0);
}

const repoRoot = join(import.meta.dirname, "..");
const pinned = values.cpus !== "all" && values.cpus !== "";
const log = (message: string) => process.stderr.write(`\n== ${message}\n`);
const clone = values.dir ?? join(mkdtempSync(join(tmpdir(), "karama-server-bench-")), "release");
const dataDir = mkdtempSync(join(tmpdir(), "karama-server-bench-data-"));
// The clone's commands read no settings file and write their database outside the release, as on a server.
const env: NodeJS.ProcessEnv = {
  ...process.env,
  ...serverEnvironment,
  ENV_FILE: "off",
  INBOX_DB: join(dataDir, "inbox.sqlite"),
  DATABASE_URL: "",
  HOST: "127.0.0.1",
  PORT: "0",
};

/** Runs `npm ARGS` in the clone, on the chosen cores, measured; stops the bench when it fails. */
async function npm(args: string[], during?: (child: ChildProcess) => void): Promise<MeasuredRun> {
  log(`npm ${args.join(" ")}${pinned ? ` (taskset -c ${values.cpus})` : ""}`);
  const [command, commandArgs] = pinned ? ["taskset", ["-c", values.cpus ?? "0", "npm", ...args]] : ["npm", args];
  const run = await runMeasured(command, commandArgs, { cwd: clone, env, quiet: true, during });
  if (run.code !== 0) throw new Error(`npm ${args.join(" ")} exited with ${run.code}:\n${run.tail}`);
  return run;
}

interface Row {
  what: string;
  tree: string;
  one: string;
  time: string;
}
const rows: Row[] = [];
const add = (what: string, run: { peakTreeKib: number; peakOneKib: number }, seconds?: number) =>
  rows.push({
    what,
    tree: formatMib(run.peakTreeKib),
    one: formatMib(run.peakOneKib),
    time: seconds === undefined ? "–" : `${seconds.toFixed(0)} s`,
  });
const disks: [string, string][] = [];
const disk = (what: string, folder: string) => disks.push([what, formatMib(diskKib(folder))]);

/**
 * Starts the server as deploy/karama.service does (`node --import tsx server/index.ts`: one process, where
 * `npm run serve` adds npm's and tsx's), asks for / and /office and two pages, samples its memory for a few
 * seconds more, stops it.
 */
async function serve(): Promise<string> {
  log(`node --import tsx server/index.ts${pinned ? ` (taskset -c ${values.cpus})` : ""}, then / and /office`);
  const args = [...serverNodeFlags, "--import", "tsx", "server/index.ts"];
  const child = pinned
    ? spawn("taskset", ["-c", values.cpus ?? "0", process.execPath, ...args], {
        cwd: clone,
        env,
        stdio: ["ignore", "pipe", "pipe"],
      })
    : spawn(process.execPath, args, { cwd: clone, env, stdio: ["ignore", "pipe", "pipe"] });
  const sampler = new TreeSampler(child.pid ?? 0);
  sampler.start();
  const started = performance.now();
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let output = "";
      const timer = setTimeout(() => reject(new Error(`the server did not start within 120 s:\n${output}`)), 120_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /Site ready on http:\/\/localhost:(\d+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(`http://127.0.0.1:${match[1]}`);
        }
      };
      child.stdout?.on("data", onData);
      child.stderr?.on("data", onData);
      child.once("exit", (code) => reject(new Error(`the server exited (${code}):\n${output}`)));
    });
    const startSeconds = (performance.now() - started) / 1000;
    const answers: string[] = [];
    for (const path of ["/", "/office", "/office/sign-in", "/about"]) {
      const response = await fetch(url + path, { redirect: "manual" });
      await response.arrayBuffer();
      answers.push(`${path} ${response.status}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    add("the server, started and serving pages", sampler.stop(), startSeconds);
    return answers.join(", ");
  } finally {
    sampler.stop();
    child.kill("SIGTERM");
    if (child.exitCode === null) await new Promise((resolve) => child.once("exit", resolve));
  }
}

let served = "";
let load = "";
try {
  log(`git clone ${repoRoot} ${clone}`);
  execFileSync("git", ["clone", "--quiet", repoRoot, clone], { stdio: "inherit" });
  const commit = execFileSync("git", ["log", "-1", "--format=%h %cs"], { cwd: clone, encoding: "utf8" }).trim();

  const production = await npm(["ci", "--omit=dev", "--no-audit", "--no-fund"]);
  add("npm ci --omit=dev", production, production.seconds);
  disk("node_modules, npm ci --omit=dev", join(clone, "node_modules"));
  const built = await npm(["run", "build"]);
  add("npm run build", built, built.seconds);
  disk("build/", join(clone, "build"));
  served = await serve();
  disk("the release: clone, production node_modules, build/", clone);

  if (!values["no-load"]) {
    const full = await npm(["ci", "--no-audit", "--no-fund"]);
    add("npm ci (with the test tools)", full, full.seconds);
    disk("node_modules, npm ci", join(clone, "node_modules"));
    // bench:inbox's own (one SQLite server, 20 clients as fast as they can): only the server's processes sampled.
    let server: TreeSampler | null = null;
    const loaded = await npm(["run", "bench:inbox", "--", "--db=sqlite"], (child) => {
      server = new TreeSampler(child.pid ?? 0, /server\/index\.ts/);
      server.start();
    });
    const peak = (server as TreeSampler | null)?.stop() ?? { peakTreeKib: 0, peakOneKib: 0 };
    add("the server under npm run bench:inbox -- --db=sqlite", peak);
    add("npm run bench:inbox, the bench and the server", loaded, loaded.seconds);
    load = loaded.tail
      .split("\n")
      .filter((line) => /throughput|latency p99|lost/.test(line))
      .join("\n");
  }

  const cores = pinned ? `on core ${values.cpus} (taskset)` : "on every core";
  console.log(`\nThe deploy's steps in a fresh clone (${commit}), each ${cores}; memory read from /proc every 50 ms\n`);
  const widths = [
    Math.max(...rows.map((row) => row.what.length)),
    Math.max(9, ...rows.map((row) => row.tree.length)),
    Math.max(11, ...rows.map((row) => row.one.length)),
    Math.max(4, ...rows.map((row) => row.time.length)),
  ] as const;
  const line = (cells: string[]) =>
    console.log(
      cells
        .map((cell, index) => (index === 0 ? cell.padEnd(widths[0]) : cell.padStart(widths[index as 1 | 2 | 3])))
        .join("  "),
    );
  line(["", "peak, sum", "largest one", "time"]);
  for (const row of rows) line([row.what, row.tree, row.one, row.time]);
  console.log(`\nThe server answered ${served}`);
  if (load) console.log(`bench:inbox (SQLite, one server):\n${load}`);
  console.log("\nOn disk (du)");
  const diskWidth = Math.max(...disks.map(([what]) => what.length));
  for (const [what, size] of disks) console.log(`${what.padEnd(diskWidth)}  ${size.padStart(9)}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  if (!values.keep && !values.dir) rmSync(join(clone, ".."), { recursive: true, force: true });
  else if (existsSync(clone)) console.log(`\nThe clone is kept in ${clone}`);
}
