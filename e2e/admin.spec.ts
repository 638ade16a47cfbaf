/**
 * The owner's editor at /admin, driven in Chromium against Decap's local backend (decap-server) as `npm run admin`
 * runs it: change a price on a service page, publish, rebuild, and find the new price on that page, on the home
 * card that shows it and in the JSON-LD. Everything happens on a copy of the content folder (CONTENT_DIR), so the
 * working copy is never changed. Desktop only: the editor is not a phone page, and once is enough.
 */
import { execFile, type ChildProcess } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import type { FastifyInstance } from "fastify";
import { readSettings } from "../app/lib/settings";
import { illustrationNames } from "../app/content/illustrations";
import { contentDir } from "../app/content/load";
import { writeAdminFiles } from "../scripts/admin-files";
import { startLocalBackend } from "../scripts/admin-local";
import { readCmsSettings } from "../server/admin";
import { buildServer } from "../server/app";
import { readInboxConfig } from "../server/inbox/config";
// Not ./fixtures: the editor is no page of the site (its goto waits for the site's hydration).
import { expect, test } from "@playwright/test";
import { oneBuildAtATime } from "./build-lock";

const root = join(import.meta.dirname, "..");
const run = promisify(execFile);

test.describe.configure({ mode: "serial" });

let work: string;
let decap: ChildProcess | undefined;
let server: FastifyInstance | undefined;
let siteUrl: string;
const backendLog: string[] = [];

// The one test is tagged @desktop (the editor is a desktop tool): in the phone project it is filtered out, and
// this set-up does not run.
test.beforeAll(async () => {
  // Inside the project (pre-rendering resolves packages from the build folder); build-*/ is not committed.
  work = mkdtempSync(join(root, "build-admin-e2e-"));
  cpSync(contentDir, join(work, "content"), { recursive: true });
  // The photos' folder (the editor's media folder) is there in every working copy.
  mkdirSync(join(work, "content", "images"), { recursive: true });
  // The editor asks the backend for a media file under every picture field, and the drawings named there are
  // not files: decap-server logs an error for each. Kept, and attached to the report if the test fails.
  const backend = await startLocalBackend(work, 20_000 + Math.floor(Math.random() * 20_000), (text) =>
    backendLog.push(text),
  );
  decap = backend.process;
  const api = backend.api;
  // The site as built, with the editor set up for the local backend, as `npm run admin` does.
  const client = join(work, "client");
  cpSync(join(process.env.BUILD_DIR ?? join(root, "build"), "client"), client, { recursive: true });
  const settings = readSettings({});
  const cms = { ...readCmsSettings({}), localBackend: api };
  await writeAdminFiles(client, settings, cms);
  server = await buildServer({
    root: client,
    settings,
    cms,
    inbox: readInboxConfig({ INBOX_DB: join(work, "inbox.sqlite") }, settings.email),
  });
  await server.listen({ port: 0, host: "127.0.0.1" });
  const address = server.server.address();
  siteUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});

// eslint-disable-next-line no-empty-pattern -- Playwright's hooks take the fixtures first; none is needed here.
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) {
    await testInfo.attach("decap-server output", { body: backendLog.join(""), contentType: "text/plain" });
  }
});

test.afterAll(async () => {
  await server?.close();
  decap?.kill();
  if (work && !process.env.KEEP_ADMIN_E2E) rmSync(work, { recursive: true, force: true });
});

test(
  "the owner changes a price in the editor, publishes, and the rebuilt site shows it everywhere",
  { tag: "@desktop" },
  async ({ page }) => {
    test.setTimeout(90_000);
    const before = "AED 950.00";
    const after = "AED 975.00";
    const file = join(work, "content", "visa-changes.yaml");
    // A policy that blocks something Decap needs shows as a console error.
    const problems: string[] = [];
    // A failed request is reported below with what it asked for; Chromium's own line for it says less.
    page.on("console", (message) => {
      if (message.type() === "error" && !message.text().startsWith("Failed to load resource"))
        problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    // Known: the picture field looks for a drawing's name (an image of the site, not a file of the media folder)
    // among the photos, and shows no preview for it; the value is kept as it is.
    const drawingLookup = new RegExp(`"getMediaFile".*"content/images/(${illustrationNames.join("|")})"`);
    page.on("response", (answer) => {
      const asked = answer.request().postData() ?? answer.url();
      if (answer.status() >= 400 && !drawingLookup.test(asked)) problems.push(`${answer.status()} ${asked}`);
    });
    const response = await page.goto(`${siteUrl}/admin#/collections/services/entries/visa-changes`);
    expect(response?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    await page.getByRole("button", { name: "Login" }).click();

    // Page 2 (the flight page), its first price row: "Airport to Airport".
    // Decap shows list items folded, each under its summary: unfold the page, then its row.
    const unfold = (summary: string) =>
      page.getByText(summary, { exact: true }).locator("xpath=..").getByRole("button").first().click();
    await unfold("Visa Change By Flight");
    await unfold(`Airport to Airport: ${before}`);
    const price = page.locator(`input[value="${before}"]`);
    await price.fill(after);
    await page.getByRole("button", { name: "Publish" }).click();
    await page.getByText("Publish now").click();
    await expect.poll(() => readFileSync(file, "utf8")).toContain(after);

    // Rebuild the pages from the edited copy (no post-processing: the pre-rendered HTML is what is checked).
    const buildDir = join(work, "build");
    await oneBuildAtATime(() =>
      run(process.execPath, [join(root, "node_modules", "@react-router", "dev", "bin.cjs"), "build"], {
        cwd: root,
        env: { ...process.env, BUILD_DIR: buildDir, CONTENT_DIR: join(work, "content") },
      }),
    );
    const html = (path: string) => readFileSync(join(buildDir, "client", path, "index.html"), "utf8");
    const detail = html("visa-changes/2");
    expect(detail).toContain(after);
    expect(detail).not.toContain(before);
    // The home card "same as /visa-changes/2, Airport to Airport" follows it.
    expect(html("")).toContain(after);
    const offers = [...detail.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
      (match) => match[1],
    );
    expect(offers.join("")).toContain(`"price":"${after.slice(4)}"`);
    expect(problems, "console errors in the editor (a policy that blocks what it needs)").toEqual([]);
  },
);
