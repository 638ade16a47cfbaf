import { join, resolve } from "node:path";
import type { AddressInfo } from "node:net";
import { siteSettingsOf } from "../app/lib/settings";
import { cmsSettingsOf } from "./admin";
import { buildServer } from "./app";
import { describeDatabase } from "./data/settings";
import { loadEnvFileOrStop } from "./env-file";
import { inboxConfigOf } from "./inbox/config";
import { choreSettingsOf } from "./office/chores";
import { officeSettingOf } from "./office/config";
import { pushSettingOf } from "./push/config";
import { readServerSettings } from "./settings";
import { startupMessage } from "./startup";

// The settings file beside the project (.env) first: under what the real environment sets (server/env-file.ts).
const envFile = loadEnvFileOrStop("The server cannot start");
// Every setting, read once: a bad one (DATABASE_URL, OFFICE_URL…) stops the start naming it (server/settings.ts).
const all = orStop(() => readServerSettings(process.env));
const port = all.PORT;
const host = all.HOST;
// CLIENT_ROOT lets tests and benchmarks serve a stand-in build.
const root = all.CLIENT_ROOT
  ? resolve(all.CLIENT_ROOT)
  : join(all.BUILD_DIR ? resolve(all.BUILD_DIR) : join(import.meta.dirname, "..", "build"), "client");
const settings = siteSettingsOf(all);
const inbox = inboxConfigOf(all, settings.email);
const office = officeSettingOf(all.OFFICE_URL, settings);
const chores = choreSettingsOf(all);
const store = describeDatabase(inbox.database);
const trustProxy = all.TRUST_PROXY;
if (trustProxy === true) {
  // Every address in X-Forwarded-For would be believed, the ones the visitor wrote included.
  console.warn(
    "Warning: TRUST_PROXY=true believes whatever address a request names in X-Forwarded-For, so any visitor can " +
      "choose their own and get past the rate limits. Set TRUST_PROXY to the proxy's address instead, such as " +
      "127.0.0.1 for nginx on this computer.",
  );
}

/** A setting read; a bad one stops the start with its message alone, no stack trace. */
function orStop<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    console.error(`The server cannot start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

const app = await buildServer({
  root,
  settings,
  inbox,
  office,
  chores,
  cms: cmsSettingsOf(all),
  logger: all.LOG,
  logVisitors: all.LOG_VISITORS,
  trustProxy,
  push: pushSettingOf(all),
});

function shutdown(signal: string) {
  app.log.info(`${signal} received, closing`);
  app.close().then(
    () => process.exit(0),
    (error: unknown) => {
      app.log.error(error);
      process.exit(1);
    },
  );
}
process.once("SIGTERM", () => shutdown("SIGTERM"));
process.once("SIGINT", () => shutdown("SIGINT"));

await app.listen({ port, host });
// With PORT=0 the system picks the port: print the one actually bound.
const bound = (app.server.address() as AddressInfo).port;
console.log(
  startupMessage({
    env: process.env,
    port: bound,
    host,
    siteUrl: settings.siteUrl,
    office,
    enquiries: inbox.smtp
      ? `Enquiries: stored in ${store}, e-mailed to ${inbox.mailTo} via ${inbox.smtp.host}:${inbox.smtp.port}`
      : `Enquiries: stored in ${store}; SMTP is not configured (SMTP_HOST), so they are not e-mailed: ` +
        `list them with "npm run enquiries"`,
    envFile,
  }).join("\n"),
);
