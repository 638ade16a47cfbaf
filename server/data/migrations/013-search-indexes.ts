import { sql } from "kysely";
import type { Migration } from "./migration";

/**
 * The office's word search on an index, on PostgreSQL (issue 35): a search looks for each word anywhere in the
 * name, e-mail, message and phone number of every enquiry, in every tab (server/office/work.ts, wordFilter), and
 * at 100,000 enquiries reading them all took a quarter of a second. Trigram indexes (the pg_trgm extension, part
 * of PostgreSQL itself) answer `lower(name) LIKE '%word%'` for words of three letters or more. Each index is on
 * exactly the expression the search writes, the phone's digits without spaces and dashes included.
 *
 * Where the extension cannot be made (a database user without the right, a managed PostgreSQL without it) the
 * migration says nothing and makes no index: the search works as before, reading every row. SQLite has no such
 * index; its search reads every row, off the server's thread, in a few milliseconds at 100,000 enquiries.
 */
export const searchIndexes: Migration = {
  version: 13,
  name: "search-indexes",
  async up(db, engine) {
    if (engine !== "postgres") return;
    // A savepoint, so that a refusal leaves the migrations' transaction usable.
    await sql`SAVEPOINT search_indexes`.execute(db);
    try {
      await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
      await sql`RELEASE SAVEPOINT search_indexes`.execute(db);
    } catch {
      await sql`ROLLBACK TO SAVEPOINT search_indexes`.execute(db);
      return;
    }
    for (const [name, expression] of [
      ["enquiries_name_words", sql`lower(name)`],
      ["enquiries_email_words", sql`lower(email)`],
      ["enquiries_message_words", sql`lower(message)`],
      ["enquiries_phone_digits", sql`replace(replace(phone, ' ', ''), '-', '')`],
    ] as const) {
      await sql`CREATE INDEX IF NOT EXISTS ${sql.id(name)} ON enquiries USING gin ((${expression}) gin_trgm_ops)`.execute(
        db,
      );
    }
  },
};
