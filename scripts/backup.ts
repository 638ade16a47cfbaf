import { loadEnvFile } from "../server/env-file";
import { commandArgs } from "./command-args";

const help = `A backup of the enquiries' database, made while the server runs: a consistent copy of the SQLite file,
or pg_dump's custom format for PostgreSQL, in BACKUP_DIR (default data/backups), named by the time:
karama-2026-11-26T03-00-00Z.sqlite or .dump. Then deletes the backups there older than BACKUP_KEEP_DAYS (default
14) days. deploy/karama-backup.timer runs it every night. Put a backup back with npm run restore -- FILE.

Usage: npm run backup

  --help      show this help`;

async function main(): Promise<number> {
  const args = commandArgs({ options: { help: { type: "boolean", default: false } } }, help);
  if (typeof args === "number") return args;
  // The server's settings file (.env beside the project), under what the environment sets: the same database.
  loadEnvFile();
  const [{ readServerSettings }, { openCommandDatabase }, { readDatabaseSetting, defaultDbPath, describeDatabase }] =
    await Promise.all([
      import("../server/settings"),
      import("../server/data/command-line"),
      import("../server/data/settings"),
    ]);
  const { makeBackup, pruneBackups } = await import("./backup/files");
  const { BACKUP_DIR, BACKUP_KEEP_DAYS } = readServerSettings(process.env, ["BACKUP_DIR", "BACKUP_KEEP_DAYS"]);
  const setting = readDatabaseSetting(process.env, defaultDbPath);
  // Never migrated here: the backup before an upgrade is taken with the new version's code while the old one runs.
  const { database, missing } = await openCommandDatabase({ migrate: false });
  if (database === null) {
    console.error(`No database at ${missing}: nothing to back up yet (the server makes it at its first start).`);
    return 1;
  }
  let path: string;
  try {
    path = await makeBackup(database, setting, BACKUP_DIR);
  } finally {
    await database.close();
  }
  console.log(`Backed up ${describeDatabase(setting)} to ${path}`);
  const deleted = pruneBackups(BACKUP_DIR, BACKUP_KEEP_DAYS);
  if (deleted.length > 0) {
    console.log(`Deleted ${deleted.length} older than ${BACKUP_KEEP_DAYS} days: ${deleted.join(", ")}`);
  }
  return 0;
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(`The backup failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
}
