/**
 * The documents key a server seals and opens papers with (issue 56): `DOCUMENTS_KEY` when set (the same on every
 * server of several), else the key file, made at first start (`DOCUMENTS_KEY_FILE`, by default `documents.key`
 * beside the SQLite file). Never in the database, never in the backups' folder: README says to back it up apart.
 */
import { dirname, join, resolve } from "node:path";
import { documentsKey, Keyring, keyFile, readKeyText } from "./vault";

export interface DocumentsKeySetting {
  /** DOCUMENTS_KEY as written, if set. */
  key?: string | undefined;
  /** DOCUMENTS_KEY_FILE, if set. */
  file?: string | undefined;
  /** INBOX_DB, if set: the key file's folder by default. */
  inboxDb?: string | undefined;
}

/** Where the key file is: DOCUMENTS_KEY_FILE, or `documents.key` beside INBOX_DB (`data/` by default). */
export function keyFilePath(setting: DocumentsKeySetting): string {
  return setting.file ?? join(dirname(setting.inboxDb ?? resolve("data/inbox.sqlite")), "documents.key");
}

/** The keyring, and where its key came from (for the log and `npm run doctor`). */
export function loadKeyring(setting: DocumentsKeySetting): { keyring: Keyring; from: string; made: boolean } {
  if (setting.key !== undefined) {
    return { keyring: new Keyring([documentsKey(readKeyText(setting.key))]), from: "DOCUMENTS_KEY", made: false };
  }
  const path = keyFilePath(setting);
  const { key, made } = keyFile(path);
  return { keyring: new Keyring([key]), from: path, made };
}
