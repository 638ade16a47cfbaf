/**
 * The page's main thread on a core of its own while Lighthouse runs (--no-pin: not).
 *
 * Lighthouse's mobile figures are simulated (Lantern): each task the renderer's main thread ran is multiplied by
 * the CPU slowdown (4×), and Total Blocking Time adds up what exceeds 50 ms. The simulation takes a task's wall
 * time as the page's work; on a busy host it also holds the time the thread waited for a core. On this 2-core
 * machine the main thread shares the cores with the renderer's own compositor, raster and worker threads,
 * Chromium's browser and GPU processes, its network service, Lighthouse and the site's server (one Node process),
 * and the same page's TBT went from 30 to 304 ms in consecutive runs (docs/benchmarks.md, "Why the page's first
 * layout counts as blocking"). Lighthouse's own advice on variance is a host with nothing else running; this is
 * the nearest a small machine gets: each renderer's main thread (and the zygotes' that fork the renderers, so that
 * a new renderer is born there) gets the last core alone, and every other thread of everything the bench started,
 * itself included, the other cores.
 *
 * Linux only (it reads /proc and calls util-linux's taskset). The bench's own process tree only: a Chromium that
 * some other program started is left alone.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { availableParallelism } from "node:os";

/** taskset's CPU lists: the core for the renderers' main threads, and the others. */
export interface CoreSplit {
  renderer: string;
  rest: string;
}

/** The last core for the renderers' main threads, the rest for everything else; null with fewer than two. */
export function coreSplit(cpuCount: number): CoreSplit | null {
  if (cpuCount < 2) return null;
  const last = cpuCount - 1;
  return { renderer: String(last), rest: last === 1 ? "0" : `0-${last - 1}` };
}

/** A /proc/PID/stat line's pid and parent pid. The command name may hold spaces and brackets: it ends at the last ")". */
export function parseStat(text: string): { pid: number; ppid: number } | null {
  const close = text.lastIndexOf(")");
  const pid = Number.parseInt(text, 10);
  if (close < 0 || !Number.isInteger(pid)) return null;
  const ppid = Number(text.slice(close + 2).split(" ")[1]);
  return Number.isInteger(ppid) ? { pid, ppid } : null;
}

/** "main": the main thread on the renderer's core, the other threads on the rest; "rest": all of it on the rest. */
export type Placement = "main" | "rest";

/**
 * "main" for a renderer, or a zygote (which forks the renderers), from its command line: an argument of its own,
 * not text inside another. A process the zygote forked has retitled itself, its arguments joined by spaces.
 */
export function placementOf(cmdline: string): Placement {
  const args = cmdline.split(/[\0 ]/);
  return args.some((arg) => arg === "--type=renderer" || arg === "--type=zygote") ? "main" : "rest";
}

/** The pids in rootPid's tree (rootPid included), from each process's parent. */
export function treeOf(parents: ReadonlyMap<number, number>, rootPid: number): number[] {
  const inTree = (pid: number) => {
    const seen = new Set<number>();
    for (let at: number | undefined = pid; at !== undefined && !seen.has(at); at = parents.get(at)) {
      if (at === rootPid) return true;
      seen.add(at);
    }
    return false;
  };
  return [...parents.keys()].filter(inTree);
}

const readOr = (path: string) => {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return null;
  }
};
const listOr = (path: string) => {
  try {
    return readdirSync(path);
  } catch {
    return [];
  }
};

/** How often the process table is read: a new renderer is moved within this, long before its first page task. */
const pollMs = 10;

export class RendererPinning {
  private readonly parents = new Map<number, number>();
  /** How each pid was last pinned, and the threads it had then: a thread started since may sit on the wrong core. */
  private readonly applied = new Map<number, { placement: Placement; threads: ReadonlySet<string> }>();
  private timer: NodeJS.Timeout | null = null;

  private constructor(
    readonly split: CoreSplit,
    private readonly rootPid: number,
    private readonly allCpus: string,
  ) {}

  /** Pins rootPid's tree from now on, or says why it cannot (the bench then runs unpinned). */
  static start(rootPid = process.pid, cpuCount = availableParallelism()): RendererPinning | string {
    const split = coreSplit(cpuCount);
    if (!split) return "one core only";
    if (process.platform !== "linux") return `${process.platform} has no /proc to read`;
    try {
      execFileSync("taskset", ["-p", String(rootPid)], { stdio: "ignore" });
    } catch (error) {
      return `taskset does not run (${error instanceof Error ? error.message : String(error)})`;
    }
    const pinning = new RendererPinning(split, rootPid, `0-${cpuCount - 1}`);
    pinning.tick();
    pinning.timer = setInterval(() => pinning.tick(), pollMs);
    pinning.timer.unref();
    return pinning;
  }

  /** One pass over the process table: a process of the tree that is new, retitled or has new threads is pinned. */
  tick() {
    const pids = listOr("/proc").flatMap((name) => (/^[0-9]+$/.test(name) ? [Number(name)] : []));
    const alive = new Set(pids);
    for (const pid of this.parents.keys()) if (!alive.has(pid)) this.parents.delete(pid);
    for (const pid of this.applied.keys()) if (!alive.has(pid)) this.applied.delete(pid);
    for (const pid of pids) {
      if (this.parents.has(pid)) continue;
      const stat = parseStat(readOr(`/proc/${pid}/stat`) ?? "");
      if (stat) this.parents.set(pid, stat.ppid);
    }
    // Command lines are read afresh for the tree's few members: a renderer the zygote forked retitles itself.
    for (const pid of treeOf(this.parents, this.rootPid)) {
      const placement = placementOf(readOr(`/proc/${pid}/cmdline`) ?? "");
      const threads = new Set(listOr(`/proc/${pid}/task`));
      const before = this.applied.get(pid);
      if (before?.placement === placement && [...threads].every((tid) => before.threads.has(tid))) continue;
      this.place(pid, placement);
      this.applied.set(pid, { placement, threads });
    }
  }

  private place(pid: number, placement: Placement) {
    this.taskset(["-a", "-p", "-c", this.split.rest, String(pid)]);
    // Without -a, taskset sets the one thread whose id is the pid: the process's main thread.
    if (placement === "main") this.taskset(["-p", "-c", this.split.renderer, String(pid)]);
  }

  private taskset(args: string[]) {
    try {
      execFileSync("taskset", args, { stdio: "ignore" });
    } catch {
      // Gone since the table was read.
    }
  }

  /** Stops watching and gives the bench's own process every core again (Chromium is stopped on the way out). */
  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.taskset(["-a", "-p", "-c", this.allCpus, String(this.rootPid)]);
  }

  describe() {
    return (
      `The page's main thread ran on CPU ${this.split.renderer} alone; the renderer's other threads, Chromium's ` +
      `other processes, Lighthouse and the server on CPU ${this.split.rest} (--no-pin: all share every core)`
    );
  }
}
