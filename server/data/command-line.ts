import { existsSync } from "node:fs";
import { openDatabase, type Database } from "./open";
import { type DatabaseSetting, defaultDbPath, readDatabaseSetting } from "./settings";

/** Open and migrated, or the SQLite file that does not exist and was not to be made. */
export type CommandDatabase = { database: Database; missing: null } | { database: null; missing: string };

/**
 * The database a command-line script works on (npm run enquiries, stats, office): the one the server uses, from
 * its settings (load the settings file first: server/env-file.ts), or the SQLite file given with --db. A file that
 * does not exist is made only when `create` says so (an invitation before the first enquiry); otherwise the script
 * is told, and says in its own words that nothing has been received yet. `migrate: false` leaves the schema as it
 * is: a backup taken with the next version's code, before the switch, must not change the running server's database.
 */
export async function openCommandDatabase(
  options: { db?: string; create?: boolean; migrate?: boolean } = {},
): Promise<CommandDatabase> {
  const setting: DatabaseSetting = options.db
    ? { engine: "sqlite", path: options.db }
    : readDatabaseSetting(process.env, defaultDbPath);
  if (setting.engine === "sqlite" && !options.create && !existsSync(setting.path)) {
    return { database: null, missing: setting.path };
  }
  return { database: await openDatabase(setting, { migrate: options.migrate ?? true }), missing: null };
}
