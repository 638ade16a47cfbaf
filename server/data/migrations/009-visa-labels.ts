import type { Migration } from "./migration";

/**
 * The label of the visa option the visitor picked, beside the value the form sends (issue 35): on the Dubai forms
 * "Visa Change Service" is sent as "60 Days Dubai Visa", and the office, the mail and the replies named a service the
 * visitor never chose. Null for the enquiries from before, which show their value as they did.
 */
export const visaLabels: Migration = {
  version: 9,
  name: "visa-labels",
  async up(db) {
    await db.schema.alterTable("enquiries").addColumn("visa_label", "text").execute();
  },
};
