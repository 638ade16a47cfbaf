// First: --help answers before the heavy modules below are evaluated.
import { usage } from "./bench/usage";
/**
 * `npm run bench`: builds the site, serves the production build on loopback and runs Lighthouse (Debian's
 * Chromium) on every route, mobile, and on the four top pages, desktop. Prints one table against the targets of
 * issue 6, writes the same as JSON and keeps each HTML report. Options and output: docs/benchmarks.md.
 *
 * Exit code 0 whatever the figures (it measures, it does not test); 1 when the build, the server, Chromium or
 * Lighthouse itself could not run; 2 for a bad option.
 *
 * This file chooses what to run; each job is a module of its own in scripts/bench/: processes.ts (build, serve,
 * Chromium, stopping it all), lighthouse.ts (the Lighthouse rows and their report), first-load-js.ts, reach-run.ts
 * (--reach), real-run.ts (--real) and wire-run.ts (--wire), each beside the pure rules it applies (summary, table,
 * compare, reach, real, wire).
 */
// Lighthouse, Playwright and chrome-launcher are loaded when first used (import() in those modules), not at
// start: they are most of the bench's start-up, and --help or a bad option should answer at once.
import { existsSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { type BenchOptions, parseBenchArgs } from "./bench/args";
import { type JsRow, formatJsTable, jsTableHeading } from "./bench/compare";
import { type FirstLoadJs, measureJs } from "./bench/first-load-js";
import { measureLighthouse } from "./bench/lighthouse";
import { build, buildName, log, repoRoot, serve, shown, stopAll } from "./bench/processes";
import { formatReachTable, reachViewport } from "./bench/reach";
import { measureReach } from "./bench/reach-run";
import { measureReal } from "./bench/real-run";
import { benchTargets } from "./bench/routes";
import { measureWire } from "./bench/wire-run";

/** A build's directory as the options give it: inside the project when relative (BUILD_DIR, --vs). */
const buildPath = (dir: string) => resolve(repoRoot, dir);
const hasBuild = (dir: string) => existsSync(join(dir, "client", "index.html"));

async function main(options: BenchOptions): Promise<number> {
  const started = performance.now();
  const plan = benchTargets(options.routes);
  const buildDir = buildPath(options.buildDir);
  // React Router's SPA mode, the same pages rendered in the browser: the comparison (--no-compare, --vs: none).
  const csrDir = options.compare ? `${buildDir}-csr` : null;
  // --vs: another build, as it is (never built here), served beside this one in the client-rendered build's place.
  const vsDir = options.vs === null ? null : buildPath(options.vs);
  const out = resolve(options.out);

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
    if (!hasBuild(dir)) {
      throw new Error(`No build in ${dir}: run without --no-build, or set BUILD_DIR (or --no-compare).`);
    }
  }

  // The production server in this process, so that nothing outside can stop it mid-run.
  const baseUrl = await serve(join(buildDir, "client"));
  const mobileRoutes = plan.filter((target) => target.formFactor === "mobile").map((target) => target.route);
  log(
    `Serving ${relative(repoRoot, buildDir)} on ${baseUrl}; ` +
      (options.real || options.wire
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

  if (options.wire) {
    // The same server, on a port of its own: only the files differ between the two.
    const vsUrl = vsDir ? await serve(join(vsDir, "client")) : null;
    if (vsDir) log(`Serving ${shown(vsDir)} (--vs) on ${vsUrl}`);
    return measureWire({ options, started, baseUrl, vsUrl, routes: mobileRoutes, buildDir, vsDir, out });
  }

  const csrUrl = csrDir ? await serve(join(csrDir, "client")) : null;
  if (csrDir) log(`Serving the client-rendered ${relative(repoRoot, csrDir)} on ${csrUrl}`);
  if (options.real) {
    return measureReal({ options, started, baseUrl, csrUrl, routes: mobileRoutes, buildDir, csrDir, out });
  }
  // The same server, on a port of its own: only the files differ between the two.
  const vsUrl = vsDir ? await serve(join(vsDir, "client")) : null;
  if (vsDir) log(`Serving ${shown(vsDir)} (--vs) on ${vsUrl}`);
  const comparison = vsDir ? "vs" : "client-rendered";
  const otherDir = vsDir ?? csrDir;
  const otherUrl = vsUrl ?? csrUrl;
  const jsOf = new Map<string, FirstLoadJs>();
  const otherJsOf = new Map<string, FirstLoadJs>();
  const ownJs = await measureJs(baseUrl, buildDir, mobileRoutes);
  const otherJs = otherDir && otherUrl ? await measureJs(otherUrl, otherDir, mobileRoutes) : null;
  const jsRows: JsRow[] = mobileRoutes.flatMap((route, index) => {
    const js = ownJs[index];
    const other = otherJs?.[index] ?? null;
    if (other) otherJsOf.set(route, other);
    if (!js) return [];
    jsOf.set(route, js);
    return [{ route, js, other }];
  });
  const printJs = () => {
    console.log(`\n${jsTableHeading(comparison, vsDir ? buildName(vsDir) : null)}\n`);
    console.log(formatJsTable(jsRows, comparison));
  };
  if (options.jsOnly) {
    stopAll();
    printJs();
    return 0;
  }

  return measureLighthouse({
    plan,
    runs: options.runs,
    started,
    baseUrl,
    buildDir,
    other: otherDir && otherUrl ? { comparison, url: otherUrl, dir: otherDir, jsOf: otherJsOf } : null,
    out,
    mobileRoutes,
    jsOf,
    printJs,
    pin: options.pin,
  });
}

let options: BenchOptions;
try {
  options = parseBenchArgs(process.argv.slice(2), process.env);
  benchTargets(options.routes);
  // A --vs that names no build is a bad option (exit 2), not a failed run: nothing builds it.
  if (options.vs !== null && !hasBuild(buildPath(options.vs))) {
    throw new Error(`--vs=${options.vs}: no build there (no client/index.html in ${buildPath(options.vs)})`);
  }
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
