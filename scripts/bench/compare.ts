/**
 * The benchmark's two extra tables: first-load JavaScript per route (this build against the comparison build,
 * and where this build's bytes go), and Lighthouse side by side on the two builds. The comparison build is the
 * client-rendered build of the same pages, or with --vs another build of the site (before and after a change).
 */
import { type FirstLoadJs, jsParts } from "./first-load-js";
import { type RunSummary, kib, targets } from "./summary";

/** This build's LCP must be at least this many times better than the client-rendered build's (issue 14). */
export const lcpRatioTarget = 2;

/** What this build is measured beside: the client-rendered build (by default), or the --vs build. */
export type Comparison = "client-rendered" | "vs";

/** How the tables' columns name the comparison build. */
export const comparisonLabel: Record<Comparison, string> = { "client-rendered": "CSR", vs: "vs" };

export interface Column<Row> {
  name: string;
  unit: string;
  cell: (row: Row) => string;
  /** Text rather than a figure: aligned left, like the first column. */
  left?: boolean;
}

/** Two header lines (names, units), then a line per row; figures aligned right. */
export function layout<Row>(columns: readonly Column<Row>[], rows: readonly Row[]): string {
  const cells = rows.map((row) => columns.map((column) => column.cell(row)));
  const widths = columns.map((column, index) =>
    Math.max(column.name.length, column.unit.length, ...cells.map((line) => (line[index] ?? "").length)),
  );
  const line = (values: readonly string[]) =>
    values
      .map((value, index) =>
        index === 0 || columns[index]?.left ? value.padEnd(widths[index] ?? 0) : value.padStart(widths[index] ?? 0),
      )
      .join("  ");
  return [
    line(columns.map((column) => column.name)),
    line(columns.map((column) => column.unit)),
    ...cells.map((values) => line(values)),
  ].join("\n");
}

const kibText = (bytes: number) => kib(bytes).toFixed(1);
const overBudget = (bytes: number) => kib(bytes) > targets.firstLoadJsKiB;

/**
 * A difference with its sign, to `digits` decimals: "+1.2", "-0.4", and "+0.0" for one that rounds to nothing
 * either way (never "-0.0").
 */
export function signed(difference: number, digits: number): string {
  const size = Math.abs(difference).toFixed(digits);
  return `${difference < 0 && Number(size) !== 0 ? "-" : "+"}${size}`;
}

export interface JsRow {
  route: string;
  js: FirstLoadJs;
  /** The same route in the comparison build (client-rendered, or --vs); null when there is none. */
  other: FirstLoadJs | null;
}

/**
 * A line per route: this build's first-load JS (against the budget), the comparison build's, the parts. Beside a
 * --vs build, also the difference: what a change added or saved is the figure a before/after run is for.
 */
export function formatJsTable(rows: readonly JsRow[], comparison: Comparison = "client-rendered"): string {
  const label = comparisonLabel[comparison];
  const columns: Column<JsRow>[] = [
    { name: "Route", unit: "", cell: (row) => row.route },
    {
      name: "JS",
      unit: `≤${targets.firstLoadJsKiB} KiB`,
      cell: (row) => `${kibText(row.js.bytes)}${overBudget(row.js.bytes) ? "!" : ""}`,
    },
    { name: "Files", unit: "", cell: (row) => String(row.js.scripts.length) },
    { name: `${label} JS`, unit: "KiB", cell: (row) => (row.other ? kibText(row.other.bytes) : "–") },
    ...(comparison === "vs"
      ? [
          {
            name: "Difference",
            unit: "KiB",
            cell: (row: JsRow) => (row.other ? signed(kib(row.js.bytes - row.other.bytes), 1) : "–"),
          },
        ]
      : []),
    ...jsParts.map((part) => ({ name: part, unit: "KiB", cell: (row: JsRow) => kibText(row.js.parts[part]) })),
  ];
  return layout(columns, rows);
}

/** The line above the JS table: what it counts, and which build the comparison column is. */
export function jsTableHeading(comparison: Comparison, otherName: string | null = null): string {
  const other =
    comparison === "vs"
      ? `vs = ${otherName ?? "the --vs build"}; Difference = JS less vs JS`
      : "CSR = the client-rendered build";
  return (
    `First-load JavaScript (brotli bodies of the scripts each page loads before hydration; ${other}; the parts ` +
    "share each file out by its modules' sizes):"
  );
}

export interface SideBySideRow {
  route: string;
  ours: RunSummary | null;
  clientRendered: RunSummary | null;
}

export const seconds = (ms: number) => (ms / 1000).toFixed(2);

/** How many times sooner this build's LCP is than the client-rendered build's; null when either is missing. */
export function lcpGain(ours: number | null | undefined, clientRendered: number | null | undefined): number | null {
  if (ours === null || ours === undefined || clientRendered === null || clientRendered === undefined) return null;
  return ours > 0 ? clientRendered / ours : null;
}

export function lcpRatio(row: SideBySideRow): number | null {
  return lcpGain(row.ours?.metrics.lcp, row.clientRendered?.metrics.lcp);
}

/** Lighthouse on both builds, a line per route; `!` marks an LCP less than twice as good as client rendering's. */
export function formatSideBySide(rows: readonly SideBySideRow[]): string {
  const of = (summary: RunSummary | null, text: (summary: RunSummary) => string) => (summary ? text(summary) : "–");
  const columns: Column<SideBySideRow>[] = [
    { name: "Route", unit: "", cell: (row) => row.route },
    { name: "Perf", unit: "", cell: (row) => of(row.ours, (s) => String(Math.round(s.scores.performance))) },
    { name: "FCP", unit: "s", cell: (row) => of(row.ours, (s) => seconds(s.metrics.fcp)) },
    { name: "LCP", unit: "s", cell: (row) => of(row.ours, (s) => seconds(s.metrics.lcp)) },
    {
      name: "CSR Perf",
      unit: "",
      cell: (row) => of(row.clientRendered, (s) => String(Math.round(s.scores.performance))),
    },
    { name: "CSR FCP", unit: "s", cell: (row) => of(row.clientRendered, (s) => seconds(s.metrics.fcp)) },
    { name: "CSR LCP", unit: "s", cell: (row) => of(row.clientRendered, (s) => seconds(s.metrics.lcp)) },
    {
      name: "LCP gain",
      unit: `≥${lcpRatioTarget}×`,
      cell: (row) => {
        const ratio = lcpRatio(row);
        return ratio === null ? "–" : `${ratio.toFixed(1)}×${ratio < lcpRatioTarget ? "!" : ""}`;
      },
    },
  ];
  return layout(columns, rows);
}

/** The line above the side-by-side table: which builds, and what the last columns are. */
export function sideBySideHeading(
  comparison: Comparison,
  names: { ours: string; other: string } | null = null,
): string {
  if (comparison === "client-rendered") {
    return (
      `Side by side on mobile: this build, and the client-rendered build (CSR) of the same pages; LCP gain = ` +
      `CSR LCP / this LCP, ! under ${lcpRatioTarget}×:`
    );
  }
  const builds = names ? `this build (${names.ours}), and ${names.other} (vs)` : "this build, and the --vs build (vs)";
  return (
    `Side by side on mobile: ${builds}, each route right after this build's; JS = first-load JavaScript as in ` +
    "the table above; Δ = this less vs (a negative time or JS, a positive Perf: this build does better):"
  );
}

export interface VsSideBySideRow {
  route: string;
  ours: RunSummary | null;
  /** The --vs build's Lighthouse figures for the same route, measured right after this build's. */
  other: RunSummary | null;
  /** First-load JavaScript (brotli bytes, as the JS table counts them); null when not measured. */
  oursJs: number | null;
  otherJs: number | null;
}

/** This build less the --vs build, per figure; null where either side has none. */
export interface VsDifferences {
  performance: number | null;
  fcpMs: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  firstLoadJsBytes: number | null;
}

export function vsDifferences(row: VsSideBySideRow): VsDifferences {
  const { ours, other } = row;
  const less = (figure: (summary: RunSummary) => number) => (ours && other ? figure(ours) - figure(other) : null);
  return {
    // The scores as the table prints them, whole numbers, so that the difference adds up on the line.
    performance: less((summary) => Math.round(summary.scores.performance)),
    fcpMs: less((summary) => summary.metrics.fcp),
    lcpMs: less((summary) => summary.metrics.lcp),
    tbtMs: less((summary) => summary.metrics.tbt),
    firstLoadJsBytes: row.oursJs === null || row.otherJs === null ? null : row.oursJs - row.otherJs,
  };
}

/**
 * Lighthouse on this build and the --vs build, a line per route: each build's Performance, FCP, LCP, TBT and
 * first-load JS, then the differences. No LCP gain: that ratio holds pre-rendering against client rendering (issue
 * 14's 2×), not one build of the site against another.
 */
export function formatVsSideBySide(rows: readonly VsSideBySideRow[]): string {
  const of = (summary: RunSummary | null, text: (summary: RunSummary) => string) => (summary ? text(summary) : "–");
  const orDash = (value: number | null, text: (value: number) => string) => (value === null ? "–" : text(value));
  const figures = (
    prefix: string,
    summary: (row: VsSideBySideRow) => RunSummary | null,
    js: (row: VsSideBySideRow) => number | null,
  ): Column<VsSideBySideRow>[] => [
    {
      name: `${prefix}Perf`,
      unit: "",
      cell: (row) => of(summary(row), (s) => String(Math.round(s.scores.performance))),
    },
    { name: `${prefix}FCP`, unit: "s", cell: (row) => of(summary(row), (s) => seconds(s.metrics.fcp)) },
    { name: `${prefix}LCP`, unit: "s", cell: (row) => of(summary(row), (s) => seconds(s.metrics.lcp)) },
    { name: `${prefix}TBT`, unit: "ms", cell: (row) => of(summary(row), (s) => String(Math.round(s.metrics.tbt))) },
    { name: `${prefix}JS`, unit: "KiB", cell: (row) => orDash(js(row), kibText) },
  ];
  const columns: Column<VsSideBySideRow>[] = [
    { name: "Route", unit: "", cell: (row) => row.route },
    ...figures(
      "",
      (row) => row.ours,
      (row) => row.oursJs,
    ),
    ...figures(
      "vs ",
      (row) => row.other,
      (row) => row.otherJs,
    ),
    { name: "ΔPerf", unit: "", cell: (row) => orDash(vsDifferences(row).performance, (n) => signed(n, 0)) },
    { name: "ΔFCP", unit: "s", cell: (row) => orDash(vsDifferences(row).fcpMs, (ms) => signed(ms / 1000, 2)) },
    { name: "ΔLCP", unit: "s", cell: (row) => orDash(vsDifferences(row).lcpMs, (ms) => signed(ms / 1000, 2)) },
    { name: "ΔTBT", unit: "ms", cell: (row) => orDash(vsDifferences(row).tbtMs, (ms) => signed(ms, 0)) },
    {
      name: "ΔJS",
      unit: "KiB",
      cell: (row) => orDash(vsDifferences(row).firstLoadJsBytes, (bytes) => signed(kib(bytes), 1)),
    },
  ];
  return layout(columns, rows);
}
