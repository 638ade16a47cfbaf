import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { defaultDbPath } from "../server/inbox/config";
import { toCsv } from "../server/inbox/csv";
import { openInboxDb } from "../server/inbox/db";
import { InboxStore } from "../server/inbox/store";
import { oneLine, truncate } from "../server/inbox/text";
import type { StoredEnquiry } from "../server/inbox/types";

const help = `Lists the enquiries the website has received (POST /api/submit).

Usage: npm run enquiries -- [options]

  --limit N    show the latest N (default 20)
  --pending    show only those not yet e-mailed to the agency, with the last delivery error
  --csv        export every enquiry as CSV to stdout (e.g. npm run -s enquiries -- --csv > enquiries.csv)
  --db PATH    the inbox database (default: $INBOX_DB, else data/inbox.sqlite)
  --help       show this help`;

interface Column {
  title: string;
  width: number;
  value: (enquiry: StoredEnquiry) => string;
}

function table(enquiries: StoredEnquiry[], columns: Column[]): string {
  // Control characters are made visible so stored text can never drive the terminal.
  const cell = (text: string, width: number) => truncate(oneLine(text), width).padEnd(width);
  const header = columns.map((column) => column.title.padEnd(column.width)).join("  ");
  const rows = enquiries.map((enquiry) =>
    columns.map((column) => cell(column.value(enquiry), column.width)).join("  "),
  );
  return [header, columns.map((column) => "-".repeat(column.width)).join("  "), ...rows].join("\n");
}

const baseColumns: Column[] = [
  { title: "#", width: 5, value: (e) => String(e.id) },
  { title: "Received (UTC)", width: 16, value: (e) => e.receivedAt.slice(0, 16).replace("T", " ") },
  { title: "Kind", width: 7, value: (e) => e.kind },
  { title: "Name", width: 20, value: (e) => e.name },
  { title: "Email", width: 26, value: (e) => e.email },
  { title: "Phone", width: 15, value: (e) => e.phone },
  { title: "Visa / subject", width: 18, value: (e) => (e.kind === "enquiry" ? e.visaType : e.subject) },
  { title: "Message", width: 30, value: (e) => e.message },
];
const deliveryColumn: Column = { title: "Mail", width: 7, value: (e) => e.status };
const pendingColumns: Column[] = [
  { title: "Tries", width: 5, value: (e) => String(e.attempts) },
  { title: "Next try (UTC)", width: 16, value: (e) => new Date(e.nextAttemptAt).toISOString().slice(0, 16) },
  { title: "Last error", width: 40, value: (e) => e.lastError ?? "" },
];

function main(): number {
  const { values } = parseArgs({
    options: {
      limit: { type: "string", default: "20" },
      pending: { type: "boolean", default: false },
      csv: { type: "boolean", default: false },
      db: { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    console.log(help);
    return 0;
  }
  const limit = Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1) {
    console.error("--limit must be a whole number of at least 1");
    return 2;
  }
  const dbPath = values.db ?? (process.env.INBOX_DB || defaultDbPath);
  if (!existsSync(dbPath)) {
    console.error(`No inbox database at ${dbPath}: no enquiry has been received yet (or give --db PATH).`);
    return values.csv ? 1 : 0;
  }
  const db = openInboxDb(dbPath);
  try {
    const store = new InboxStore(db);
    if (values.csv) {
      process.stdout.write(toCsv(store.all()));
    } else if (values.pending) {
      const pending = store.pending();
      console.log(
        pending.length === 0
          ? "Every enquiry has been e-mailed."
          : `${pending.length} not yet e-mailed:\n${table(pending, [...baseColumns.slice(0, 5), ...pendingColumns])}`,
      );
    } else {
      const latest = store.latest(limit);
      console.log(
        latest.length === 0
          ? "No enquiries yet."
          : `Latest ${latest.length} (newest first):\n${table(latest, [...baseColumns, deliveryColumn])}`,
      );
    }
  } finally {
    db.close();
  }
  return 0;
}

try {
  process.exitCode = main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
