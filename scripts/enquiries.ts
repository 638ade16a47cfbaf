import { openCommandDatabase } from "../server/data/command-line";
import { parseArgs } from "node:util";
import { loadEnvFile } from "../server/env-file";
import { dubaiClock } from "../server/data/dubai-days";
import { toCsv } from "../server/data/enquiries/csv";
import { InboxStore } from "../server/data/enquiries/store";
import { Work } from "../server/office/work";
import { serviceName } from "../app/lib/forms/visa-service";
import { column as cell } from "../server/text";
import { deliveryLabels } from "../server/office/pages/labels";
import type { StoredEnquiry } from "../server/data/enquiries/types";

const help = `Lists the enquiries the website has received (POST /api/submit).

Usage: npm run enquiries -- [options]

  --limit N       show the latest N (default 20); held ones (suspected spam) are listed apart
  --pending       show those not yet e-mailed to the agency, with the last delivery error, and those the mail
                  server rejected outright (no longer tried)
  --requeue ID    queue a rejected enquiry again (after fixing what the mail server refused)
  --held          show the submissions held as suspected spam, with the checks they failed
  --release ID    release a held submission: the running server e-mails it within seconds
  --csv           export every stored submission as CSV to stdout, as the office's export writes it (its
                  status, notes and who worked it too; UTF-8 with a byte order mark, for Excel)
                  (e.g. npm run -s enquiries -- --csv > enquiries.csv)
  --db PATH       the SQLite inbox file (default: $DATABASE_URL, a postgres:// or sqlite: address, else
                  $INBOX_DB, else data/inbox.sqlite)
  --help          show this help

Times are Dubai time (UTC+4), as the office shows them.`;

interface Column {
  title: string;
  width: number;
  value: (enquiry: StoredEnquiry) => string;
}

function table(enquiries: StoredEnquiry[], columns: Column[]): string {
  // Control characters are made visible so stored text can never drive the terminal; each cell is as wide as the
  // terminal draws it, an Arabic name isolated so the row keeps its order (server/text.ts, column).
  const header = columns.map(({ title, width }) => cell(title, width)).join("  ");
  const rows = enquiries.map((enquiry) => columns.map(({ value, width }) => cell(value(enquiry), width)).join("  "));
  return [header, columns.map(({ width }) => "-".repeat(width)).join("  "), ...rows].join("\n");
}

const baseColumns: Column[] = [
  { title: "#", width: 5, value: (e) => String(e.id) },
  { title: "Received (Dubai)", width: 16, value: (e) => dubaiClock(e.receivedAt) },
  { title: "Kind", width: 7, value: (e) => (e.kind === "enquiry" ? "Enquiry" : "Contact") },
  { title: "Name", width: 20, value: (e) => e.name },
  { title: "Email", width: 26, value: (e) => e.email },
  { title: "Phone", width: 15, value: (e) => e.phone },
  {
    title: "Visa / subject",
    width: 18,
    value: (e) => (e.kind === "enquiry" ? serviceName(e.visaType, e.visaLabel) : e.subject),
  },
  { title: "Message", width: 30, value: (e) => e.message },
];
// The mail as the office says it (issue 59, item 7): not "pending" for ever while this server mails nothing.
const mailOn = () => Boolean(process.env.SMTP_HOST?.trim());
const deliveryColumn: Column = {
  title: "Mail",
  width: 28,
  value: (e) => (e.status === "pending" && !mailOn() ? "Kept here: mail is off" : deliveryLabels[e.status]),
};
const pendingColumns: Column[] = [
  { title: "Tries", width: 5, value: (e) => String(e.attempts) },
  { title: "Next try (Dubai)", width: 16, value: (e) => dubaiClock(new Date(e.nextAttemptAt).toISOString()) },
  { title: "Last error", width: 40, value: (e) => e.lastError ?? "" },
];
const rejectedColumns: Column[] = [
  { title: "Tries", width: 5, value: (e) => String(e.attempts) },
  { title: "Refusal", width: 50, value: (e) => e.lastError ?? "" },
];
const heldColumns: Column[] = [
  ...baseColumns.slice(0, 6),
  { title: "Message", width: 24, value: (e) => e.message },
  { title: "Held because", width: 30, value: (e) => e.heldReason ?? "" },
];

async function pendingReport(store: InboxStore): Promise<string> {
  const pending = await store.pending();
  const rejected = await store.withStatus("rejected");
  const lines = [
    pending.length === 0
      ? "Every enquiry has been e-mailed."
      : `${pending.length} not yet e-mailed:\n${table(pending, [...baseColumns.slice(0, 5), ...pendingColumns])}`,
  ];
  if (rejected.length > 0) {
    lines.push(
      "",
      `${rejected.length} rejected by the mail server, no longer tried. Fix the cause (often the agency address or ` +
        `the sender's domain), then queue one again with "npm run enquiries -- --requeue ${rejected[0]?.id}":`,
      table(rejected, [...baseColumns.slice(0, 5), ...rejectedColumns]),
    );
  }
  return lines.join("\n");
}

async function heldReport(store: InboxStore): Promise<string> {
  const held = await store.withStatus("held");
  return held.length === 0
    ? "Nothing is held as suspected spam."
    : `${held.length} held as suspected spam (not e-mailed). Release one that is genuine with ` +
        `"npm run enquiries -- --release ID":\n${table(held, heldColumns)}`;
}

async function latestReport(store: InboxStore, limit: number): Promise<string> {
  const latest = await store.latest(limit);
  const genuine = latest.filter((enquiry) => enquiry.status !== "held");
  const held = latest.length - genuine.length;
  const lines = [
    genuine.length === 0
      ? "No enquiries yet."
      : `Latest ${genuine.length} (newest first):\n${table(genuine, [...baseColumns, deliveryColumn])}`,
  ];
  if (held > 0) {
    lines.push("", `${held} more among the latest ${limit} held as suspected spam: "npm run enquiries -- --held".`);
  }
  return lines.join("\n");
}

/** --requeue and --release: an id, and what to do with it. */
function idOf(value: string | undefined, option: string): number {
  const id = Number(value);
  if (!Number.isInteger(id) || id < 1) throw new Error(`--${option} needs the enquiry's number (the # column)`);
  return id;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      limit: { type: "string", default: "20" },
      pending: { type: "boolean", default: false },
      csv: { type: "boolean", default: false },
      held: { type: "boolean", default: false },
      requeue: { type: "string" },
      release: { type: "string" },
      db: { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    console.log(help);
    return 0;
  }
  // The server's settings file (.env beside the project), under what the environment sets: the same database.
  loadEnvFile();
  const limit = Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1) {
    console.error("--limit must be a whole number of at least 1");
    return 2;
  }
  const { database, missing } = await openCommandDatabase({ db: values.db });
  if (database === null) {
    console.error(`No inbox database at ${missing}: no enquiry has been received yet (or give --db PATH).`);
    return values.csv ? 1 : 0;
  }
  try {
    const store = new InboxStore(database);
    if (values.requeue !== undefined) {
      const id = idOf(values.requeue, "requeue");
      if (!(await store.requeue(id))) {
        console.error(`#${id} is not a rejected enquiry (see npm run enquiries -- --pending).`);
        return 1;
      }
      console.log(`#${id} is queued again: the running server e-mails it within seconds.`);
    } else if (values.release !== undefined) {
      const id = idOf(values.release, "release");
      if (!(await store.release(id))) {
        console.error(`#${id} is not held (see npm run enquiries -- --held).`);
        return 1;
      }
      console.log(`#${id} is released: the running server e-mails it within seconds.`);
    } else if (values.csv) {
      // Every enquiry: from before the first one could be received to after the last.
      process.stdout.write(toCsv(await new Work(database).between("0000-01-01", "9999-12-31")));
    } else if (values.pending) {
      console.log(await pendingReport(store));
    } else if (values.held) {
      console.log(await heldReport(store));
    } else {
      console.log(await latestReport(store, limit));
    }
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
