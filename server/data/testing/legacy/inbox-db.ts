import Database from "better-sqlite3";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { migrate } from "./migrate";

/**
 * The inbox's database as the code before server/data opened it, kept only so that the tests can make a file
 * exactly as that code did and check that the data layer takes it over (server/data/migrate.test.ts).
 *
 * Opens (creating if needed) the inbox database. WAL with synchronous=FULL makes every committed transaction
 * durable before the commit returns, so an acknowledged enquiry survives kill -9 and power loss.
 *
 * `busyTimeoutMs` is how long a call may wait inside SQLite for a lock another process holds, blocking its
 * thread: fine for the enquiries command; the server passes 0 and waits on timers instead (see server/busy.ts).
 */
export function openInboxDb(path: string, busyTimeoutMs = 5000): Database.Database {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  try {
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = FULL");
    // The server and the enquiries command may touch the file at the same moment.
    db.pragma(`busy_timeout = ${Math.max(0, Math.floor(busyTimeoutMs))}`);
    db.pragma("foreign_keys = ON");
    migrate(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}
