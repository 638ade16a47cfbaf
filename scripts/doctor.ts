import { join } from "node:path";
import { loadEnvFile } from "../server/env-file";
import { commandArgs } from "./command-args";

const help = `Checks this server's set-up and says what is missing, one line each: ✓ fine, ! worth a look, ✗ to fix
(with what to do). Exits 1 while anything is to fix.

Usage: npm run doctor

It checks: the Node version (.nvmrc); the settings file; the settings a real host needs (SITE_URL on https, the
office's address on https, AGENCY_EMAIL, TRUST_PROXY and HOST behind the proxy); the data kept outside the project;
the build made for SITE_URL; the mail server reached with TLS (and the login taken); the database reached, and
its migrations (and pg_dump, with PostgreSQL); the site and the office answering over HTTPS; alerts on the phones
(on or off, the push services' contact, how many devices); the documents key (apart from the backups, opening
the travellers' papers); and a backup from the last two days. Run it as the server's user, from the release the server runs (docs/deploy.md).

  --help      show this help`;

async function main(): Promise<number> {
  const args = commandArgs({ options: { help: { type: "boolean", default: false } } }, help);
  if (typeof args === "number") return args;
  const { file } = loadEnvFile();
  const { runChecks } = await import("./doctor/checks");
  const checks = await runChecks({ env: process.env, root: join(import.meta.dirname, ".."), envFile: file });
  const mark = { ok: "✓", warn: "!", fail: "✗" };
  for (const check of checks) {
    console.log(`${mark[check.status]} ${check.text}${check.fix ? `\n    → ${check.fix}` : ""}`);
  }
  const failed = checks.filter((check) => check.status === "fail").length;
  console.log(failed === 0 ? "\nReady." : `\n${failed} to fix.`);
  return failed === 0 ? 0 : 1;
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(`The check failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
}
