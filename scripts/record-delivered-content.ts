/**
 * For developers, after a change to the content files that keeps to the spec (a reworded paragraph, a fixed
 * typo): runs every check of the delivered contract (app/content/spec-contract.test.ts) against the files as
 * they are now, and only if all pass records their fingerprints in app/content/delivered-content.json, so that
 * `npm test` holds them to the spec again. Never needed for the agency's own edits: those simply leave the
 * contract behind (see README, "Changing prices and content").
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { contentFingerprints } from "../app/content/load";

const root = join(import.meta.dirname, "..");
execFileSync("npx", ["vitest", "run", "app/content/spec-contract.test.ts"], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, CHECK_DELIVERED_CONTENT: "1" },
});
writeFileSync(
  join(root, "app", "content", "delivered-content.json"),
  `${JSON.stringify(contentFingerprints(), null, 2)}\n`,
);
console.log("Recorded the content files as delivered: app/content/delivered-content.json");
