/**
 * --wire, run: each route loaded on a phone in a fresh browser context, every response Playwright reports (the
 * page's, its web workers' and the service worker's) handed to the rules of ./wire.ts; with --vs, the same route
 * on the other build right after; one table, and every load's scripts in the JSON.
 */
import type { Browser, BrowserContext, Request } from "@playwright/test";
import type { BenchOptions } from "./args";
import {
  buildName,
  gitCommit,
  measureRoutePairs,
  pairFailures,
  log,
  repeatLoads,
  shown,
  stopAll,
  took,
  writeJson,
} from "./processes";
import { realUserAgent } from "./real";
import {
  type SeenResponse,
  type WireRow,
  type WireRun,
  type WireSummary,
  formatWireConditions,
  formatWireTable,
  isScript,
  summariseWireRuns,
  wireBudgetKiB,
  wireIdleMs,
  wireLegend,
  wirePhone,
  wireRun,
  wireTimeoutMs,
} from "./wire";

/** What Playwright knows of a finished request, as plain data; null when it has no response to measure. */
async function seen(request: Request, workerScripts: ReadonlySet<string>): Promise<SeenResponse | null> {
  const response = await request.response();
  if (!response) return null;
  // sizes() splits CDP's encodedDataLength into headers and body: their sum is that length, exactly.
  const sizes = await request.sizes();
  const headers = await response.allHeaders();
  const contentLength = headers["content-length"] === undefined ? Number.NaN : Number(headers["content-length"]);
  return {
    url: request.url(),
    resourceType: request.resourceType(),
    contentType: headers["content-type"] ?? null,
    status: response.status(),
    byServiceWorker: request.serviceWorker() !== null,
    answeredByServiceWorker: response.fromServiceWorker(),
    workerScript: workerScripts.has(request.url()),
    headerBytes: sizes.responseHeadersSize,
    bodyBytes: sizes.responseBodySize,
    contentLength: Number.isFinite(contentLength) ? contentLength : null,
  };
}

/**
 * Every response of the context, as it finishes. The context's events, not the page's: the service worker's
 * requests are reported only there (Playwright 1.65 reports them by default; request.serviceWorker() says
 * which), and a web worker's with the page.
 */
function recordResponses(context: BrowserContext) {
  const workerScripts = new Set<string>();
  const reading: Promise<SeenResponse | null>[] = [];
  const open = new Set<Request>();
  context.on("serviceworker", (worker) => workerScripts.add(worker.url()));
  context.on("page", (page) => page.on("worker", (worker) => workerScripts.add(worker.url())));
  context.on("request", (request) => open.add(request));
  const finished = (request: Request) => {
    open.delete(request);
    // Read at once: the request's data is gone from Playwright once the context closes.
    reading.push(seen(request, workerScripts).catch(() => null));
  };
  context.on("requestfinished", finished);
  context.on("requestfailed", (request) => {
    open.delete(request);
    if (isScript({ resourceType: request.resourceType(), contentType: null })) {
      log(`  script failed: ${request.url()} (${request.failure()?.errorText ?? "no reason given"})`);
    }
  });
  return {
    /** The responses finished so far, and the scripts still open. */
    async read(): Promise<{ responses: SeenResponse[]; unfinished: string[] }> {
      const unfinished = [...open]
        .filter((request) => isScript({ resourceType: request.resourceType(), contentType: null }))
        .map((request) => request.url());
      const responses = (await Promise.all(reading)).filter((response) => response !== null);
      return { responses, unfinished };
    },
  };
}

/**
 * --wire, one load: a fresh context (empty cache, no service worker yet), the phone, no throttling (the bytes do
 * not depend on the speed, and unthrottled the idle work is done within the 3 s); the load event, hydration
 * (noted when it never comes, and the load still read), then 3 s of idle.
 */
async function wireLoad(browser: Browser, url: string): Promise<WireRun> {
  const context = await browser.newContext({
    viewport: { width: wirePhone.width, height: wirePhone.height },
    deviceScaleFactor: wirePhone.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    userAgent: realUserAgent,
    serviceWorkers: "allow",
  });
  try {
    const recorder = recordResponses(context);
    const page = await context.newPage();
    await page.goto(url, { waitUntil: "load", timeout: wireTimeoutMs });
    const hydrated = await page
      .waitForSelector("html[data-hydrated]", { state: "attached", timeout: wireTimeoutMs })
      .then(() => true)
      .catch(() => false);
    await page.waitForTimeout(wireIdleMs);
    const { responses, unfinished } = await recorder.read();
    return wireRun(responses, new URL(url).origin, { hydrated, unfinished });
  } finally {
    await context.close();
  }
}

interface WireMeasured {
  summary: WireSummary;
  perRun: WireRun[];
}

const kibOf = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** --wire, one route on one build: `runs` loads one after another; a failed load is left out of the medians. */
async function measureWireRoute(browser: Browser, url: string, label: string, runs: number): Promise<WireMeasured> {
  const { perRun, failedRuns } = await repeatLoads(
    runs,
    label,
    () => wireLoad(browser, url),
    (result) => `${kibOf(result.bytes)} in ${result.files} scripts` + (result.hydrated ? "" : ", never hydrated"),
  );
  return { summary: summariseWireRuns(perRun, failedRuns), perRun };
}

/**
 * --wire: every mobile route on this build, each followed at once by the same route on the --vs build (so that
 * both see the same moment of the machine); one table, and every load's scripts in the JSON.
 */
export async function measureWire(run: {
  options: BenchOptions;
  started: number;
  baseUrl: string;
  vsUrl: string | null;
  routes: readonly string[];
  buildDir: string;
  vsDir: string | null;
  out: string;
}): Promise<number> {
  const { options, baseUrl, vsUrl, routes, out } = run;
  const { measured, chromiumVersion } = await measureRoutePairs(
    routes,
    { ours: baseUrl, other: vsUrl },
    { mode: "wire", other: "vs" },
    (browser, url, label) => measureWireRoute(browser, url, label, options.runs),
  );
  stopAll();

  const rows: WireRow[] = measured.map(({ route, ours, other }) => ({
    route,
    ours: ours.summary,
    other: other?.summary ?? null,
  }));
  const seconds = (performance.now() - run.started) / 1000;
  console.log(
    `\n${formatWireConditions(options.runs, { ours: buildName(run.buildDir), other: run.vsDir ? buildName(run.vsDir) : null })}\n`,
  );
  console.log(formatWireTable(rows));
  console.log(`\n${wireLegend}`);
  const failed = pairFailures(measured, "vs");
  for (const failure of failed) console.log(`Failed load: ${failure}`);

  writeJson(out, {
    generatedAt: new Date().toISOString(),
    durationSeconds: Math.round(seconds),
    commit: gitCommit(),
    chromium: chromiumVersion,
    buildDir: buildName(run.buildDir),
    vsBuildDir: run.vsDir ? buildName(run.vsDir) : null,
    runsPerRoute: options.runs,
    budgetKiB: wireBudgetKiB,
    conditions: { phone: wirePhone, userAgent: realUserAgent, idleMs: wireIdleMs, timeoutMs: wireTimeoutMs },
    rows: rows.map((row, index) => ({
      ...row,
      perRun: measured[index]?.ours.perRun ?? [],
      vsPerRun: measured[index]?.other?.perRun ?? null,
    })),
  });
  console.log(`\nJSON: ${shown(out)}`);
  console.log(took(seconds));
  return failed.length > 0 ? 1 : 0;
}
