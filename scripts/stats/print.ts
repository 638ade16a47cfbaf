import { plural } from "../../server/words";
import { oneLine, truncate } from "../../server/text";
import { pageName, sourceName } from "../../server/data/stats/bounds";
import { metricNames } from "../../server/data/stats/metrics";
import type { ContactTimes } from "../../server/data/stats/leads";
import { conversion, formatMetric, formatMinutes, type Report } from "../../server/data/stats/report";
import { formatAed } from "../../server/data/payments/money";
import { otherService } from "../../server/data/stats/amounts";

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

function counted<T extends { views: number; enquiries: number; won?: number }>(
  rows: T[],
  name: (row: T) => string,
): string[][] {
  return rows.map((row) => [
    name(row),
    String(row.views),
    String(row.enquiries),
    conversion(row),
    ...(row.won === undefined ? [] : [String(row.won)]),
  ]);
}

/** Contacted of received, half within, nine in ten within. */
const contactCells = ({ enquiries, contacted, medianMinutes, p90Minutes }: ContactTimes) => [
  `${contacted} of ${enquiries}`,
  formatMinutes(medianMinutes),
  formatMinutes(p90Minutes),
];

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
      "Time to a first contact (call, WhatsApp, e-mail or moved to Contacted), by when the enquiry came",
      [
        "Week from",
        "Open: contacted",
        "half within",
        "9 in 10 within",
        "Closed: contacted",
        "half within",
        "9 in 10 within",
      ],
      [
        ...report.firstContact.weeks.map((week) => [
          week.week,
          ...contactCells(week.inHours),
          ...contactCells(week.outside),
        ]),
        ["All", ...contactCells(report.firstContact.inHours), ...contactCells(report.firstContact.outside)],
      ],
    ),
    table(
      "Pages",
      ["Page", ...head, "Won"],
      counted(report.pages, (row) => pageName(row.route)),
    ),
    table(
      "Campaign links (made in the office; a removed one while the period counted it)",
      ["Campaign", "Tag", ...head, "Won"],
      report.campaigns.map((row) => [
        row.removed ? `${row.name} (removed)` : row.name,
        row.tag,
        ...(counted([row], () => "")[0] ?? []).slice(1),
      ]),
    ),
    table(
      "Where visits came from",
      ["Source", ...head, "Won"],
      counted(report.sources, (row) => sourceName(row.source)),
    ),
    table(
      "Devices",
      ["Device", ...head],
      counted(report.devices, (row) => row.device || "Not known"),
    ),
    `Pages not found: ${report.notFound} views (the addresses are not kept; the server's request log has them).`,
    casesLines(report.cases),
    ...amountsLines(report.amounts),
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
    pages: report.pages.map(({ route, views, enquiries, won }) => ({
      route,
      title: pageName(route),
      views,
      enquiries,
      won,
    })),
    sources: report.sources,
    campaigns: report.campaigns,
    cases: report.cases,
    amounts: report.amounts,
    firstContact: report.firstContact,
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

/** The travellers' cases (issue 56): at each stage now, and the days from the enquiry to the visa in the period. */
function casesLines(cases: Report["cases"]): string {
  const stages = Object.entries(cases.byStage)
    .map(([stage, count]) => `${stage} ${count}`)
    .join(", ");
  const { count, medianDays, ninetiethDays } = cases.toVisa;
  const time =
    count === 0
      ? "no visa was ready in the period"
      : `from the enquiry to the visa ready: median ${medianDays} days, 9 in 10 within ${ninetiethDays} days (${count} visas)`;
  return `Cases now: ${stages}.\nIn the period, ${time}.`;
}

/**
 * What travellers paid (issue 58): the period's sums, then per day (those with a payment or a refund), per service
 * and per source of the enquiry, in AED as the site writes amounts.
 */
function amountsLines(amounts: Report["amounts"]): string[] {
  const { totals } = amounts;
  const cells = (row: { paidFils: number; refundedFils: number; netFils: number }) => [
    formatAed(row.paidFils),
    formatAed(row.refundedFils),
    formatAed(row.netFils),
  ];
  const money = ["Paid", "Refunded", "Net"];
  return [
    `Payments: ${formatAed(totals.paidFils)} paid (${plural(totals.payments, "payment")}), ${formatAed(totals.refundedFils)} refunded (${plural(totals.refunds, "refund")}), ${formatAed(totals.netFils)} net. A payment counts on the day it was paid, a refund on the day it was made; one not paid, cancelled or for another amount does not count.`,
    table(
      "Paid per day (Dubai), refunds subtracted",
      ["Day", ...money],
      amounts.days.filter((day) => day.paidFils + day.refundedFils > 0).map((day) => [day.day, ...cells(day)]),
    ),
    table(
      "Paid per service, refunds subtracted",
      ["Service", "Payments", ...money],
      amounts.services.map((row) => [
        row.service === otherService ? "Other services" : row.service || "Not known",
        String(row.payments),
        ...cells(row),
      ]),
    ),
    table(
      "Paid per source of the enquiry, refunds subtracted",
      ["Source", "Payments", ...money],
      amounts.sources.map((row) => [sourceName(row.source), String(row.payments), ...cells(row)]),
    ),
  ];
}
