import type { ColumnDefinitionBuilder } from "kysely";
import type { Migration } from "./migration";

/**
 * The traveller's case (issue 56): from an enquiry, the office starts a case and sends its private link; the
 * traveller sends their papers from their page and follows their visa there.
 * - `cases`: who (carried over from the enquiry), the service and its kind (which papers it needs), the stage the
 *   traveller sees with its note, when it closed; the link as a SHA-256 hash only (`link_hash`, unique), and when
 *   the papers were deleted after closing (`files_deleted_at`: the record stays).
 * - `case_events`: the case's timeline, append-only: started, link sent or revoked, stages, papers sent, accepted
 *   or sent back, and every view and download of a paper in the office (who, when).
 * - `case_papers`: each paper, its bytes sealed (server/data/cases/vault.ts: `key_id`, `wrapped_key`, `data`), with
 *   what may be shown without opening it (name, type, size, pixels, SHA-256 of the bytes kept); `data` is emptied
 *   when the case's papers are deleted. Its id is random (it is in the download's address).
 * - `case_uploads` and `case_upload_chunks`: a resumable upload (tus) while it comes in, each chunk sealed as it
 *   arrives under the upload's own key, so nothing of a paper is ever kept in the clear, and any server of several
 *   can take the next chunk. Once whole, its chunks are deleted and `paper_id` names the paper kept, so that a
 *   traveller whose last answer was lost learns it arrived (and sends it no second time); the row goes a day later.
 */
export const cases: Migration = {
  version: 18,
  name: "cases",
  async up(db, engine) {
    const id = (column: ColumnDefinitionBuilder) =>
      engine === "sqlite" ? column.primaryKey().autoIncrement() : column.primaryKey().generatedByDefaultAsIdentity();
    const bytes = engine === "sqlite" ? "blob" : "bytea";
    await db.schema
      .createTable("cases")
      .addColumn("id", "integer", id)
      .addColumn("enquiry_id", "integer", (column) => column.references("enquiries.id").onDelete("set null"))
      .addColumn("name", "text", (column) => column.notNull())
      .addColumn("phone", "text")
      .addColumn("email", "text")
      .addColumn("service", "text", (column) => column.notNull())
      .addColumn("kind", "text", (column) => column.notNull())
      .addColumn("travel_date", "text")
      .addColumn("stage", "text", (column) => column.notNull())
      .addColumn("stage_note", "text")
      .addColumn("created_at", "text", (column) => column.notNull())
      .addColumn("created_by", "integer", (column) => column.references("people.id").onDelete("set null"))
      .addColumn("closed_at", "text")
      .addColumn("link_hash", "text", (column) => column.unique())
      .addColumn("link_issued_at", "text")
      .addColumn("files_deleted_at", "text")
      .execute();
    await db.schema.createIndex("cases_enquiry").on("cases").column("enquiry_id").execute();

    await db.schema
      .createTable("case_events")
      .addColumn("id", "integer", id)
      .addColumn("case_id", "integer", (column) => column.notNull().references("cases.id").onDelete("cascade"))
      .addColumn("at", "text", (column) => column.notNull())
      .addColumn("person_id", "integer", (column) => column.references("people.id").onDelete("set null"))
      .addColumn("kind", "text", (column) => column.notNull())
      .addColumn("detail", "text", (column) => column.notNull().defaultTo(""))
      .execute();
    await db.schema.createIndex("case_events_case").on("case_events").columns(["case_id", "id"]).execute();

    await db.schema
      .createTable("case_papers")
      .addColumn("id", "text", (column) => column.primaryKey())
      .addColumn("case_id", "integer", (column) => column.notNull().references("cases.id").onDelete("cascade"))
      .addColumn("paper_key", "text", (column) => column.notNull())
      .addColumn("name", "text", (column) => column.notNull())
      .addColumn("type", "text", (column) => column.notNull())
      .addColumn("size", "integer", (column) => column.notNull())
      .addColumn("width", "integer")
      .addColumn("height", "integer")
      .addColumn("sha256", "text", (column) => column.notNull())
      .addColumn("status", "text", (column) => column.notNull())
      .addColumn("reason", "text")
      .addColumn("sent_at", "text", (column) => column.notNull())
      .addColumn("sent_by", "integer", (column) => column.references("people.id").onDelete("set null"))
      .addColumn("reviewed_at", "text")
      .addColumn("reviewed_by", "integer", (column) => column.references("people.id").onDelete("set null"))
      .addColumn("key_id", "text")
      .addColumn("wrapped_key", bytes)
      .addColumn("data", bytes)
      .addColumn("deleted_at", "text")
      .execute();
    await db.schema.createIndex("case_papers_case").on("case_papers").column("case_id").execute();

    await db.schema
      .createTable("case_uploads")
      .addColumn("id", "text", (column) => column.primaryKey())
      .addColumn("case_id", "integer", (column) => column.notNull().references("cases.id").onDelete("cascade"))
      .addColumn("paper_key", "text", (column) => column.notNull())
      .addColumn("name", "text", (column) => column.notNull())
      .addColumn("length", "integer", (column) => column.notNull())
      .addColumn("received", "integer", (column) => column.notNull().defaultTo(0))
      .addColumn("paper_id", "text")
      .addColumn("key_id", "text", (column) => column.notNull())
      .addColumn("wrapped_key", bytes, (column) => column.notNull())
      .addColumn("created_at", "text", (column) => column.notNull())
      .addColumn("updated_at", "text", (column) => column.notNull())
      .execute();
    await db.schema.createIndex("case_uploads_case").on("case_uploads").column("case_id").execute();
    await db.schema
      .createTable("case_upload_chunks")
      .addColumn("upload_id", "text", (column) => column.notNull().references("case_uploads.id").onDelete("cascade"))
      .addColumn("at_byte", "integer", (column) => column.notNull())
      .addColumn("data", bytes, (column) => column.notNull())
      .addPrimaryKeyConstraint("case_upload_chunks_key", ["upload_id", "at_byte"])
      .execute();
  },
};
