import { parseArgs } from "node:util";
import { type EnvFileLoaded, loadEnvFile } from "../server/env-file";
import type { Role } from "../server/data/schema";

const help = `The back office's people, from the server (the office itself is at /office).

Usage: npm run office -- invite --name "Full Name" --role owner|staff
       npm run office -- link --name "Full Name"

  invite     makes a new person and prints a link that adds their passkey, valid for 60 minutes, on its last
             line. The first owner is enrolled this way.
  link       prints a new link for someone already in the office who lost every device: the same person and
             role; their earlier unused links stop working.
  --name     the person's name as the office shows it (1 to 80 characters)
  --role     owner (everything) or staff (works enquiries: no export, erase, team or settings)
  --help     show this help

The database is the server's: DATABASE_URL (postgres:// or sqlite:), else INBOX_DB, else data/inbox.sqlite.
The link's address is OFFICE_URL, else SITE_URL. Like the server, the command reads the settings file beside
the project (.env) for what the environment does not set.`;

function fail(message: string): never {
  console.error(`${message}\n\nRun "npm run office -- --help" for the options.`);
  process.exit(1);
}

/** Which setting gave the office's address, and from where; null when neither is set (localhost). */
function addressFrom(envFile: EnvFileLoaded): string | null {
  const name = ["OFFICE_URL", "SITE_URL"].find((setting) => (process.env[setting]?.trim() ?? "") !== "");
  if (name === undefined) return null;
  return envFile.applied.includes(name) ? `${name}, from ${envFile.file}` : `${name}, from the environment`;
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
  const command = positionals[0];
  if ((command !== "invite" && command !== "link") || positionals.length !== 1) {
    fail('Say what to do: "invite" or "link".');
  }
  if (command === "invite" && values.role !== "owner" && values.role !== "staff") {
    fail('--role must be "owner" or "staff".');
  }
  if (!values.name?.trim()) fail("--name is needed: the person's name.");
  const name = values.name;

  // The server's settings file too, so the link names the address the server uses, whatever this shell holds.
  let envFile: EnvFileLoaded;
  try {
    envFile = loadEnvFile();
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  // The settings' schemas and the database layer are most of the command's start-up: loaded only once the
  // arguments are right, so a mistake in them is answered at once.
  const [{ readSettings }, { readOfficeSetting }, { openCommandDatabase }, { Accounts }] = await Promise.all([
    import("../app/lib/settings"),
    import("../server/office/config"),
    import("../server/data/command-line"),
    import("../server/office/accounts"),
  ]);
  const settings = readSettings(process.env);
  const office = readOfficeSetting(process.env, settings);
  if (!office.on) fail(`The back office is off: ${office.reason}.`);
  const from = addressFrom(envFile);
  if (from === null) {
    console.error(
      `Neither OFFICE_URL nor SITE_URL is set, so this link opens only on this computer (${office.config.origin}). ` +
        "Set OFFICE_URL (or SITE_URL) to the office's address in the environment or in .env beside the project, " +
        "as the server has it.",
    );
  }
  const { database } = await openCommandDatabase({ create: true });
  if (database === null) fail("The database could not be opened.");
  try {
    const accounts = new Accounts(database);
    const now = Date.now();
    const validMs = office.config.inviteMs;
    let person;
    let token;
    if (command === "invite") {
      const role = values.role as Role;
      ({ token, person } = await accounts.invite({ name, role, by: null, now, validMs }));
      await accounts.audit(null, "invited", `${person.name} as ${role}, by the server command`, now);
    } else {
      const found = await accounts.named(name);
      const [only] = found;
      if (!only || found.length > 1) {
        fail(
          found.length === 0
            ? `Nobody active in the office is called "${name}": invite them instead.`
            : `${found.length} people are called "${name}": revoke the ones who left in the office's Team page first.`,
        );
      }
      person = only;
      token = await accounts.newLink(person.id, { by: null, now, validMs });
      await accounts.audit(null, "made a new link", `for ${person.name} (${person.role}), by the server command`, now);
    }
    const minutes = Math.round(validMs / 60_000);
    console.log(`Invitation for ${person.name} (${person.role}), in ${database.description}.`);
    if (from !== null) console.log(`The office's address is ${from}.`);
    console.log(`Open this link on their phone or computer within ${minutes} minutes, once, to add a passkey:`);
    console.log(`${office.config.origin}/office/enrol/${token}`);
  } finally {
    await database.close();
  }
}

await main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
