import { parseArgs } from "node:util";

/** Fresh loads per route and build with --real, unless --runs says otherwise. */
export const defaultRealRuns = 3;

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
   * false with --no-compare: no client-rendered build (React Router's SPA mode, in `<buildDir>-csr`) to measure
   * beside this one.
   */
  compare: boolean;
  /** --js: only the first-load JavaScript table, no Lighthouse. */
  jsOnly: boolean;
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
      js: { type: "boolean", default: false },
      routes: { type: "string" },
      // No defaults here: they depend on the mode (below).
      runs: { type: "string" },
      out: { type: "string" },
    },
  });
  const modes = (["reach", "real", "js"] as const).filter((mode) => values[mode]);
  if (modes.length > 1) {
    throw new Error(`${modes.map((mode) => `--${mode}`).join(" and ")} are different modes: give one at a time`);
  }
  // A real load takes in whatever else the machine is doing, and --real has no rule that adds runs to a row
  // that misses a target, as the Lighthouse rows have: it takes a median of 3 from the start.
  const runsText = values.runs ?? (values.real ? String(defaultRealRuns) : "1");
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
    out: values.out ?? (values.real ? "bench-results/bench-real.json" : "bench-results/bench.json"),
    reach: values.reach,
    real: values.real,
    compare: !values["no-compare"],
    jsOnly: values.js,
  };
}
