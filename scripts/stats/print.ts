import { plural } from "../../server/words";
import { oneLine, truncate } from "../../server/text";
import { pageName, sourceName } from "../../server/data/stats/bounds";
import { metricNames } from "../../server/data/stats/metrics";
import { conversion, formatMetric, type Report } from "../../server/data/stats/report";

/* What npm run stats prints (scripts/stats.ts), as tables or as JSON: loaded once its arguments are right. */

function table(title: string, header: string[], rows: string[][]): string {
  if (rows.length === 0) return `${title}: none yet.`;
  const cells = [header, ...rows].map((row) => row.map((cell) => truncate(oneLine(cell), 40)));
  const widths = header.map((_, column) => Math.max(...cells.map((row) => row[column]?.length ?? 0)));
  const line = (row: string[]) =>
    row
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0)))
      .join("  ");
  return [
    title,
    line(cells[0] ?? []),
    widths.map((width) => "-".repeat(width)).join("  "),
    ...cells.slice(1).map(line),
  ].join("\n");
}

function counted<T extends { views: number; enquiries: number }>(rows: T[], name: (row: T) => string): string[][] {
  return rows.map((row) => [name(row), String(row.views), String(row.enquiries), conversion(row)]);
}

export function textReport(report: Report): string {
  const head = ["Views", "Enquiries", "Per 100 views"];
  const speed = new Map<string, string[]>();
  for (const vital of report.vitals) {
    const key = `${vital.route}\u0000${vital.device}`;
    const row = speed.get(key) ?? [pageName(vital.route), vital.device, ...metricNames.map(() => "–")];
    row[2 + metricNames.indexOf(vital.metric)] =
      `${formatMetric(vital.metric, vital.p75)} ${vital.rating} (${vital.samples})`;
    speed.set(key, row);
  }
  return [
    `${report.from} to ${report.to} (Dubai): ${plural(report.totals.views, "page view")}, ${plural(report.totals.enquiries, "enquiry", "enquiries")}, ${conversion(report.totals)} per 100 views.`,
    table(
      "Pages",
      ["Page", ...head],
      counted(report.pages, (row) => pageName(row.route)),
    ),
    table(
      "Where visits came from",
      ["Source", ...head],
      counted(report.sources, (row) => sourceName(row.source)),
    ),
    table(
      "Devices",
      ["Device", ...head],
      counted(report.devices, (row) => row.device || "Not known"),
    ),
    `Pages not found: ${report.notFound} views (the addresses are not kept; the server's request log has them).`,
    table(
      `Speed for real visitors, ${report.vitalsFrom} to ${report.to}: the 75th percentile, its rating and (samples)`,
      ["Page", "Device", ...metricNames],
      [...speed.values()],
    ),
  ].join("\n\n");
}

export function jsonReport(report: Report) {
  return {
    from: report.from,
    to: report.to,
    totals: report.totals,
    daily: report.days,
    pages: report.pages.map(({ route, views, enquiries }) => ({ route, title: pageName(route), views, enquiries })),
    sources: report.sources,
    devices: report.devices,
    notFound: report.notFound,
    vitals: report.vitals.map(({ route, device, metric, p75, samples }) => ({
      route,
      title: pageName(route),
      device,
      metric,
      p75,
      samples,
    })),
  };
}
