import { parseArgs } from "node:util";
import { readSettings } from "../app/lib/settings";
import { openDatabase } from "../server/data/open";
import { readDatabaseSetting } from "../server/data/settings";
import { defaultDbPath } from "../server/inbox/config";
import { Accounts } from "../server/office/accounts";
import { readOfficeSetting } from "../server/office/config";
import type { Role } from "../server/data/schema";

const help = `The back office's people, from the server (the office itself is at /office).

Usage: npm run office -- invite --name "Full Name" --role owner|staff

  invite     prints a link that adds a passkey for the person, valid for 60 minutes, on its last line.
             The first owner is enrolled this way; so is anyone who lost every device (a new link for the
             same name; their role is set to the one given, their earlier unused links stop working).
  --name     the person's name as the office shows it (1 to 80 characters)
  --role     owner (everything) or staff (works enquiries: no export, erase, team or settings)
  --help     show this help

The database is the server's: DATABASE_URL (postgres:// or sqlite:), else INBOX_DB, else data/inbox.sqlite.
The link's address is OFFICE_URL, else SITE_URL.`;

function fail(message: string): never {
  console.error(`${message}\n\nRun "npm run office -- --help" for the options.`);
  process.exit(1);
}

async function main() {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: { name: { type: "string" }, role: { type: "string" }, help: { type: "boolean" } },
    });
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(help);
    return;
  }
  if (positionals[0] !== "invite" || positionals.length !== 1) fail('Say what to do: "invite".');
  if (values.role !== "owner" && values.role !== "staff") fail('--role must be "owner" or "staff".');
  if (!values.name?.trim()) fail("--name is needed: the person's name.");
  const role: Role = values.role;

  const settings = readSettings(process.env);
  const office = readOfficeSetting(process.env, settings);
  if (!office.on) fail(`The back office is off: ${office.reason}.`);
  const database = await openDatabase(readDatabaseSetting(process.env, defaultDbPath));
  try {
    const accounts = new Accounts(database);
    const now = Date.now();
    const { token, person } = await accounts.invite({
      name: values.name,
      role,
      by: null,
      now,
      validMs: office.config.inviteMs,
    });
    await accounts.audit(null, "invited", `${person.name} as ${role}, by the server command`, now);
    const minutes = Math.round(office.config.inviteMs / 60_000);
    console.log(`Invitation for ${person.name} (${role}), in ${database.description}.`);
    console.log(`Open this link on their phone or computer within ${minutes} minutes, once, to add a passkey:`);
    console.log(`${office.config.origin}/office/enrol/${token}`);
  } finally {
    await database.close();
  }
}

await main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
