import type { FormFactor } from "./routes";
import { type CategoryId, type Miss, type RunSummary, kib, missesOf, targets } from "./summary";

export interface TableRow {
  formFactor: FormFactor;
  route: string;
  /** Successful Lighthouse runs the figures are the median of. */
  runs: number;
  summary: RunSummary | null;
  /** Why there is no summary. */
  error?: string;
  /** First-load JavaScript measured on the build (brotli bodies); the JS column shows it when known. */
  firstLoadJs?: number | null;
}

interface Column {
  name: string;
  /** Target or unit, printed under the name. */
  unit: string;
  align: "left" | "right";
  cell: (row: TableRow, summary: RunSummary, misses: readonly Miss[]) => string;
}

const seconds = (ms: number) => (ms / 1000).toFixed(2);
const kibText = (bytes: number) => kib(bytes).toFixed(1);
const clsText = (cls: number) => (cls === 0 ? "0" : cls < 0.001 ? "<0.001" : cls.toFixed(3));

function marked(value: string, miss: boolean, byDesign = false): string {
  return `${value}${miss ? "!" : byDesign ? "*" : ""}`;
}

function scoreColumn(name: string, id: CategoryId): Column {
  return {
    name,
    unit: String(targets.score),
    align: "right",
    cell: (_row, summary, misses) =>
      marked(
        String(Math.round(summary.scores[id])),
        misses.includes(id),
        summary.byDesign.includes(id) && summary.scores[id] < 100,
      ),
  };
}

function metricColumn(name: string, unit: string, miss: Miss, text: (summary: RunSummary) => string): Column {
  return { name, unit, align: "right", cell: (_row, summary, misses) => marked(text(summary), misses.includes(miss)) };
}

function bytesColumn(name: string, bytes: (summary: RunSummary) => number, miss?: Miss, target?: number): Column {
  return {
    name,
    unit: target === undefined ? "KiB" : `≤${target} KiB`,
    align: "right",
    cell: (_row, summary, misses) => marked(kibText(bytes(summary)), miss !== undefined && misses.includes(miss)),
  };
}

const columns: readonly Column[] = [
  { name: "Form", unit: "", align: "left", cell: (row) => row.formFactor },
  { name: "Route", unit: "", align: "left", cell: (row) => row.route },
  scoreColumn("Perf", "performance"),
  scoreColumn("A11y", "accessibility"),
  scoreColumn("BP", "best-practices"),
  scoreColumn("SEO", "seo"),
  metricColumn("FCP", `≤${seconds(targets.fcpMs)} s`, "fcp", (summary) => seconds(summary.metrics.fcp)),
  metricColumn("LCP", `≤${seconds(targets.lcpMs)} s`, "lcp", (summary) => seconds(summary.metrics.lcp)),
  metricColumn("TBT", `≤${targets.tbtMs} ms`, "tbt", (summary) => String(Math.round(summary.metrics.tbt))),
  metricColumn("CLS", String(targets.cls), "cls", (summary) => clsText(summary.metrics.cls)),
  bytesColumn("HTML", (summary) => summary.bytes.html),
  bytesColumn("CSS", (summary) => summary.bytes.css),
  {
    name: "JS",
    unit: `≤${targets.firstLoadJsKiB} KiB`,
    align: "right",
    cell: (row, summary, misses) => marked(kibText(row.firstLoadJs ?? summary.bytes.js), misses.includes("js")),
  },
  bytesColumn("Font", (summary) => summary.bytes.font),
  bytesColumn("Img", (summary) => summary.bytes.image),
  bytesColumn("HTML+CSS", (summary) => summary.bytes.html + summary.bytes.css, "html+css", targets.htmlCssKiB),
  {
    name: "Runs",
    unit: "",
    align: "right",
    cell: (row) => (row.runs > 1 ? `median of ${row.runs}` : String(row.runs)),
  },
];

/** The benchmark's one table: a header, a line of targets and units, then a line per form factor and route. */
export function formatTable(rows: readonly TableRow[]): string {
  const cells = rows.map((row) => {
    const summary = row.summary;
    return summary ? columns.map((column) => column.cell(row, summary, missesOf(summary, row.firstLoadJs))) : null;
  });
  // A failed row still fills the first two columns, form factor and route.
  const shown = (row: TableRow, index: number) => [row.formFactor, row.route][index] ?? "";
  const widths = columns.map((column, index) =>
    Math.max(
      column.name.length,
      column.unit.length,
      ...rows.map((row, rowIndex) => (cells[rowIndex]?.[index] ?? shown(row, index)).length),
    ),
  );
  const line = (values: readonly string[]) =>
    values
      .map((value, index) => {
        const width = widths[index] ?? 0;
        return columns[index]?.align === "left" ? value.padEnd(width) : value.padStart(width);
      })
      .join("  ");
  const lines = [line(columns.map((column) => column.name)), line(columns.map((column) => column.unit))];
  rows.forEach((row, index) => {
    const rowCells = cells[index];
    lines.push(
      rowCells
        ? line(rowCells)
        : `${line([row.formFactor, row.route])}  Lighthouse failed: ${row.error ?? "no result"}`,
    );
  });
  return lines.join("\n");
}

const missLabels: Record<Miss, string> = {
  performance: "Perf",
  accessibility: "A11y",
  "best-practices": "BP",
  seo: "SEO",
  fcp: "FCP",
  lcp: "LCP",
  tbt: "TBT",
  cls: "CLS",
  js: `JS >${targets.firstLoadJsKiB} KiB`,
  "html+css": `HTML+CSS >${targets.htmlCssKiB} KiB`,
};

/** One paragraph under the table: how many rows meet every target, and how often each target is missed. */
export function formatVerdict(rows: readonly TableRow[]): string {
  const counts = new Map<Miss, number>();
  let met = 0;
  for (const row of rows) {
    if (!row.summary) continue;
    const misses = missesOf(row.summary, row.firstLoadJs);
    if (misses.length === 0) met++;
    for (const miss of misses) counts.set(miss, (counts.get(miss) ?? 0) + 1);
  }
  const failed = rows.filter((row) => !row.summary).length;
  const parts = [`All targets met on ${met} of ${rows.length} rows.`];
  if (counts.size > 0) {
    const order = Object.keys(missLabels) as Miss[];
    const listed = order.filter((miss) => counts.has(miss)).map((miss) => `${missLabels[miss]} ${counts.get(miss)}`);
    parts.push(`Rows missing a target: ${listed.join(", ")}.`);
  }
  if (failed > 0) parts.push(`Lighthouse failed on ${failed} row${failed === 1 ? "" : "s"}.`);
  return parts.join(" ");
}

export const legend = [
  "! misses the target under the column name (issue 6; the same bars are applied to desktop rows).",
  "* below 100 only through audits a 404 page fails by design (http-status-code, is-crawlable, the console's note of the 404).",
  "Bytes: compressed transfer (headers included) of the page's own frame, but JS: the first-load JavaScript as",
  "measured on the build (brotli bodies of the scripts loaded before hydration; table below). HTML+CSS is the",
  "document plus every stylesheet. 'median of N': each figure is the median of N runs (3 when the",
  "first run missed a score or timing target).",
].join("\n");

/**
 * Lighthouse's transfer sizes include response headers, and the security headers repeat on every response: this
 * says how much of the JS and HTML+CSS columns they are, so the brotli bodies can be judged on their own.
 */
export function formatHeaderNote(rows: readonly TableRow[]): string {
  const withHeaders = rows.flatMap((row) => (row.summary?.headerBytes ? [row.summary.headerBytes] : []));
  if (withHeaders.length === 0) return "";
  const range = (values: number[]) => {
    const low = kibText(Math.min(...values));
    const high = kibText(Math.max(...values));
    return low === high ? `${low} KiB` : `${low}–${high} KiB`;
  };
  return (
    `Response headers in those transfers, per row: JS ${range(withHeaders.map((bytes) => bytes.js))}, ` +
    `HTML+CSS ${range(withHeaders.map((bytes) => bytes.html + bytes.css))} (JSON: headerBytes).`
  );
}
