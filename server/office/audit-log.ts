/** The audit log: who did what in the office, and when; kept, and read a page at a time on the owner's page. */
import type { Kysely } from "kysely";
import type { Schema } from "../data/schema";

/** The audit log, newest first, a page at a time (before: an id). */
export async function auditLog(db: Kysely<Schema>, limit: number, before?: number) {
  let query = db
    .selectFrom("audit_log as a")
    .leftJoin("people as p", "p.id", "a.person_id")
    .select(["a.id", "a.at", "a.action", "a.detail", "p.name"]);
  if (before !== undefined) query = query.where("a.id", "<", before);
  const rows = await query
    .orderBy("a.id", "desc")
    .limit(limit + 1)
    .execute();
  const page = rows
    .slice(0, limit)
    .map((row) => ({ id: row.id, at: row.at, who: row.name, action: row.action, detail: row.detail }));
  const last = page.at(-1);
  return { rows: page, older: rows.length > limit && last ? last.id : null };
}

/** Adds a line to the audit log: who (null: the server command), what, about what, when. */
export async function audit(
  db: Kysely<Schema>,
  personId: number | null,
  action: string,
  detail: string,
  now: number,
): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({ at: new Date(now).toISOString(), person_id: personId, action, detail })
    .execute();
}
