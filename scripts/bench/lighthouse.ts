/**
 * The Lighthouse rows: one Chromium, each row's runs (retried once after a failure, topped up to the median of 3
 * when a figure misses its target), then the tables, the verdict and the JSON with every run.
 */
import type { LaunchedChrome } from "chrome-launcher";
import type { Config, Flags } from "lighthouse";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { formatBlockingSources, formatRealLongTasks } from "./blocking";
import { type FirstLoadJs } from "./first-load-js";
import {
  type Comparison,
  type SideBySideRow,
  type VsSideBySideRow,
  formatSideBySide,
  formatVsSideBySide,
  lcpRatio,
  sideBySideHeading,
  vsDifferences,
} from "./compare";
import {
  buildName,
  gitCommit,
  launchChromium,
  log,
  repoRoot,
  shown,
  stopAll,
  stops,
  took,
  withTimeout,
  writeJson,
} from "./processes";
import { RendererPinning } from "./pinning";
import { type BenchTarget, reportSlug } from "./routes";
import { aggregateRuns, median } from "./stats";
import { type RunSummary, categoryIds, kib, missesOf, rerunWorthy, summariseRun, targets } from "./summary";
import { type TableRow, formatHeaderNote, formatTable, formatVerdict, legend } from "./table";

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

interface Attempt {
  summary: RunSummary;
  report: string;
  lighthouseVersion: string;
  userAgent: string;
  /** Lighthouse's measure of the host CPU: a busy machine scores low and its TBT and perf suffer. */
  benchmarkIndex: number;
  warnings: string[];
}

type PerRun = Pick<RunSummary, "scores" | "metrics" | "blocking" | "realLongTasks"> &
  Pick<Attempt, "benchmarkIndex" | "warnings">;

export class Bench {
  private chrome: LaunchedChrome | null = null;
  lighthouseVersion = "";
  userAgent = "";

  constructor(
    private readonly baseUrl: string,
    /** The comparison build's server (client-rendered, or --vs), when one is measured too. */
    private readonly otherUrl: string | null = null,
    /** What the log calls the comparison build's rows. */
    private readonly otherLabel = "client-rendered",
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
      // Every run a first visit, as the Lighthouse CLI's fresh browser profile gives: by default Lighthouse empties
      // the HTTP cache but keeps localStorage, and the runs share one browser. A page's note that the phone has the
      // font (app/lib/font-loading.ts), left by the run before, would then describe a cache that is gone.
      clearStorageTypes: ["all"],
    };
    const { default: lighthouse, desktopConfig } = await import("lighthouse");
    const config: Config | undefined = target.formFactor === "desktop" ? desktopConfig : undefined;
    const result = await withTimeout(
      lighthouse(`${baseUrl}${target.route}`, flags, config),
      attemptTimeoutMs,
      "Lighthouse",
    );
    if (!result) throw new Error("Lighthouse returned no result");
    const summary = summariseRun(
      result.lhr,
      target.notFound,
      result.artifacts.DevtoolsLog,
      result.artifacts.Trace?.traceEvents,
    );
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
        const { scores, metrics, blocking, realLongTasks } = outcome.summary;
        const why = [blocking && formatBlockingSources(blocking), realLongTasks && formatRealLongTasks(realLongTasks)]
          .filter(Boolean)
          .join("; ");
        log(
          `${label}: perf ${scores.performance}, a11y ${scores.accessibility}, bp ${scores["best-practices"]}, ` +
            `seo ${scores.seo}, FCP ${(metrics.fcp / 1000).toFixed(2)} s, LCP ${(metrics.lcp / 1000).toFixed(2)} s, ` +
            `TBT ${Math.round(metrics.tbt)} ms${why ? ` (${why})` : ""} ` +
            `(${((performance.now() - started) / 1000).toFixed(1)} s)`,
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
  async measure(target: BenchTarget, runs: number, position: string, other = false): Promise<RowResult> {
    const baseUrl = other ? this.otherUrl : this.baseUrl;
    if (!baseUrl) throw new Error(`No ${this.otherLabel} build is being served`);
    const attempts: Attempt[] = [];
    const failedRuns: string[] = [];
    let wanted = runs;
    for (let run = 1; run <= wanted; run++) {
      const outcome = await this.run(
        target,
        `${position} ${other ? `${this.otherLabel} ` : ""}${target.formFactor} ${target.route} run ${run}`,
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
      perRun: attempts.map(({ summary: { scores, metrics, blocking, realLongTasks }, benchmarkIndex, warnings }) => ({
        scores,
        metrics,
        blocking,
        realLongTasks,
        benchmarkIndex,
        warnings,
      })),
      report: attempts[representative]?.report ?? null,
    };
  }
}

/** The build each mobile route is measured beside: the client-rendered build, or the --vs build. */
export interface ComparisonBuild {
  comparison: Comparison;
  url: string;
  dir: string;
  /** Its first-load JavaScript per mobile route, as measured on its files. */
  jsOf: ReadonlyMap<string, FirstLoadJs>;
}

/** How the log and the reports' file names call the comparison build's rows. */
const rowLabels: Record<Comparison, { log: string; report: string }> = {
  "client-rendered": { log: "client-rendered", report: "csr" },
  vs: { log: "vs", report: "vs" },
};

/**
 * Lighthouse on every row of the plan, this build's and (right after it, so that both see the same load on the
 * machine) the comparison build's; prints the tables and writes the JSON and the HTML reports.
 */
export async function measureLighthouse(run: {
  plan: readonly BenchTarget[];
  runs: number;
  started: number;
  baseUrl: string;
  buildDir: string;
  /** null with --no-compare: this build alone. */
  other: ComparisonBuild | null;
  out: string;
  mobileRoutes: readonly string[];
  jsOf: ReadonlyMap<string, FirstLoadJs>;
  printJs: () => void;
  /** The page's main thread on a core of its own (./pinning.ts); false with --no-pin. */
  pin: boolean;
}): Promise<number> {
  const { plan, runs, started, baseUrl, buildDir, other, out, mobileRoutes, jsOf, printJs } = run;
  // Before Chromium starts, so that its first renderer is born on its core.
  const pinning = run.pin ? RendererPinning.start() : null;
  if (typeof pinning === "string") log(`Not giving the page's main thread a core of its own: ${pinning}.`);
  if (pinning instanceof RendererPinning) stops.push(() => pinning.stop());
  const pinned = pinning instanceof RendererPinning ? pinning : null;
  const reportsDir = join(dirname(out), "reports");
  const labels = other ? rowLabels[other.comparison] : null;
  const bench = new Bench(baseUrl, other?.url ?? null, labels?.log);
  await bench.start();
  mkdirSync(reportsDir, { recursive: true });
  const rows: RowResult[] = [];
  const otherRows = new Map<string, RowResult>();
  const total = plan.length + (other ? mobileRoutes.length : 0);
  let done = 0;
  const position = () => `[${String(++done).padStart(String(total).length)}/${total}]`;
  for (const target of plan) {
    const row = await bench.measure(target, runs, position());
    if (row.report) writeFileSync(join(reportsDir, `${reportSlug(target)}.html`), row.report);
    rows.push({ ...row, firstLoadJs: target.formFactor === "mobile" ? (jsOf.get(target.route)?.bytes ?? null) : null });
    if (labels && target.formFactor === "mobile") {
      // Right after this build's row, so that both see the same load on the machine.
      const otherRow = await bench.measure(target, runs, position(), true);
      if (otherRow.report) {
        writeFileSync(join(reportsDir, `${labels.report}-${reportSlug(target)}.html`), otherRow.report);
      }
      otherRows.set(target.route, otherRow);
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
  const mobileRows = rows.filter((row) => row.formFactor === "mobile");
  const csr = other?.comparison === "client-rendered";
  const sideBySide: SideBySideRow[] = csr
    ? mobileRows.map((row) => ({
        route: row.route,
        ours: row.summary,
        clientRendered: otherRows.get(row.route)?.summary ?? null,
      }))
    : [];
  const vsRow = (route: string, summary: RunSummary | null): VsSideBySideRow => ({
    route,
    ours: summary,
    other: otherRows.get(route)?.summary ?? null,
    oursJs: jsOf.get(route)?.bytes ?? null,
    otherJs: other?.jsOf.get(route)?.bytes ?? null,
  });
  const vsSideBySide = other?.comparison === "vs" ? mobileRows.map((row) => vsRow(row.route, row.summary)) : [];
  if (sideBySide.length > 0) {
    console.log(`\n${sideBySideHeading("client-rendered")}\n`);
    console.log(formatSideBySide(sideBySide));
  }
  if (other && vsSideBySide.length > 0) {
    console.log(`\n${sideBySideHeading("vs", { ours: buildName(buildDir), other: buildName(other.dir) })}\n`);
    console.log(formatVsSideBySide(vsSideBySide));
  }
  console.log();
  console.log(
    pinned
      ? `${pinned.describe()}.`
      : "The page's main thread shared every core with Chromium's other threads, Lighthouse and the server.",
  );
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
    runsPerRow: runs,
    // The core the renderers' main threads had to themselves, and the cores every other thread ran on; null: --no-pin.
    pinning: pinned?.split ?? null,
    // What each mobile row was measured beside: "client-rendered", "vs" (the build in vsBuildDir) or null.
    comparison: other?.comparison ?? null,
    clientRenderedBuildDir: other && csr ? relative(repoRoot, other.dir) : null,
    vsBuildDir: other && !csr ? buildName(other.dir) : null,
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
      blocking: row.summary?.blocking ?? null,
      realLongTasks: row.summary?.realLongTasks ?? null,
      bytes: row.summary?.bytes ?? null,
      headerBytes: row.summary?.headerBytes ?? null,
      firstLoadJsKiB: jsKiB(row.firstLoadJs),
      firstLoadJs: jsOf.get(row.route) && row.formFactor === "mobile" ? jsOf.get(row.route) : null,
      lighthouseJsKiB: row.summary ? Number(kib(row.summary.bytes.js).toFixed(1)) : null,
      clientRendered: csr && row.formFactor === "mobile" ? comparisonJson(otherRows.get(row.route)) : null,
      lcpGain:
        csr && row.formFactor === "mobile"
          ? lcpRatio({ route: row.route, ours: row.summary, clientRendered: otherRows.get(row.route)?.summary ?? null })
          : null,
      vs:
        other && !csr && row.formFactor === "mobile" && otherRows.has(row.route)
          ? {
              ...comparisonJson(otherRows.get(row.route)),
              firstLoadJsKiB: jsKiB(other.jsOf.get(row.route)?.bytes),
              firstLoadJs: other.jsOf.get(row.route) ?? null,
              // This build less the --vs build, as the side-by-side table prints them.
              differences: vsDifferences(vsRow(row.route, row.summary)),
            }
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

const jsKiB = (bytes: number | null | undefined) => (bytes ? Number(kib(bytes).toFixed(1)) : null);

/** A comparison build's row (client-rendered or --vs) in the JSON. */
function comparisonJson(row: RowResult | undefined) {
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
