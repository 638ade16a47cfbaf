/**
 * The editor at /admin as `npm run admin` runs it, for the editor's end-to-end tests: Decap's local backend
 * (decap-server) over a copy of the content folder, and the built site with the editor pointed at it. The copy
 * is the only thing written: the working copy's content/ is never changed by a test.
 */
import { type ChildProcess } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import type { Page } from "@playwright/test";
import { readSettings } from "../app/lib/settings";
import { contentDir } from "../app/content/load";
import { writeAdminFiles } from "../scripts/admin-files";
import { startLocalBackend } from "../scripts/admin-local";
import { freePort } from "./own-server";
import { readCmsSettings } from "../server/admin";
import { buildServer } from "../server/app";
import { readInboxConfig } from "../server/inbox/config";

const root = join(import.meta.dirname, "..");

export interface Editor {
  /** The throwaway folder: content/ (the copy the editor writes), client/ (the site served). */
  work: string;
  siteUrl: string;
  /** decap-server's output, to attach to a failed test's report. */
  backendLog: string[];
  close(): Promise<void>;
}

export async function startEditor(): Promise<Editor> {
  // Inside the project (pre-rendering resolves packages from the build folder); build-*/ is not committed.
  const work = mkdtempSync(join(root, "build-admin-e2e-"));
  cpSync(contentDir, join(work, "content"), { recursive: true });
  // The photos' folder (the editor's media folder) is there in every working copy.
  mkdirSync(join(work, "content", "images"), { recursive: true });
  const backendLog: string[] = [];
  let decap: ChildProcess | undefined;
  let server: FastifyInstance | undefined;
  const close = async () => {
    await server?.close();
    decap?.kill();
    if (!process.env.KEEP_ADMIN_E2E) rmSync(work, { recursive: true, force: true });
  };
  try {
    // A port the system says is free: a random one could be a port another test's server had just been given.
    const backend = await startLocalBackend(work, await freePort(), (text) => backendLog.push(text));
    decap = backend.process;
    // The site as built, with the editor set up for the local backend, as `npm run admin` does.
    const client = join(work, "client");
    cpSync(join(process.env.BUILD_DIR ?? join(root, "build"), "client"), client, { recursive: true });
    const settings = readSettings({});
    const cms = { ...readCmsSettings({}), localBackend: backend.api };
    await writeAdminFiles(client, settings, cms);
    server = await buildServer({
      root: client,
      settings,
      cms,
      inbox: readInboxConfig({ INBOX_DB: join(work, "inbox.sqlite") }, settings.email),
    });
    await server.listen({ port: 0, host: "127.0.0.1" });
    const address = server.server.address();
    const siteUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    return { work, siteUrl, backendLog, close };
  } catch (error) {
    await close();
    // A start that failed says what decap-server printed: the spec's own attachment of it needs a started editor.
    const output = backendLog.join("").trim();
    if (error instanceof Error && output) error.message += `\ndecap-server's output:\n${output}`;
    throw error;
  }
}

/**
 * What went wrong in the editor's page: console errors (a policy that blocks what Decap needs shows as one), page
 * errors, and every answer of 400 or more, each with what was asked (the local backend is asked by POST, the
 * action in the body).
 */
export function watchEditor(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    // A failed request is reported below with what it asked for; Chromium's own line for it says less.
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource"))
      problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("response", (answer) => {
    if (answer.status() >= 400) problems.push(`${answer.status()} ${answer.request().postData() ?? answer.url()}`);
  });
  return problems;
}
