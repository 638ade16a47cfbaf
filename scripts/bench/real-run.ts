/**
 * --real: real loads under Chromium's own throttling, this build and the client-rendered one route by route, one
 * table, and every load's figures in the JSON (the figures' rules are in ./real.ts).
 */
import type { Browser } from "@playwright/test";
import { relative } from "node:path";
import type { BenchOptions } from "./args";
import {
  gitCommit,
  measureRoutePairs,
  pairFailures,
  repeatLoads,
  nameHelperShim,
  repoRoot,
  shown,
  stopAll,
  took,
  writeJson,
} from "./processes";
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
} from "./real";

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
  const secondsOf = (ms: number | null) => (ms === null ? "–" : `${(ms / 1000).toFixed(2)} s`);
  const { perRun, failedRuns } = await repeatLoads(
    runs,
    label,
    () => realLoad(browser, url),
    (result) =>
      `FCP ${secondsOf(result.fcp)}, LCP ${secondsOf(result.lcp)} (${result.lcpElement ?? "–"}), ` +
      `blocking ${result.blocking === null ? "–" : Math.round(result.blocking)} ms, ` +
      `hydrated ${secondsOf(result.hydrated)}`,
  );
  return { summary: summariseRealRuns(perRun, failedRuns), perRun };
}

/**
 * --real: every mobile route on this build, each followed at once by the same route on the client-rendered
 * build (so that both see the same load on the machine); one table, and every load's figures in the JSON.
 */
export async function measureReal(run: {
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
  const { measured, chromiumVersion } = await measureRoutePairs(
    routes,
    { ours: baseUrl, other: csrUrl },
    { mode: "real", other: "client-rendered" },
    (browser, url, label) => measureRealRoute(browser, url, label, options.runs),
  );
  stopAll();

  const rows: RealRow[] = measured.map(({ route, ours, other }) => ({
    route,
    ours: ours.summary,
    clientRendered: other?.summary ?? null,
  }));
  const seconds = (performance.now() - run.started) / 1000;
  console.log(`\n${formatRealConditions(options.runs)}\n`);
  console.log(formatRealTable(rows));
  console.log(`\n${realLegend}`);
  const failed = pairFailures(measured, "client-rendered");
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
      clientRenderedPerRun: measured[index]?.other?.perRun ?? null,
    })),
  });
  console.log(`\nJSON: ${shown(out)}`);
  console.log(took(seconds));
  return failed.length > 0 ? 1 : 0;
}
