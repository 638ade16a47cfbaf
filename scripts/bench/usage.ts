/**
 * The Lighthouse bench's usage. Imported first by scripts/bench.ts, so that --help answers before Lighthouse and
 * Playwright are evaluated (they are most of the bench's start-up).
 */
export const usage =
  "Usage: npm run bench -- [--routes=/,/about] [--runs=N] [--no-build] [--out=bench-results/bench.json] " +
  "[--no-compare] [--no-pin] [--vs=DIR] [--reach | --real | --js | --wire]";

if (process.argv.includes("--help")) {
  console.log(
    `${usage}\n\nLighthouse on every page (mobile) and the top pages (desktop); docs/benchmarks.md says more.`,
  );
  process.exit(0);
}
