import { join } from "node:path";
import { readServerSettings, type ServerSettings, ServerSettingsError } from "../settings";
import { type DatabaseSetting, DatabaseSettingError } from "../database-url";

export { type DatabaseSetting, DatabaseSettingError, describeDatabase, withoutPassword } from "../database-url";

/** Where the SQLite file is when neither DATABASE_URL nor INBOX_DB names one: data/ beside the project. */
export const defaultDbPath = join(import.meta.dirname, "..", "..", "data", "inbox.sqlite");

/** DATABASE_URL, else SQLite at INBOX_DB, else at `defaultPath` (README.md, "Settings"). */
export function databaseSettingOf(
  settings: Pick<ServerSettings, "DATABASE_URL" | "INBOX_DB">,
  defaultPath: string,
): DatabaseSetting {
  return settings.DATABASE_URL ?? { engine: "sqlite", path: settings.INBOX_DB ?? defaultPath };
}

/** The commands' way to the database setting alone: a bad one throws a DatabaseSettingError naming it. */
export function readDatabaseSetting(env: Record<string, string | undefined>, defaultPath: string): DatabaseSetting {
  try {
    return databaseSettingOf(readServerSettings(env, ["DATABASE_URL", "INBOX_DB"]), defaultPath);
  } catch (error) {
    throw error instanceof ServerSettingsError ? new DatabaseSettingError(error.message) : error;
  }
}
