import type { DatabaseSetting } from "../data/settings";
import { loadKeyring } from "../data/cases/keys";
import type { Keyring } from "../data/cases/vault";
import { readServerSettings } from "../settings";

/** The travellers' papers' settings, as the server uses them (issue 56). */
export interface DocumentsSetting {
  keyring: Keyring;
  /** DOCUMENTS_KEEP_DAYS. */
  keepDays: number;
  /** Where the key came from: DOCUMENTS_KEY, or the key file's path (for the log and `npm run doctor`). */
  from: string;
}

/**
 * DOCUMENTS_KEY, or the key file (DOCUMENTS_KEY_FILE; by default `documents.key` beside the SQLite file, made at
 * first start), and DOCUMENTS_KEEP_DAYS.
 */
export function readDocumentsSetting(
  env: Record<string, string | undefined>,
  database: DatabaseSetting,
): DocumentsSetting {
  const settings = readServerSettings(env, ["DOCUMENTS_KEY", "DOCUMENTS_KEY_FILE", "DOCUMENTS_KEEP_DAYS", "INBOX_DB"]);
  const { keyring, from } = loadKeyring({
    key: settings.DOCUMENTS_KEY,
    file: settings.DOCUMENTS_KEY_FILE,
    inboxDb: database.engine === "sqlite" ? database.path : settings.INBOX_DB,
  });
  return { keyring, keepDays: settings.DOCUMENTS_KEEP_DAYS, from };
}
