import { parseArgs } from "node:util";

/** Fresh loads per route and build with --real, unless --runs says otherwise. */
export const defaultRealRuns = 3;
/** Fresh loads per route and build with --wire, unless --runs says otherwise. */
export const defaultWireRuns = 3;

export interface BenchOptions {
  /** false with --no-build: measure the build already in buildDir. */
  build: boolean;
  buildDir: string;
  /** null: every route. */
  routes: string[] | null;
  /** Lighthouse runs per row before the median-of-3 rule adds any; with --real, loads per route and build. */
  runs: number;
  /** The JSON results; the HTML reports go to `reports/` beside it. */
  out: string;
  /**
   * --reach: instead of Lighthouse, how far a phone visitor scrolls to see the first price, a call link and the
   * enquiry form's first field (every route at 390 x 844).
   */
  reach: boolean;
  /**
   * --real: instead of Lighthouse's simulation, Chromium's own network and CPU throttling on real page loads, with
   * the paint, blocking and hydration times the page itself reports (scripts/bench/real.ts).
   */
  real: boolean;
  /**
   * false with --no-compare, --wire or --vs: no client-rendered build (React Router's SPA mode, in
   * `<buildDir>-csr`) to measure beside this one.
   */
  compare: boolean;
  /** --js: only the first-load JavaScript table, no Lighthouse. */
  jsOnly: boolean;
  /**
   * --wire: instead of Lighthouse, every script a phone gets for each route during the load and 3 s of idle
   * (service worker and web workers included), in bytes on the wire, as the browser counts them (./wire.ts).
   */
  wire: boolean;
  /**
   * --vs=DIR: a second build, measured route by route beside this one, in place of the client-rendered build
   * (Lighthouse, --js) or of nothing (--wire). null: none.
   */
  vs: string | null;
  /**
   * false with --no-pin: the page's main thread shares every core with the rest, instead of running on one of its
   * own while Lighthouse runs (./pinning.ts).
   */
  pin: boolean;
}

export function parseBenchArgs(argv: string[], env: Record<string, string | undefined>): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      "no-build": { type: "boolean", default: false },
      reach: { type: "boolean", default: false },
      real: { type: "boolean", default: false },
      "no-compare": { type: "boolean", default: false },
      "no-pin": { type: "boolean", default: false },
      js: { type: "boolean", default: false },
      wire: { type: "boolean", default: false },
      vs: { type: "string" },
      routes: { type: "string" },
      // No defaults here: they depend on the mode (below).
      runs: { type: "string" },
      out: { type: "string" },
    },
  });
  const modes = (["reach", "real", "js", "wire"] as const).filter((mode) => values[mode]);
  if (modes.length > 1) {
    throw new Error(`${modes.map((mode) => `--${mode}`).join(" and ")} are different modes: give one at a time`);
  }
  const vs = values.vs?.trim();
  // --reach measures one build and has no comparison to replace; --real's table and its LCP gain are made for the
  // client-rendered build (Lighthouse's side-by-side table is where two builds of the site meet).
  if (values.vs !== undefined && (values.reach || values.real)) {
    throw new Error(
      `--vs does not work with --${values.reach ? "reach" : "real"}: it compares builds with Lighthouse, --js or --wire`,
    );
  }
  if (values.vs !== undefined && !vs) throw new Error("--vs needs a build directory: --vs=build-before");
  // A real load takes in whatever else the machine is doing, and --real has no rule that adds runs to a row
  // that misses a target, as the Lighthouse rows have: it takes a median of 3 from the start. --wire too: what
  // a page fetches while idle depends on timing (when the service worker takes over, what it finds cached).
  const runsText = values.runs ?? (values.real ? String(defaultRealRuns) : values.wire ? String(defaultWireRuns) : "1");
  const runs = Number(runsText);
  if (!/^[0-9]+$/.test(runsText) || runs < 1) {
    throw new Error(`--runs must be a whole number of at least 1, not "${runsText}"`);
  }
  const routes =
    values.routes
      ?.split(",")
      .map((route) => route.trim())
      .filter(Boolean) ?? null;
  return {
    build: !values["no-build"],
    buildDir: env.BUILD_DIR?.trim() || "build-bench",
    routes: routes && routes.length > 0 ? routes : null,
    runs,
    out:
      values.out ??
      (values.real
        ? "bench-results/bench-real.json"
        : values.wire
          ? "bench-results/bench-wire.json"
          : "bench-results/bench.json"),
    reach: values.reach,
    real: values.real,
    // --wire compares with --vs, if at all, never with the client-rendered build; and --vs takes that build's
    // place in the other modes: nothing to build for either.
    compare: !values["no-compare"] && !values.wire && values.vs === undefined,
    jsOnly: values.js,
    wire: values.wire,
    vs: vs || null,
    pin: !values["no-pin"],
  };
}
