/**
 * The bench's processes and files: building the site, serving a build on loopback, launching Chromium (for
 * Lighthouse and for Playwright), and stopping every one of them on the way out, whichever way out it is.
 */
import type { Browser } from "@playwright/test";
import type { LaunchedChrome } from "chrome-launcher";
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { chromiumArgs, chromiumPath } from "../browser";
import { readSettings } from "../../app/lib/settings";
import { buildServer } from "../../server/app";
import { readInboxConfig } from "../../server/inbox/config";

export const repoRoot = join(import.meta.dirname, "..", "..");

export const log = (message: string) => process.stderr.write(`${message}\n`);

/* Everything started here is stopped on the way out, whichever way out it is. */
export const stops: (() => void)[] = [];
export function stopAll() {
  while (stops.length > 0) {
    try {
      stops.pop()?.();
    } catch {
      // Already gone: nothing left to stop.
    }
  }
}
process.once("exit", stopAll);
for (const [signal, code] of [
  ["SIGINT", 130],
  ["SIGTERM", 143],
] as const) {
  process.once(signal, () => {
    log(`\n${signal}: stopping the server and Chromium.`);
    stopAll();
    process.exit(code);
  });
}

export function build(buildDir: string, clientRendered = false): Promise<void> {
  return new Promise((done, fail) => {
    const child: ChildProcess = spawn("npm", ["run", "build"], {
      cwd: repoRoot,
      env: { ...process.env, BUILD_DIR: buildDir, CLIENT_RENDERED: clientRendered ? "1" : "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    stops.push(() => child.kill("SIGTERM"));
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("error", fail);
    child.once("exit", (code) =>
      code === 0 ? done() : fail(new Error(`npm run build exited with ${code}:\n${output.slice(-4000)}`)),
    );
  });
}

export async function launchChromium(): Promise<LaunchedChrome> {
  const { launch } = await import("chrome-launcher");
  return launch({
    chromePath: chromiumPath,
    chromeFlags: ["--headless=new", ...chromiumArgs],
    handleSIGINT: false,
    logLevel: "silent",
  });
}

export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`${what} did not finish within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Playwright's Chromium driver with Debian's Chromium, closed on the way out. */
export async function launchPlaywrightChromium(): Promise<Browser> {
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  stops.push(() => void browser.close());
  return browser;
}

// tsx names inner functions with a helper of its own; a function run in the page is serialised without it.
export const nameHelperShim = { content: "globalThis.__name = (fn) => fn;" };

/** The production server (as server/index.ts builds it) on a free loopback port, with a throwaway inbox. */
export async function serve(clientDir: string): Promise<string> {
  // No page load writes to the inbox, but the server opens it.
  const dataDir = mkdtempSync(join(tmpdir(), "bench-"));
  stops.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const settings = readSettings(process.env);
  const server = await buildServer({
    root: clientDir,
    settings,
    inbox: readInboxConfig(
      { ...process.env, DATABASE_URL: "", INBOX_DB: join(dataDir, "inbox.sqlite"), SMTP_HOST: "" },
      settings.email,
    ),
  });
  stops.push(() => void server.close());
  await server.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
}

export function gitCommit(): string | null {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: repoRoot, encoding: "utf8" }).trim();
  } catch {
    return null;
  }
}

export function writeJson(out: string, json: unknown) {
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(json, null, 2)}\n`);
}

/** A build's directory as tables and JSON name it: from the project, or whole when outside it (--vs=/tmp/…). */
export const buildName = (dir: string) =>
  relative(repoRoot, dir).startsWith("..") ? dir : relative(repoRoot, dir) || ".";
export const shown = (path: string) => (path.startsWith(`${process.cwd()}/`) ? relative(process.cwd(), path) : path);
export const took = (seconds: number) => `Took ${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;

/**
 * `runs` loads of one route on one build, one after another, each logged with what `describe` says of it; a load
 * that fails is logged and kept apart (left out of the medians). For --real and --wire.
 */
export async function repeatLoads<T>(
  runs: number,
  label: string,
  load: () => Promise<T>,
  describe: (result: T) => string,
): Promise<{ perRun: T[]; failedRuns: string[] }> {
  const perRun: T[] = [];
  const failedRuns: string[] = [];
  for (let run = 1; run <= runs; run++) {
    const started = performance.now();
    try {
      const result = await load();
      perRun.push(result);
      log(`${label} run ${run}: ${describe(result)} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    } catch (error) {
      // Playwright's messages go on with a call log: the first line says what failed.
      const message = (error instanceof Error ? error.message : String(error)).split("\n")[0] ?? "";
      failedRuns.push(message);
      log(`${label} run ${run}: failed (${message})`);
    }
  }
  return { perRun, failedRuns };
}

/** One route measured on this build and, when there is one, on the other build, right after. */
export interface RoutePair<T> {
  route: string;
  ours: T;
  other: T | null;
}

/**
 * Each route loaded in Chromium on this build, then at once on the other build (so both see the same load on the
 * machine), `measure` giving each its runs; the browser is closed after. For --real and --wire, whose other build
 * is the client-rendered one and the --vs one.
 */
export async function measureRoutePairs<T>(
  routes: readonly string[],
  urls: { ours: string; other: string | null },
  labels: { mode: string; other: string },
  measure: (browser: Browser, url: string, label: string) => Promise<T>,
): Promise<{ measured: RoutePair<T>[]; chromiumVersion: string }> {
  const browser = await launchPlaywrightChromium();
  const measured: RoutePair<T>[] = [];
  for (const [index, route] of routes.entries()) {
    const position = `[${index + 1}/${routes.length}] ${labels.mode}`;
    const ours = await measure(browser, `${urls.ours}${route}`, `${position} ${route}`);
    const other = urls.other
      ? await measure(browser, `${urls.other}${route}`, `${position} ${labels.other} ${route}`)
      : null;
    measured.push({ route, ours, other });
  }
  const chromiumVersion = browser.version();
  await browser.close();
  return { measured, chromiumVersion };
}

/** Every failed load of the pairs, named by route (and the other build's label), as the run's end lists them. */
export function pairFailures(
  measured: readonly RoutePair<{ summary: { failedRuns: string[] } }>[],
  otherLabel: string,
): string[] {
  return measured.flatMap(({ route, ours, other }) => [
    ...ours.summary.failedRuns.map((failure) => `${route}: ${failure}`),
    ...(other?.summary.failedRuns.map((failure) => `${route} (${otherLabel}): ${failure}`) ?? []),
  ]);
}
