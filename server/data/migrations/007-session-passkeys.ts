import type { Migration } from "./migration";

/**
 * Which passkey began a session (issue 34): removing a passkey ends the sessions it began, so a lost or
 * attacker's device is shut out at once. Sessions from before this migration name none.
 */
export const sessionPasskeys: Migration = {
  version: 7,
  name: "session-passkeys",
  async up(db) {
    await db.schema.alterTable("sessions").addColumn("passkey_id", "text").execute();
    await db.schema.createIndex("sessions_passkey").on("sessions").column("passkey_id").execute();
  },
};
