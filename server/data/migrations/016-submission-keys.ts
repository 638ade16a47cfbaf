import type { Migration } from "./migration";

/**
 * One enquiry per send (issue 38): the site's own forms give each enquiry a key when it is first sent
 * (the Idempotency-Key header), and a send tried again with the same key (the answer to the first was lost to a
 * dropped connection or a time-out, the visitor tapped Send again, the page sent a kept enquiry once the network was
 * back) finds the enquiry stored the first time instead of storing a second. Null for enquiries sent without a key
 * (an older page, another client) and for those added by hand: a unique index lets any number of nulls be.
 *
 * Numbered 16 (issue 38): after migrations 14 and 15 (alerts on the phone, next steps), which came in parallel.
 */
export const submissionKeys: Migration = {
  version: 16,
  name: "submission-keys",
  async up(db) {
    await db.schema.alterTable("enquiries").addColumn("submission_key", "text").execute();
    await db.schema.createIndex("enquiries_submission_key").unique().on("enquiries").column("submission_key").execute();
  },
};
