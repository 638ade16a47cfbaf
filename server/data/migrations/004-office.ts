import { type ColumnDefinitionBuilder, sql } from "kysely";
import type { Migration } from "./migration";

/**
 * The back office (server/office): the people of the agency and their passkeys, one-time invitation links,
 * sessions, passkey challenges, and how each enquiry is being worked (its status and an append-only timeline),
 * with an audit log of what people did. Secrets (session ids, invitation tokens) are stored only as SHA-256
 * hashes: a copy of the database does not let anyone in. Times compared by the server are ms since the epoch.
 */
export const office: Migration = {
  version: 4,
  name: "office",
  async up(db, engine) {
    const identity = (column: ColumnDefinitionBuilder) =>
      engine === "sqlite" ? column.primaryKey().autoIncrement() : column.primaryKey().generatedByDefaultAsIdentity();

    await db.schema
      .createTable("people")
      .addColumn("id", "integer", identity)
      .addColumn("name", "text", (column) => column.notNull())
      .addColumn("role", "text", (column) => column.notNull())
      .addCheckConstraint("people_role", sql`role IN ('owner', 'staff')`)
      // The WebAuthn user handle: random, never the name or the row id.
      .addColumn("handle", "text", (column) => column.notNull().unique())
      .addColumn("created_at", "text", (column) => column.notNull())
      .addColumn("revoked_at", "text")
      .execute();

    await db.schema
      .createTable("passkeys")
      .addColumn("id", "text", (column) => column.primaryKey())
      .addColumn("person_id", "integer", (column) => column.notNull().references("people.id"))
      .addColumn("public_key", "text", (column) => column.notNull())
      .addColumn("counter", "bigint", (column) => column.notNull())
      .addColumn("transports", "text", (column) => column.notNull())
      .addColumn("label", "text", (column) => column.notNull())
      .addColumn("created_at", "text", (column) => column.notNull())
      .addColumn("last_used_at", "text")
      .execute();
    await db.schema.createIndex("passkeys_person").on("passkeys").column("person_id").execute();

    await db.schema
      .createTable("invitations")
      .addColumn("token_hash", "text", (column) => column.primaryKey())
      .addColumn("person_id", "integer", (column) => column.notNull().references("people.id"))
      .addColumn("created_by", "integer", (column) => column.references("people.id"))
      .addColumn("created_at", "text", (column) => column.notNull())
      .addColumn("expires_at", "bigint", (column) => column.notNull())
      .addColumn("used_at", "text")
      .execute();

    await db.schema
      .createTable("sessions")
      .addColumn("id_hash", "text", (column) => column.primaryKey())
      .addColumn("person_id", "integer", (column) => column.notNull().references("people.id"))
      .addColumn("created_at", "bigint", (column) => column.notNull())
      .addColumn("seen_at", "bigint", (column) => column.notNull())
      // The last passkey check: owner actions need one within minutes.
      .addColumn("verified_at", "bigint", (column) => column.notNull())
      .addColumn("csrf", "text", (column) => column.notNull())
      .addColumn("label", "text", (column) => column.notNull())
      .execute();
    await db.schema.createIndex("sessions_person").on("sessions").column("person_id").execute();

    await db.schema
      .createTable("challenges")
      .addColumn("id", "text", (column) => column.primaryKey())
      .addColumn("challenge", "text", (column) => column.notNull())
      .addColumn("purpose", "text", (column) => column.notNull())
      .addColumn("person_id", "integer", (column) => column.references("people.id"))
      .addColumn("token_hash", "text")
      .addColumn("expires_at", "bigint", (column) => column.notNull())
      .execute();
    await db.schema.createIndex("challenges_expiry").on("challenges").column("expires_at").execute();

    // How the agency works each enquiry. The page it was sent from is known for enquiries stored from now on.
    await db.schema
      .alterTable("enquiries")
      .addColumn("stage", "text", (column) => column.notNull().defaultTo("new"))
      .execute();
    await db.schema.alterTable("enquiries").addColumn("lost_reason", "text").execute();
    await db.schema.alterTable("enquiries").addColumn("opened_at", "text").execute();
    await db.schema.alterTable("enquiries").addColumn("page", "text").execute();
    await db.schema.createIndex("enquiries_stage").on("enquiries").columns(["stage", "id"]).execute();
    // The Held as spam tab, newest first, among 100,000 enquiries.
    await db.schema.createIndex("outbox_status_enquiry").on("outbox").columns(["status", "enquiry_id"]).execute();

    await db.schema
      .createTable("enquiry_events")
      .addColumn("id", "integer", identity)
      .addColumn("enquiry_id", "integer", (column) => column.notNull().references("enquiries.id").onDelete("cascade"))
      .addColumn("at", "text", (column) => column.notNull())
      .addColumn("person_id", "integer", (column) => column.references("people.id"))
      .addColumn("kind", "text", (column) => column.notNull())
      .addColumn("detail", "text", (column) => column.notNull())
      .execute();
    await db.schema.createIndex("enquiry_events_enquiry").on("enquiry_events").columns(["enquiry_id", "id"]).execute();

    await db.schema
      .createTable("audit_log")
      .addColumn("id", "integer", identity)
      .addColumn("at", "text", (column) => column.notNull())
      .addColumn("person_id", "integer", (column) => column.references("people.id"))
      .addColumn("action", "text", (column) => column.notNull())
      .addColumn("detail", "text", (column) => column.notNull())
      .execute();
  },
};
