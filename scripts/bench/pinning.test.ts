// @vitest-environment node
import { spawn } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { RendererPinning, coreSplit, parseStat, placementOf, treeOf } from "./pinning";

describe("coreSplit", () => {
  it("gives the renderer the last core and everything else the others", () => {
    expect(coreSplit(2)).toEqual({ renderer: "1", rest: "0" });
    expect(coreSplit(4)).toEqual({ renderer: "3", rest: "0-2" });
  });

  it("pins nothing on a machine with one core", () => {
    expect(coreSplit(1)).toBeNull();
    expect(coreSplit(0)).toBeNull();
  });
});

describe("parseStat", () => {
  it("reads the parent's pid after the command name", () => {
    expect(parseStat("4242 (chromium) S 4200 4242 4200 0 -1 4194560")).toEqual({ pid: 4242, ppid: 4200 });
  });

  it("is not misled by a command name with spaces and brackets", () => {
    expect(parseStat("77 (Web Content (x) 2) S 12 77 12 0")).toEqual({ pid: 77, ppid: 12 });
  });

  it("answers null for text that is no stat line", () => {
    expect(parseStat("")).toBeNull();
    expect(parseStat("garbage")).toBeNull();
  });
});

describe("placementOf", () => {
  it("gives renderers and the zygotes that fork them a core for their main thread", () => {
    expect(placementOf("/usr/lib/chromium/chromium\0--type=renderer\0--lang=en-US\0")).toBe("main");
    expect(placementOf("/usr/lib/chromium/chromium\0--type=zygote\0--no-zygote-sandbox\0")).toBe("main");
    // As a renderer the zygote forked shows itself: one string, the arguments joined by spaces.
    expect(placementOf("/usr/lib/chromium/chromium --type=renderer --crashpad-handler-pid=0 --noerrdialogs\0\0")).toBe(
      "main",
    );
  });

  it("leaves the browser, the GPU and utility processes and a URL that merely says renderer with the rest", () => {
    expect(placementOf("/usr/lib/chromium/chromium\0--headless=new\0--remote-debugging-port=9222\0")).toBe("rest");
    expect(placementOf("/usr/lib/chromium/chromium\0--type=gpu-process\0")).toBe("rest");
    expect(placementOf("/usr/lib/chromium/chromium\0--type=utility\0--utility-sub-type=network.mojom\0")).toBe("rest");
    expect(placementOf("/usr/lib/chromium/chromium\0http://localhost/?q=--type=renderer-ish\0")).toBe("rest");
    expect(placementOf("")).toBe("rest");
  });
});

describe("treeOf", () => {
  const parents = new Map([
    [1, 0],
    [100, 1], // the bench
    [200, 100], // its Chromium
    [210, 200], // a zygote
    [211, 210], // a renderer the zygote forked
    [220, 200], // the GPU process
    [300, 1], // another program's Chromium: left alone
  ]);

  it("holds the bench and everything it started, down the generations, and nothing else", () => {
    expect(treeOf(parents, 100).sort((a, b) => a - b)).toEqual([100, 200, 210, 211, 220]);
  });

  it("survives a loop in the parent links (a pid reused while the table was read)", () => {
    const looped = new Map([...parents, [5, 6], [6, 5]]);
    expect(treeOf(looped, 100)).not.toContain(5);
    expect(treeOf(looped, 100)).not.toContain(6);
  });
});

describe("RendererPinning", () => {
  /** The CPU list in a /proc status file: a process's (its main thread's) or one thread's. */
  const allowedCpus = (statusPath: string) => /Cpus_allowed_list:\s*(\S+)/.exec(readFileSync(statusPath, "utf8"))?.[1];
  const cpusOf = (pid: number | undefined) => allowedCpus(`/proc/${pid ?? "none"}/status`);
  const canPin = process.platform === "linux" && availableParallelism() >= 2;

  const threadsOf = (pid: number | undefined) =>
    readdirSync(`/proc/${pid ?? "none"}/task`)
      .map(Number)
      .filter((tid) => tid !== pid);
  // A thread that ended between the listing and the read is left out.
  const threadCpus = (pid: number | undefined) =>
    new Set(
      threadsOf(pid).flatMap((tid) => {
        try {
          return allowedCpus(`/proc/${pid}/task/${tid}/status`) ?? [];
        } catch {
          return [];
        }
      }),
    );
  const standIn = (type: string) =>
    spawn(process.execPath, ["-e", "setTimeout(() => {}, 20000)", "--", `--type=${type}`]);

  it.skipIf(!canPin)(
    "moves a renderer's main thread to its core, every other thread of the tree to the rest, until stopped",
    { timeout: 30_000 },
    async () => {
      const split = coreSplit(availableParallelism()) ?? { renderer: "", rest: "" };
      const all = cpusOf(process.pid);
      // Stand-ins with Chromium's arguments: Node has threads besides its main one, as a renderer has.
      const renderer = standIn("renderer");
      const utility = standIn("utility");
      const pinning = RendererPinning.start();
      try {
        expect(pinning).toBeInstanceOf(RendererPinning);
        await expect.poll(() => cpusOf(renderer.pid), { timeout: 5000 }).toBe(split.renderer);
        expect(threadsOf(renderer.pid).length).toBeGreaterThan(0);
        // Threads the main thread starts after it was moved start on its core, until the next pass moves them.
        await expect.poll(() => threadCpus(renderer.pid), { timeout: 5000 }).toEqual(new Set([split.rest]));
        await expect.poll(() => cpusOf(utility.pid), { timeout: 5000 }).toBe(split.rest);
        await expect.poll(() => threadCpus(utility.pid), { timeout: 5000 }).toEqual(new Set([split.rest]));
        expect(cpusOf(process.pid)).toBe(split.rest);
        // A renderer started later is found by a later pass.
        const late = standIn("renderer");
        try {
          await expect.poll(() => cpusOf(late.pid), { timeout: 5000 }).toBe(split.renderer);
        } finally {
          late.kill();
        }
      } finally {
        if (pinning instanceof RendererPinning) pinning.stop();
        renderer.kill();
        utility.kill();
      }
      expect(cpusOf(process.pid)).toBe(all);
    },
  );

  it("says why it does not pin on a machine with one core", () => {
    expect(RendererPinning.start(process.pid, 1)).toBe("one core only");
  });
});
