import { resolve } from "node:path";
import { loadEnvFile } from "../server/env-file";
import { commandArgs } from "./command-args";

const help = `Puts a backup (npm run backup) in place of the enquiries' database, then checks it.

Usage: npm run restore -- FILE

Stop the server first (sudo systemctl stop karama; every server, with PostgreSQL): the restore refuses while the
database is in use, since what the server wrote after would be lost. It then checks FILE (whole, of this engine,
not from a newer version), makes a backup of the database as it is now (in BACKUP_DIR: nothing is ever lost by a
restore), puts FILE in place (SQLite: the file at INBOX_DB or DATABASE_URL; PostgreSQL: the tables of the
database at DATABASE_URL, with pg_restore), brings its schema up to date and says how many enquiries it holds.

  --help      show this help`;

async function main(): Promise<number> {
  const args = commandArgs({ options: { help: { type: "boolean", default: false } }, allowPositionals: true }, help);
  if (typeof args === "number") return args;
  const { positionals } = args;
  if (positionals.length !== 1) {
    console.error(`Name one backup file.\n\n${help}`);
    return 2;
  }
  const file = resolve(positionals[0] ?? "");
  loadEnvFile();
  const [{ readServerSettings }, settings, { restoreBackup, RestoreRefused }, { migrations }] = await Promise.all([
    import("../server/settings"),
    import("../server/data/settings"),
    import("./backup/restore"),
    import("../server/data/migrations"),
  ]);
  const setting = settings.readDatabaseSetting(process.env, settings.defaultDbPath);
  const { BACKUP_DIR } = readServerSettings(process.env, ["BACKUP_DIR"]);
  try {
    const { enquiries } = await restoreBackup(file, setting, BACKUP_DIR, (line) => console.log(line));
    console.log(
      `Restored ${file} into ${settings.describeDatabase(setting)}: ${enquiries} enquiries; schema up to date ` +
        `(${migrations.length} migrations). Start the server again (sudo systemctl start karama).`,
    );
    return 0;
  } catch (error) {
    if (error instanceof RestoreRefused) {
      console.error(`Nothing was restored: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(`The restore failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
}
