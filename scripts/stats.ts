import { openCommandDatabase } from "../server/data/command-line";
import { plural } from "../server/words";
import { parseArgs } from "node:util";
import { loadEnvFile } from "../server/env-file";
import { oneLine, truncate } from "../server/text";
import { loadPageTitles, pageName, sourceName } from "../server/data/stats/bounds";
import { metricNames } from "../server/data/stats/metrics";
import {
  conversion,
  defaultDays,
  formatMetric,
  longestDays,
  type Report,
  statsReport,
} from "../server/data/stats/report";

const help = `The site's own statistics: page views, enquiries, where visits came from, devices, pages not
found, and real visitors' speed (the same figures as the office's Statistics page, /office/stats).

Usage: npm run stats -- [options]

  --days N    the last N days up to today, Dubai time (default ${defaultDays}; 1 to ${longestDays}). The speed table
              is always the last 28 days.
  --json      print the figures as JSON: { from, to, totals, daily, pages: [{ route, title, views,
              enquiries }], sources: [{ source, views, enquiries }], devices: [{ device, views, enquiries }],
              notFound, vitals: [{ route, title, device, metric, p75, samples }] }. A route "(other)" is
              any address that is not a page of the site, a source "(other)" the campaign tags not named;
              a source "facebook / eid" is a visit from Facebook with the campaign (utm_campaign) "eid"
  --db PATH   the SQLite database (default: $DATABASE_URL, a postgres:// or sqlite: address, else $INBOX_DB,
              else data/inbox.sqlite)
  --help      show this help`;

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

function textReport(report: Report): string {
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

function jsonReport(report: Report) {
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

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        days: { type: "string", default: String(defaultDays) },
        json: { type: "boolean", default: false },
        db: { type: "string" },
        help: { type: "boolean", default: false },
      },
    }));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : error}\n\n${help}`);
    return 2;
  }
  if (values.help) {
    console.log(help);
    return 0;
  }
  // The server's settings file (.env beside the project), under what the environment sets: the same database.
  loadEnvFile();
  const days = Number(values.days);
  if (!/^[0-9]+$/.test(values.days) || days < 1 || days > longestDays) {
    console.error(`--days must be a whole number from 1 to ${longestDays}, not "${values.days}"`);
    return 2;
  }
  const { database, missing } = await openCommandDatabase({ db: values.db });
  if (database === null) {
    console.error(`No database at ${missing}: the site has not counted anything yet (or give --db PATH).`);
    return 1;
  }
  try {
    const [report] = await Promise.all([statsReport(database, days), loadPageTitles()]);
    console.log(values.json ? JSON.stringify(jsonReport(report), null, 2) : textReport(report));
  } finally {
    await database.close();
  }
  return 0;
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
