import { loadEnvFile } from "../server/env-file";
import { defaultDays, longestDays } from "../server/data/stats/periods";
import { commandArgs } from "./command-args";

const help = `The site's own statistics: page views, enquiries, where visits came from, devices, pages not
found, the time to a first contact, the enquiries won, the amounts paid (per day, service and source, refunds
subtracted), and real visitors' speed (the same figures as the office's
Statistics page, /office/stats).

Usage: npm run stats -- [options]

  --days N    the last N days up to today, Dubai time (default ${defaultDays}; 1 to ${longestDays}). The speed table
              is always the last 28 days.
  --json      print the figures as JSON: { from, to, totals, daily, pages: [{ route, title, views,
              enquiries, won }], sources: [{ source, views, enquiries, won }], campaigns: [{ name, tag, path, removed, views, enquiries, won }]
              (the campaign links made in the office), devices: [{ device, views,
              enquiries }], amounts: { totals: { paidFils, refundedFils, netFils, payments, refunds }, days: [{ day,
              paidFils, refundedFils, netFils }], services: [{ service, payments, paidFils, refundedFils, netFils }],
              sources: [{ source, payments, … }] } (what travellers paid, in fils, 1/100 of a dirham: a payment on the
              day it was paid, a refund on the day it was made), firstContact: { inHours, outside, weeks: [{ week, inHours, outside }] } (each
              { enquiries, contacted, medianMinutes, p90Minutes }), notFound, vitals: [{ route, title, device,
              metric, p75, samples }] }. "won": the enquiries received in the period that are won by now. A route "(other)" is
              any address that is not a page of the site, a source "(other)" the campaign tags not named;
              a source "facebook / eid" is a visit from Facebook with the campaign (utm_campaign) "eid"
  --db PATH   the SQLite database (default: $DATABASE_URL, a postgres:// or sqlite: address, else $INBOX_DB,
              else data/inbox.sqlite)
  --help      show this help`;

async function main(): Promise<number> {
  const args = commandArgs(
    {
      options: {
        days: { type: "string", default: String(defaultDays) },
        json: { type: "boolean", default: false },
        db: { type: "string" },
        help: { type: "boolean", default: false },
      },
    },
    help,
  );
  if (typeof args === "number") return args;
  const { values } = args;
  // The server's settings file (.env beside the project), under what the environment sets: the same database.
  loadEnvFile();
  const days = Number(values.days);
  if (!/^[0-9]+$/.test(values.days) || days < 1 || days > longestDays) {
    console.error(`--days must be a whole number from 1 to ${longestDays}, not "${values.days}"`);
    return 2;
  }
  // The database layer and the report's queries are most of the command's start-up: loaded only once the
  // arguments are right, so a mistake in them is answered at once.
  const [
    { openCommandDatabase },
    { statsReport },
    { loadPageTitles },
    { loadOpeningHours },
    { jsonReport, textReport },
  ] = await Promise.all([
    import("../server/data/command-line"),
    import("../server/data/stats/report"),
    import("../server/data/stats/bounds"),
    import("../server/opening-hours"),
    import("./stats/print"),
  ]);
  const { database, missing } = await openCommandDatabase({ db: values.db });
  if (database === null) {
    console.error(`No database at ${missing}: the site has not counted anything yet (or give --db PATH).`);
    return 1;
  }
  try {
    const [report] = await Promise.all([
      loadOpeningHours().then((hours) => statsReport(database, days, hours)),
      loadPageTitles(),
    ]);
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
