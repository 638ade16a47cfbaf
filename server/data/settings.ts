import { readServerSettings, type ServerSettings, ServerSettingsError } from "../settings";
import { type DatabaseSetting, DatabaseSettingError } from "./database-url";

export { type DatabaseSetting, DatabaseSettingError, describeDatabase, withoutPassword } from "./database-url";

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
