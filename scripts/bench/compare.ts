/**
 * The benchmark's two extra tables: first-load JavaScript per route (this build against the client-rendered
 * build, and where this build's bytes go), and Lighthouse side by side on the two builds.
 */
import { type FirstLoadJs, jsParts } from "./first-load-js";
import { type RunSummary, kib, targets } from "./summary";

/** This build's LCP must be at least this many times better than the client-rendered build's (issue 14). */
export const lcpRatioTarget = 2;

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

export interface JsRow {
  route: string;
  js: FirstLoadJs;
  /** The same route in the client-rendered build; null when it was not built. */
  clientRendered: FirstLoadJs | null;
}

/** A line per route: this build's first-load JS (against the budget), the client-rendered build's, the parts. */
export function formatJsTable(rows: readonly JsRow[]): string {
  const columns: Column<JsRow>[] = [
    { name: "Route", unit: "", cell: (row) => row.route },
    {
      name: "JS",
      unit: `≤${targets.firstLoadJsKiB} KiB`,
      cell: (row) => `${kibText(row.js.bytes)}${overBudget(row.js.bytes) ? "!" : ""}`,
    },
    { name: "Files", unit: "", cell: (row) => String(row.js.scripts.length) },
    { name: "CSR JS", unit: "KiB", cell: (row) => (row.clientRendered ? kibText(row.clientRendered.bytes) : "–") },
    ...jsParts.map((part) => ({ name: part, unit: "KiB", cell: (row: JsRow) => kibText(row.js.parts[part]) })),
  ];
  return layout(columns, rows);
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
