import type { Migration } from "./migration";

/**
 * A placeholder for migration 19, which the payments' branch (issue 58: server/pay/) brings: the runner wants the
 * versions numbered without a gap, and this branch's invoices are migration 20. It makes nothing. On merging, the
 * payments' own 019 takes its place (drop this file and its line in ./index.ts).
 */
export const reserved: Migration = {
  version: 19,
  name: "reserved",
  async up() {},
};
