// @vitest-environment node
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { diskKib, formatMib, parseStatusKib, runMeasured, TreeSampler } from "./memory";

describe("parseStatusKib", () => {
  const status = "Name:\tnode\nVmPeak:\t 1234567 kB\nVmHWM:\t  250000 kB\nVmRSS:\t  200000 kB\nThreads:\t11\n";

  it("reads a /proc/PID/status field in KiB", () => {
    expect(parseStatusKib(status, "VmRSS")).toBe(200000);
    expect(parseStatusKib(status, "VmHWM")).toBe(250000);
  });

  it("answers 0 for a field a process has not (a zombie has no VmRSS)", () => {
    expect(parseStatusKib("Name:\tnode\nState:\tZ (zombie)\n", "VmRSS")).toBe(0);
  });
});

describe("formatMib", () => {
  it("prints KiB as MiB, and GiB from 1,000 MiB up", () => {
    expect(formatMib(640 * 1024)).toBe("640 MiB");
    expect(formatMib(1536 * 1024)).toBe("1.50 GiB");
  });
});

describe("diskKib", () => {
  it("counts what a folder takes on disk, its subfolders included", () => {
    const folder = mkdtempSync(join(tmpdir(), "karama-disk-"));
    try {
      mkdirSync(join(folder, "inner"));
      writeFileSync(join(folder, "inner", "a.bin"), Buffer.alloc(4 * 1024 * 1024, 1));
      const kib = diskKib(folder);
      expect(kib).toBeGreaterThanOrEqual(4 * 1024);
      expect(kib).toBeLessThan(4 * 1024 + 64);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

/** A child that starts a grandchild holding about `mib` MiB for a moment: the tree's peak is the grandchild's. */
const holder = (mib: number) =>
  `const { spawn } = require("node:child_process");` +
  `const child = spawn(process.execPath, ["-e", "const b = Buffer.alloc(${mib} * 1024 * 1024, 7); setTimeout(() => b.length, 1500)"], { stdio: "inherit" });` +
  `child.on("exit", (code) => process.exit(code ?? 1));`;

describe.skipIf(process.platform !== "linux")("the peak memory of a process tree", () => {
  it("runMeasured sees a grandchild's memory, and its exit code", async () => {
    const run = await runMeasured(process.execPath, ["-e", holder(200)], { cwd: tmpdir(), quiet: true });
    expect(run.code).toBe(0);
    // The grandchild's 200 MiB, plus two Node processes, each of them 30-60 MiB.
    expect(run.peakTreeKib).toBeGreaterThan(200 * 1024);
    expect(run.peakTreeKib).toBeLessThan(400 * 1024);
    // The largest one process: the grandchild.
    expect(run.peakOneKib).toBeGreaterThan(200 * 1024);
    expect(run.peakOneKib).toBeLessThanOrEqual(run.peakTreeKib);
    expect(run.seconds).toBeGreaterThan(1);
  });

  it("runMeasured reports a failing command's code", async () => {
    const run = await runMeasured(process.execPath, ["-e", "process.exit(3)"], { cwd: tmpdir(), quiet: true });
    expect(run.code).toBe(3);
  });

  it("a TreeSampler counts only the processes whose command matches", async () => {
    const child = spawn(process.execPath, ["-e", holder(120)], { stdio: "ignore" });
    const matching = new TreeSampler(child.pid ?? 0, /Buffer\.alloc\(120/);
    const other = new TreeSampler(child.pid ?? 0, /no such command/);
    matching.start();
    other.start();
    await new Promise((resolve) => child.once("exit", resolve));
    const [seen, none] = [matching.stop(), other.stop()];
    expect(seen.peakTreeKib).toBeGreaterThan(120 * 1024);
    // Only the grandchild: its 120 MiB and one Node process's own, not the parent's too.
    expect(seen.peakTreeKib).toBeLessThan(120 * 1024 + 100 * 1024);
    expect(none.peakTreeKib).toBe(0);
  });
});
