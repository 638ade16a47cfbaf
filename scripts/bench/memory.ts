/**
 * The memory and disk a command takes, for `npm run bench:server` (scripts/bench-server.ts): the peak resident
 * memory of a process and everything it starts, read from /proc (Linux) every 50 ms, and what a folder takes on
 * disk. `/usr/bin/time -v` reports the largest single process only; a build or an install is several at once, and
 * a server's RAM holds them all.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { parseStat, treeOf } from "./pinning";

/** A field of /proc/PID/status (VmRSS, VmHWM…), in KiB; 0 when the process has none (a zombie). */
export function parseStatusKib(status: string, field: string): number {
  const match = new RegExp(`^${field}:\\s*(\\d+) kB`, "m").exec(status);
  return match ? Number(match[1]) : 0;
}

export function formatMib(kib: number): string {
  const mib = kib / 1024;
  return mib >= 1000 ? `${(mib / 1024).toFixed(2)} GiB` : `${mib.toFixed(0)} MiB`;
}

/** What a folder takes on disk (allocated blocks, as `du -sk`), in KiB. */
export function diskKib(folder: string): number {
  return Number(execFileSync("du", ["-sk", folder], { encoding: "utf8" }).split("\t")[0]);
}

const read = (path: string): string => {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return ""; // Ended between the listing and the read.
  }
};

/** Every process's parent, from /proc. */
function parents(): Map<number, number> {
  const map = new Map<number, number>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const stat = parseStat(read(`/proc/${name}/stat`));
    if (stat) map.set(stat.pid, stat.ppid);
  }
  return map;
}

export interface MemoryPeak {
  /** The largest sum of the resident memory of the processes at one instant. */
  peakTreeKib: number;
  /** The largest one process's own peak (its VmHWM, exact even between two samples). */
  peakOneKib: number;
}

/**
 * Samples the tree under `rootPid` (the root included) every `intervalMs`: the processes whose command line
 * matches `only` (all of them without it). start(), then stop() for the peaks.
 */
export class TreeSampler {
  private timer: NodeJS.Timeout | undefined;
  private peak: MemoryPeak = { peakTreeKib: 0, peakOneKib: 0 };

  constructor(
    private readonly rootPid: number,
    private readonly only?: RegExp,
    private readonly intervalMs = 50,
  ) {}

  sample(): void {
    let total = 0;
    for (const pid of treeOf(parents(), this.rootPid)) {
      if (this.only && !this.only.test(read(`/proc/${pid}/cmdline`).replaceAll("\0", " "))) continue;
      const status = read(`/proc/${pid}/status`);
      total += parseStatusKib(status, "VmRSS");
      this.peak.peakOneKib = Math.max(this.peak.peakOneKib, parseStatusKib(status, "VmHWM"));
    }
    this.peak.peakTreeKib = Math.max(this.peak.peakTreeKib, total);
  }

  start(): void {
    this.sample();
    this.timer = setInterval(() => this.sample(), this.intervalMs);
  }

  stop(): MemoryPeak {
    clearInterval(this.timer);
    return { ...this.peak };
  }
}

export interface MeasuredRun extends MemoryPeak {
  code: number | null;
  seconds: number;
  /** The last 4,000 characters it wrote (stdout and stderr), for a failure's message. */
  tail: string;
}

/**
 * Runs a command to its end, sampling its process tree; prints what it writes unless `quiet`. `during` is called
 * with the child once it runs (e.g. a second sampler for some of its processes).
 */
export function runMeasured(
  command: string,
  args: readonly string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; quiet?: boolean; during?: (child: ChildProcess) => void },
): Promise<MeasuredRun> {
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const sampler = new TreeSampler(child.pid ?? 0);
  sampler.start();
  options.during?.(child);
  let tail = "";
  const keep = (chunk: Buffer) => {
    if (!options.quiet) process.stderr.write(chunk);
    tail = (tail + chunk.toString()).slice(-4000);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  return new Promise((resolve, reject) => {
    child.once("error", (error) => {
      sampler.stop();
      reject(error);
    });
    child.once("close", (code) => {
      resolve({ ...sampler.stop(), code, seconds: (performance.now() - started) / 1000, tail });
    });
  });
}
