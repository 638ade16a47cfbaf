import { parseArgs } from "node:util";

export interface BenchOptions {
  /** false with --no-build: measure the build already in buildDir. */
  build: boolean;
  buildDir: string;
  /** null: every route. */
  routes: string[] | null;
  /** Lighthouse runs per row before the median-of-3 rule adds any. */
  runs: number;
  /** The JSON results; the HTML reports go to `reports/` beside it. */
  out: string;
  /**
   * --reach: instead of Lighthouse, how far a phone visitor scrolls to see the first price, a call link and the
   * enquiry form's first field (every route at 390 x 844).
   */
  reach: boolean;
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
      "no-compare": { type: "boolean", default: false },
      js: { type: "boolean", default: false },
      routes: { type: "string" },
      runs: { type: "string", default: "1" },
      out: { type: "string", default: "bench-results/bench.json" },
    },
  });
  const runs = Number(values.runs);
  if (!/^[0-9]+$/.test(values.runs) || runs < 1) {
    throw new Error(`--runs must be a whole number of at least 1, not "${values.runs}"`);
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
    out: values.out,
    reach: values.reach,
    compare: !values["no-compare"],
    jsOnly: values.js,
  };
}
