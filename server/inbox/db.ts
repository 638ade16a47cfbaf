import Database from "better-sqlite3";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { migrate } from "./migrate";

/**
 * Opens (creating if needed) the inbox database. WAL with synchronous=FULL makes every committed transaction
 * durable before the commit returns, so an acknowledged enquiry survives kill -9 and power loss.
 */
export function openInboxDb(path: string): Database.Database {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  try {
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = FULL");
    // The server and the enquiries command may touch the file at the same moment.
    db.pragma("busy_timeout = 5000");
    db.pragma("foreign_keys = ON");
    migrate(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}
