// First: --help answers before the heavy modules below are evaluated.
import { usage } from "./bench/usage";
/**
 * `npm run bench`: builds the site, serves the production build on loopback and runs Lighthouse (Debian's
 * Chromium) on every route, mobile, and on the four top pages, desktop. Prints one table against the targets of
 * issue 6, writes the same as JSON and keeps each HTML report. Options and output: README.md, "Benchmark".
 *
 * Exit code 0 whatever the figures (it measures, it does not test); 1 when the build, the server, Chromium or
 * Lighthouse itself could not run; 2 for a bad option.
 */
// Lighthouse, Playwright and chrome-launcher are loaded when first used (import() below), not at start: they are
// most of the bench's start-up, and --help or a bad option should answer at once.
import type { Browser } from "@playwright/test";
import type { LaunchedChrome } from "chrome-launcher";
import type { Config, Flags } from "lighthouse";
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { chromiumArgs, chromiumPath } from "../e2e/browser";
import { readSettings } from "../app/lib/settings";
import { buildServer } from "../server/app";
import { readInboxConfig } from "../server/inbox/config";
import { type BenchOptions, parseBenchArgs } from "./bench/args";
import {
  type JsRow,
  type SideBySideRow,
  formatJsTable,
  formatSideBySide,
  lcpRatio,
  lcpRatioTarget,
} from "./bench/compare";
import { type FirstLoadJs, firstLoadJs } from "./bench/first-load-js";
import { type ChunkReportEntry, chunkReportFile } from "./vite-chunk-report";
import { type BenchTarget, benchTargets, reportSlug } from "./bench/routes";
import { type ReachRow, formatReachTable, measureReachBoxes, reachRow, reachViewport } from "./bench/reach";
import {
  type RealRow,
  type RealRun,
  type RealSummary,
  formatRealConditions,
  formatRealTable,
  hydrationTimeoutMs,
  networkConditions,
  readRealLoad,
  realLcpGain,
  realLegend,
  realPhone,
  realRun,
  realThrottling,
  realUserAgent,
  recordRealLoad,
  settleMs,
  summariseRealRuns,
} from "./bench/real";
import { aggregateRuns, median } from "./bench/stats";
import { type RunSummary, categoryIds, kib, missesOf, rerunWorthy, summariseRun, targets } from "./bench/summary";
import { type TableRow, formatHeaderNote, formatTable, formatVerdict, legend } from "./bench/table";

const repoRoot = join(import.meta.dirname, "..");
/** The median of this many runs decides a row that missed a target. */
const medianRuns = 3;
/** Lighthouse has its own load timeouts; this only catches a run that hangs outright. */
const attemptTimeoutMs = 180_000;

interface RowResult extends TableRow {
  target: BenchTarget;
  failedRuns: string[];
  perRun: PerRun[];
  report: string | null;
}

const log = (message: string) => process.stderr.write(`${message}\n`);

/* Everything started here is stopped on the way out, whichever way out it is. */
const stops: (() => void)[] = [];
function stopAll() {
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

function build(buildDir: string, clientRendered = false): Promise<void> {
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

async function launchChromium(): Promise<LaunchedChrome> {
  const { launch } = await import("chrome-launcher");
  return launch({
    chromePath: chromiumPath,
    chromeFlags: ["--headless=new", ...chromiumArgs],
    handleSIGINT: false,
    logLevel: "silent",
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`${what} did not finish within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

interface Attempt {
  summary: RunSummary;
  report: string;
  lighthouseVersion: string;
  userAgent: string;
  /** Lighthouse's measure of the host CPU: a busy machine scores low and its TBT and perf suffer. */
  benchmarkIndex: number;
  warnings: string[];
}

type PerRun = Pick<RunSummary, "scores" | "metrics"> & Pick<Attempt, "benchmarkIndex" | "warnings">;

class Bench {
  private chrome: LaunchedChrome | null = null;
  lighthouseVersion = "";
  userAgent = "";

  constructor(
    private readonly baseUrl: string,
    /** The client-rendered build's server, when it is measured too. */
    private readonly clientRenderedUrl: string | null = null,
  ) {}

  async start() {
    const chrome = await launchChromium();
    this.chrome = chrome;
    stops.push(() => chrome.kill());
  }

  stop() {
    this.chrome?.kill();
    this.chrome = null;
  }

  /** A fresh browser after a failure, in case the failure was the browser's. */
  private async restart() {
    try {
      this.chrome?.kill();
    } catch {
      // It may have crashed already.
    }
    await this.start();
  }

  private async attempt(target: BenchTarget, baseUrl: string): Promise<Attempt> {
    if (!this.chrome) throw new Error("Chromium is not running");
    const flags: Flags = {
      port: this.chrome.port,
      output: "html",
      logLevel: "error",
      onlyCategories: [...categoryIds],
      // The not-found page answers 404 on purpose; without this Lighthouse reports the page as failed to load.
      ignoreStatusCode: target.notFound,
    };
    const { default: lighthouse, desktopConfig } = await import("lighthouse");
    const config: Config | undefined = target.formFactor === "desktop" ? desktopConfig : undefined;
    const result = await withTimeout(
      lighthouse(`${baseUrl}${target.route}`, flags, config),
      attemptTimeoutMs,
      "Lighthouse",
    );
    if (!result) throw new Error("Lighthouse returned no result");
    const summary = summariseRun(result.lhr, target.notFound, result.artifacts.DevtoolsLog);
    return {
      summary,
      report: Array.isArray(result.report) ? result.report.join("\n") : result.report,
      lighthouseVersion: result.lhr.lighthouseVersion,
      userAgent: result.lhr.environment.hostUserAgent,
      benchmarkIndex: result.lhr.environment.benchmarkIndex,
      warnings: result.lhr.runWarnings,
    };
  }

  /** After a failure: was it the page or the browser? */
  private async probe(target: BenchTarget, baseUrl: string): Promise<string> {
    try {
      const response = await fetch(`${baseUrl}${target.route}`, { signal: AbortSignal.timeout(5000) });
      return `the server answers that URL with ${response.status}`;
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
      return `the server does not answer: ${cause}`;
    }
  }

  /** One run, retried once if Lighthouse fails. */
  async run(target: BenchTarget, label: string, baseUrl = this.baseUrl): Promise<Attempt | Error> {
    for (const attemptNo of [1, 2]) {
      const started = performance.now();
      try {
        const outcome = await this.attempt(target, baseUrl);
        const { scores, metrics } = outcome.summary;
        log(
          `${label}: perf ${scores.performance}, a11y ${scores.accessibility}, bp ${scores["best-practices"]}, ` +
            `seo ${scores.seo}, FCP ${(metrics.fcp / 1000).toFixed(2)} s, LCP ${(metrics.lcp / 1000).toFixed(2)} s, ` +
            `TBT ${Math.round(metrics.tbt)} ms (${((performance.now() - started) / 1000).toFixed(1)} s)`,
        );
        this.lighthouseVersion ||= outcome.lighthouseVersion;
        this.userAgent ||= outcome.userAgent;
        return outcome;
      } catch (error) {
        const failure = error instanceof Error ? error : new Error(String(error));
        log(
          `${label}: Lighthouse failed (${failure.message}; ${await this.probe(target, baseUrl)})` +
            (attemptNo === 1 ? ", retrying once" : ""),
        );
        if (attemptNo === 2) return failure;
        await this.restart();
      }
    }
    return new Error("unreachable");
  }

  /** A row: the runs asked for, topped up to the median of 3 when a figure that varies misses its target. */
  async measure(target: BenchTarget, runs: number, position: string, clientRendered = false): Promise<RowResult> {
    const baseUrl = clientRendered ? this.clientRenderedUrl : this.baseUrl;
    if (!baseUrl) throw new Error("No client-rendered build is being served");
    const attempts: Attempt[] = [];
    const failedRuns: string[] = [];
    let wanted = runs;
    for (let run = 1; run <= wanted; run++) {
      const outcome = await this.run(
        target,
        `${position} ${clientRendered ? "client-rendered " : ""}${target.formFactor} ${target.route} run ${run}`,
        baseUrl,
      );
      if (outcome instanceof Error) {
        failedRuns.push(outcome.message);
      } else {
        attempts.push(outcome);
      }
      if (run === wanted && wanted < medianRuns && attempts.length > 0) {
        if (rerunWorthy(missesOf(aggregateRuns(attempts.map((attempt) => attempt.summary)).summary))) {
          wanted = medianRuns;
        }
      }
    }
    const base = { target, formFactor: target.formFactor, route: target.route, failedRuns };
    if (attempts.length === 0) {
      return { ...base, runs: 0, summary: null, error: failedRuns.at(-1), perRun: [], report: null };
    }
    const { summary, representative } = aggregateRuns(attempts.map((attempt) => attempt.summary));
    return {
      ...base,
      runs: attempts.length,
      summary,
      perRun: attempts.map(({ summary: { scores, metrics }, benchmarkIndex, warnings }) => ({
        scores,
        metrics,
        benchmarkIndex,
        warnings,
      })),
      report: attempts[representative]?.report ?? null,
    };
  }
}

/** --reach: each route once on a phone (Playwright's Chromium driver, Debian's Chromium), scroll distances. */
async function measureReach(baseUrl: string, routes: readonly string[]): Promise<ReachRow[]> {
  const browser = await launchPlaywrightChromium();
  const page = await browser.newPage({ viewport: reachViewport, isMobile: true, hasTouch: true });
  await page.addInitScript(nameHelperShim);
  const rows: ReachRow[] = [];
  for (const route of routes) {
    await page.goto(`${baseUrl}${route}`, { waitUntil: "load" });
    rows.push(reachRow(route, await page.evaluate(measureReachBoxes)));
    log(`reach ${route}: done`);
  }
  await browser.close();
  return rows;
}

/** Playwright's Chromium driver with Debian's Chromium, closed on the way out. */
async function launchPlaywrightChromium(): Promise<Browser> {
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  stops.push(() => void browser.close());
  return browser;
}

// tsx names inner functions with a helper of its own; a function run in the page is serialised without it.
const nameHelperShim = { content: "globalThis.__name = (fn) => fn;" };

/**
 * --real, one load: a fresh context (empty cache, no connections left open), Lighthouse's phone, and Chromium's
 * own throttling set on the page's target before it navigates, as Lighthouse's DevTools method does.
 */
async function realLoad(browser: Browser, url: string): Promise<RealRun> {
  const context = await browser.newContext({
    viewport: { width: realPhone.width, height: realPhone.height },
    deviceScaleFactor: realPhone.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    userAgent: realUserAgent,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", networkConditions());
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: realThrottling.cpuSlowdownMultiplier });
    await page.addInitScript(nameHelperShim);
    await page.addInitScript(recordRealLoad);
    // Playwright's default 30 s is too short for the client-rendered build on a slow 4G line.
    await page.goto(url, { waitUntil: "load", timeout: hydrationTimeoutMs });
    await page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: hydrationTimeoutMs });
    return realRun(await page.evaluate(readRealLoad, settleMs));
  } finally {
    await context.close();
  }
}

interface RealMeasured {
  summary: RealSummary;
  perRun: RealRun[];
}

/** --real, one route on one build: `runs` loads one after another; a failed load is left out of the medians. */
async function measureRealRoute(browser: Browser, url: string, label: string, runs: number): Promise<RealMeasured> {
  const perRun: RealRun[] = [];
  const failedRuns: string[] = [];
  const secondsOf = (ms: number | null) => (ms === null ? "–" : `${(ms / 1000).toFixed(2)} s`);
  for (let run = 1; run <= runs; run++) {
    const started = performance.now();
    try {
      const result = await realLoad(browser, url);
      perRun.push(result);
      log(
        `${label} run ${run}: FCP ${secondsOf(result.fcp)}, LCP ${secondsOf(result.lcp)} (${result.lcpElement ?? "–"}), ` +
          `blocking ${result.blocking === null ? "–" : Math.round(result.blocking)} ms, ` +
          `hydrated ${secondsOf(result.hydrated)} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
      );
    } catch (error) {
      // Playwright's messages go on with a call log: the first line says what failed.
      const message = (error instanceof Error ? error.message : String(error)).split("\n")[0] ?? "";
      failedRuns.push(message);
      log(`${label} run ${run}: failed (${message})`);
    }
  }
  return { summary: summariseRealRuns(perRun, failedRuns), perRun };
}

/** The production server (as server/index.ts builds it) on a free loopback port, with a throwaway inbox. */
async function serve(clientDir: string): Promise<string> {
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

/** First-load JavaScript of each route: its HTML as the server answers it, its scripts as built files. */
async function measureJs(baseUrl: string, buildDir: string, routes: readonly string[]): Promise<FirstLoadJs[]> {
  const reportFile = chunkReportFile(buildDir);
  const report: ChunkReportEntry[] = existsSync(reportFile)
    ? (JSON.parse(readFileSync(reportFile, "utf8")) as ChunkReportEntry[])
    : [];
  return Promise.all(
    routes.map(async (route) => {
      const html = await (await fetch(`${baseUrl}${route}`)).text();
      return firstLoadJs(html, join(buildDir, "client"), report);
    }),
  );
}

function gitCommit(): string | null {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: repoRoot, encoding: "utf8" }).trim();
  } catch {
    return null;
  }
}

async function main(options: BenchOptions): Promise<number> {
  const started = performance.now();
  const plan = benchTargets(options.routes);
  const buildDir = resolve(repoRoot, options.buildDir);
  // React Router's SPA mode, the same pages rendered in the browser: the comparison (--no-compare: none).
  const csrDir = options.compare ? `${buildDir}-csr` : null;
  const out = resolve(options.out);
  const reportsDir = join(dirname(out), "reports");

  if (options.build) {
    log(`Building into ${relative(repoRoot, buildDir) || "."} …`);
    const buildStarted = performance.now();
    await build(options.buildDir);
    log(`Built in ${((performance.now() - buildStarted) / 1000).toFixed(1)} s`);
    if (csrDir && !options.reach) {
      log(`Building the client-rendered comparison into ${relative(repoRoot, csrDir)} …`);
      await build(csrDir, true);
    }
  }
  for (const dir of [buildDir, ...(csrDir && !options.reach ? [csrDir] : [])]) {
    if (!existsSync(join(dir, "client", "index.html"))) {
      throw new Error(`No build in ${dir}: run without --no-build, or set BUILD_DIR (or --no-compare).`);
    }
  }

  // The production server in this process, so that nothing outside can stop it mid-run.
  const baseUrl = await serve(join(buildDir, "client"));
  const mobileRoutes = plan.filter((target) => target.formFactor === "mobile").map((target) => target.route);
  log(
    `Serving ${relative(repoRoot, buildDir)} on ${baseUrl}; ` +
      (options.real
        ? `${mobileRoutes.length} route(s), ${options.runs} load(s) each per build`
        : `${plan.length} rows, ${options.runs} run(s) each`),
  );

  if (options.reach) {
    const rows = await measureReach(baseUrl, mobileRoutes);
    stopAll();
    console.log(
      `\nHow far a visitor scrolls to see each, at ${reachViewport.width} x ${reachViewport.height} (0 = the first screen; – = none on the page):\n`,
    );
    console.log(formatReachTable(rows));
    return 0;
  }

  const csrUrl = csrDir ? await serve(join(csrDir, "client")) : null;
  if (csrDir) log(`Serving the client-rendered ${relative(repoRoot, csrDir)} on ${csrUrl}`);
  if (options.real) {
    return measureReal({ options, started, baseUrl, csrUrl, routes: mobileRoutes, buildDir, csrDir, out });
  }
  const jsOf = new Map<string, FirstLoadJs>();
  const ownJs = await measureJs(baseUrl, buildDir, mobileRoutes);
  const csrJs = csrDir && csrUrl ? await measureJs(csrUrl, csrDir, mobileRoutes) : null;
  const jsRows: JsRow[] = mobileRoutes.flatMap((route, index) => {
    const js = ownJs[index];
    if (!js) return [];
    jsOf.set(route, js);
    return [{ route, js, clientRendered: csrJs?.[index] ?? null }];
  });
  const printJs = () => {
    console.log(
      "\nFirst-load JavaScript (brotli bodies of the scripts each page loads before hydration; CSR = the " +
        "client-rendered build; the parts share each file out by its modules' sizes):\n",
    );
    console.log(formatJsTable(jsRows));
  };
  if (options.jsOnly) {
    stopAll();
    printJs();
    return 0;
  }

  const bench = new Bench(baseUrl, csrUrl);
  await bench.start();
  mkdirSync(reportsDir, { recursive: true });
  const rows: RowResult[] = [];
  const csrRows = new Map<string, RowResult>();
  const total = plan.length + (csrUrl ? mobileRoutes.length : 0);
  let done = 0;
  const position = () => `[${String(++done).padStart(String(total).length)}/${total}]`;
  for (const target of plan) {
    const row = await bench.measure(target, options.runs, position());
    if (row.report) writeFileSync(join(reportsDir, `${reportSlug(target)}.html`), row.report);
    rows.push({ ...row, firstLoadJs: target.formFactor === "mobile" ? (jsOf.get(target.route)?.bytes ?? null) : null });
    if (csrUrl && target.formFactor === "mobile") {
      // Right after this build's row, so that both see the same load on the machine.
      const csrRow = await bench.measure(target, options.runs, position(), true);
      if (csrRow.report) writeFileSync(join(reportsDir, `csr-${reportSlug(target)}.html`), csrRow.report);
      csrRows.set(target.route, csrRow);
    }
  }
  bench.stop();
  stopAll();

  const seconds = (performance.now() - started) / 1000;
  console.log();
  console.log(formatTable(rows));
  console.log();
  console.log(legend);
  console.log();
  console.log(formatVerdict(rows));
  printJs();
  const sideBySide: SideBySideRow[] = csrUrl
    ? rows
        .filter((row) => row.formFactor === "mobile")
        .map((row) => ({
          route: row.route,
          ours: row.summary,
          clientRendered: csrRows.get(row.route)?.summary ?? null,
        }))
    : [];
  if (sideBySide.length > 0) {
    console.log(
      `\nSide by side on mobile: this build, and the client-rendered build (CSR) of the same pages; LCP gain = ` +
        `CSR LCP / this LCP, ! under ${lcpRatioTarget}×:\n`,
    );
    console.log(formatSideBySide(sideBySide));
  }
  console.log();
  const headerNote = formatHeaderNote(rows);
  if (headerNote) console.log(headerNote);
  const benchmarkIndexes = rows.flatMap((row) => row.perRun.map((run) => run.benchmarkIndex));
  if (benchmarkIndexes.length > 0) {
    console.log(
      `Host CPU (Lighthouse benchmarkIndex): median ${Math.round(median(benchmarkIndexes))}, ` +
        `lowest ${Math.round(Math.min(...benchmarkIndexes))}; other load on the machine raises TBT and lowers Perf.`,
    );
  }
  // The 404 row's status warning is expected; anything else Lighthouse warned about is worth reading.
  const warnings = new Set(
    rows.flatMap((row) =>
      row.perRun.flatMap((run) => run.warnings.filter((warning) => !(row.target.notFound && /\b404\b/.test(warning)))),
    ),
  );
  for (const warning of warnings) console.log(`Lighthouse warned: ${warning}`);

  const json = {
    generatedAt: new Date().toISOString(),
    durationSeconds: Math.round(seconds),
    commit: gitCommit(),
    lighthouseVersion: bench.lighthouseVersion,
    userAgent: bench.userAgent,
    buildDir: relative(repoRoot, buildDir),
    runsPerRow: options.runs,
    clientRenderedBuildDir: csrDir ? relative(repoRoot, csrDir) : null,
    targets,
    rows: rows.map((row) => ({
      formFactor: row.formFactor,
      route: row.route,
      notFound: row.target.notFound,
      runs: row.runs,
      medianOf: row.runs > 1 ? row.runs : null,
      failedRuns: row.failedRuns,
      error: row.error ?? null,
      scores: row.summary?.scores ?? null,
      metrics: row.summary?.metrics ?? null,
      bytes: row.summary?.bytes ?? null,
      headerBytes: row.summary?.headerBytes ?? null,
      firstLoadJsKiB: row.firstLoadJs ? Number(kib(row.firstLoadJs).toFixed(1)) : null,
      firstLoadJs: jsOf.get(row.route) && row.formFactor === "mobile" ? jsOf.get(row.route) : null,
      lighthouseJsKiB: row.summary ? Number(kib(row.summary.bytes.js).toFixed(1)) : null,
      clientRendered: csrRows.has(row.route) && row.formFactor === "mobile" ? csrJson(csrRows.get(row.route)) : null,
      lcpGain:
        row.formFactor === "mobile"
          ? lcpRatio({ route: row.route, ours: row.summary, clientRendered: csrRows.get(row.route)?.summary ?? null })
          : null,
      htmlCssKiB: row.summary ? Number(kib(row.summary.bytes.html + row.summary.bytes.css).toFixed(1)) : null,
      misses: row.summary ? missesOf(row.summary, row.firstLoadJs) : null,
      failingAudits: row.summary?.failingAudits ?? null,
      byDesign: row.summary?.byDesign ?? null,
      perRun: row.perRun,
      report: row.report ? relative(dirname(out), join(reportsDir, `${reportSlug(row.target)}.html`)) : null,
    })),
  };
  writeJson(out, json);
  console.log();
  console.log(`JSON: ${shown(out)}`);
  console.log(`HTML reports: ${shown(reportsDir)}/`);
  console.log(took(seconds));

  const failedRows = rows.filter((row) => row.failedRuns.length > 0).length;
  if (failedRows > 0) log(`Lighthouse could not complete a run on ${failedRows} row(s), even when retried.`);
  return failedRows > 0 ? 1 : 0;
}

function writeJson(out: string, json: unknown) {
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(json, null, 2)}\n`);
}

const shown = (path: string) => (path.startsWith(`${process.cwd()}/`) ? relative(process.cwd(), path) : path);
const took = (seconds: number) => `Took ${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;

/**
 * --real: every mobile route on this build, each followed at once by the same route on the client-rendered
 * build (so that both see the same load on the machine); one table, and every load's figures in the JSON.
 */
async function measureReal(run: {
  options: BenchOptions;
  started: number;
  baseUrl: string;
  csrUrl: string | null;
  routes: readonly string[];
  buildDir: string;
  csrDir: string | null;
  out: string;
}): Promise<number> {
  const { options, baseUrl, csrUrl, routes, out } = run;
  const browser = await launchPlaywrightChromium();
  const measured: { route: string; ours: RealMeasured; clientRendered: RealMeasured | null }[] = [];
  for (const [index, route] of routes.entries()) {
    const position = `[${index + 1}/${routes.length}]`;
    const ours = await measureRealRoute(browser, `${baseUrl}${route}`, `${position} real ${route}`, options.runs);
    const clientRendered = csrUrl
      ? await measureRealRoute(browser, `${csrUrl}${route}`, `${position} real client-rendered ${route}`, options.runs)
      : null;
    measured.push({ route, ours, clientRendered });
  }
  const chromiumVersion = browser.version();
  await browser.close();
  stopAll();

  const rows: RealRow[] = measured.map(({ route, ours, clientRendered }) => ({
    route,
    ours: ours.summary,
    clientRendered: clientRendered?.summary ?? null,
  }));
  const seconds = (performance.now() - run.started) / 1000;
  console.log(`\n${formatRealConditions(options.runs)}\n`);
  console.log(formatRealTable(rows));
  console.log(`\n${realLegend}`);
  const failed = measured.flatMap(({ route, ours, clientRendered }) => [
    ...ours.summary.failedRuns.map((failure) => `${route}: ${failure}`),
    ...(clientRendered?.summary.failedRuns.map((failure) => `${route} (client-rendered): ${failure}`) ?? []),
  ]);
  for (const failure of failed) console.log(`Failed load: ${failure}`);

  writeJson(out, {
    generatedAt: new Date().toISOString(),
    durationSeconds: Math.round(seconds),
    commit: gitCommit(),
    chromium: chromiumVersion,
    buildDir: relative(repoRoot, run.buildDir),
    runsPerRoute: options.runs,
    clientRenderedBuildDir: run.csrDir ? relative(repoRoot, run.csrDir) : null,
    conditions: {
      network: networkConditions(),
      cpuSlowdown: realThrottling.cpuSlowdownMultiplier,
      phone: realPhone,
      userAgent: realUserAgent,
      settleMs,
    },
    rows: rows.map((row, index) => ({
      ...row,
      lcpGain: realLcpGain(row),
      perRun: measured[index]?.ours.perRun ?? [],
      clientRenderedPerRun: measured[index]?.clientRendered?.perRun ?? null,
    })),
  });
  console.log(`\nJSON: ${shown(out)}`);
  console.log(took(seconds));
  return failed.length > 0 ? 1 : 0;
}

function csrJson(row: RowResult | undefined) {
  if (!row) return null;
  const ours = row.summary;
  return {
    runs: row.runs,
    error: row.error ?? null,
    scores: ours?.scores ?? null,
    metrics: ours?.metrics ?? null,
    bytes: ours?.bytes ?? null,
    perRun: row.perRun,
  };
}

let options: BenchOptions;
try {
  options = parseBenchArgs(process.argv.slice(2), process.env);
  benchTargets(options.routes);
} catch (error) {
  log(error instanceof Error ? error.message : String(error));
  log(usage);
  process.exit(2);
}
try {
  process.exitCode = await main(options);
} catch (error) {
  log(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exitCode = 1;
} finally {
  stopAll();
}
