import type { Migration } from "./migration";

/**
 * Alerts on the agency's phones (issue 37, Web Push):
 * - `push_subscriptions`: each device a person turned alerts on for, as its browser's push service named it (the
 *   endpoint, one row each) with the keys the payload is encrypted to; deleted when the push service says it is
 *   gone (404/410) or the person turns alerts off. A revoked person's rows stay, and are sent nothing.
 * - `push_queue`: one row per alert and device, the durable queue the push worker sends from, like the mail outbox
 *   (migrations 1–3): a server claims a few rows with a lease (`lease_owner` until `lease_until`, ms since the
 *   epoch), deletes each once its push service accepted it, or puts it back with a later `next_attempt_at`.
 */
export const push: Migration = {
  version: 14,
  name: "push",
  async up(db, engine) {
    await db.schema
      .createTable("push_subscriptions")
      .addColumn("id", "integer", (column) =>
        engine === "sqlite" ? column.primaryKey().autoIncrement() : column.primaryKey().generatedByDefaultAsIdentity(),
      )
      .addColumn("person_id", "integer", (column) => column.notNull().references("people.id").onDelete("cascade"))
      .addColumn("endpoint", "text", (column) => column.notNull().unique())
      .addColumn("p256dh", "text", (column) => column.notNull())
      .addColumn("auth", "text", (column) => column.notNull())
      .addColumn("label", "text", (column) => column.notNull())
      .addColumn("created_at", "text", (column) => column.notNull())
      .addColumn("last_success_at", "text")
      .addColumn("last_failure_at", "text")
      .addColumn("last_error", "text")
      .execute();
    await db.schema.createIndex("push_subscriptions_person").on("push_subscriptions").column("person_id").execute();

    await db.schema
      .createTable("push_queue")
      .addColumn("id", "integer", (column) =>
        engine === "sqlite" ? column.primaryKey().autoIncrement() : column.primaryKey().generatedByDefaultAsIdentity(),
      )
      .addColumn("subscription_id", "integer", (column) =>
        column.notNull().references("push_subscriptions.id").onDelete("cascade"),
      )
      .addColumn("title", "text", (column) => column.notNull())
      .addColumn("body", "text", (column) => column.notNull())
      .addColumn("url", "text", (column) => column.notNull())
      .addColumn("created_at", "bigint", (column) => column.notNull())
      .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0))
      .addColumn("next_attempt_at", "bigint", (column) => column.notNull())
      .addColumn("last_error", "text")
      .addColumn("lease_owner", "text")
      .addColumn("lease_until", "bigint")
      .execute();
    await db.schema.createIndex("push_queue_due").on("push_queue").column("next_attempt_at").execute();
    await db.schema.createIndex("push_queue_subscription").on("push_queue").column("subscription_id").execute();
  },
};
