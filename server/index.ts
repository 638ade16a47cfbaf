import { join, resolve } from "node:path";
import type { AddressInfo } from "node:net";
import { readSettings } from "../app/lib/settings";
import { buildServer } from "./app";
import { describeDatabase } from "./data/settings";
import { loadEnvFileOrStop } from "./env-file";
import { readInboxConfig } from "./inbox/config";
import { readChoreSettings } from "./office/chores";
import { readOfficeSetting } from "./office/config";
import { startupMessage } from "./startup";
import { readTrustProxy } from "./trust-proxy";

// The settings file beside the project (.env) first: under what the real environment sets (server/env-file.ts).
const envFile = loadEnvFileOrStop("The server cannot start");
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
// CLIENT_ROOT lets tests and benchmarks serve a stand-in build.
const root = process.env.CLIENT_ROOT
  ? resolve(process.env.CLIENT_ROOT)
  : join(process.env.BUILD_DIR ? resolve(process.env.BUILD_DIR) : join(import.meta.dirname, "..", "build"), "client");
/** LOG_VISITORS: "on" logs each request's visitor address and query string; "off" (default) leaves both out. */
function readLogVisitors(value: string | undefined): boolean {
  const setting = value?.trim().toLowerCase() || "off";
  if (setting !== "on" && setting !== "off") throw new Error(`LOG_VISITORS must be on or off, not "${setting}"`);
  return setting === "on";
}

const settings = orStop(() => readSettings(process.env));
const inbox = orStop(() => readInboxConfig(process.env, settings.email));
const office = orStop(() => readOfficeSetting(process.env, settings));
const chores = orStop(() => readChoreSettings(process.env));
const store = describeDatabase(inbox.database);
const logVisitors = orStop(() => readLogVisitors(process.env.LOG_VISITORS));
const trustProxy = orStop(() => readTrustProxy(process.env.TRUST_PROXY));
if (trustProxy === true) {
  // Every address in X-Forwarded-For would be believed, the ones the visitor wrote included.
  console.warn(
    "Warning: TRUST_PROXY=true believes whatever address a request names in X-Forwarded-For, so any visitor can " +
      "choose their own and get past the rate limits. Set TRUST_PROXY to the proxy's address instead, such as " +
      "127.0.0.1 for nginx on this computer.",
  );
}

/** A setting read; a bad one (DATABASE_URL, OFFICE_URL…) stops the start with its message alone, no stack trace. */
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
  logger: process.env.LOG !== "off",
  logVisitors,
  trustProxy,
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
