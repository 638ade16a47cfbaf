/**
 * The owner's editor at /admin, driven in Chromium against Decap's local backend (decap-server) as `npm run admin`
 * runs it: change a price on a service page, publish, rebuild, and find the new price on that page, on the home
 * card that shows it and in the JSON-LD. Everything happens on a copy of the content folder (CONTENT_DIR), so the
 * working copy is never changed. Desktop only: the editor is not a phone page, and once is enough.
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
// Not ./fixtures: the editor is no page of the site (its goto waits for the site's hydration).
import { expect, test } from "@playwright/test";
import { oneBuildAtATime } from "./build-lock";
import { startEditor, watchEditor, type Editor } from "./editor-server";

const root = join(import.meta.dirname, "..");
const run = promisify(execFile);

test.describe.configure({ mode: "serial" });

let editor: Editor;

// The one test is tagged @desktop (the editor is a desktop tool): in the phone project it is filtered out, and
// this set-up does not run.
test.beforeAll(async () => {
  editor = await startEditor();
});

// eslint-disable-next-line no-empty-pattern -- Playwright's hooks take the fixtures first; none is needed here.
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) {
    await testInfo.attach("decap-server output", { body: editor.backendLog.join(""), contentType: "text/plain" });
  }
});

test.afterAll(async () => {
  await editor?.close();
});

test(
  "the owner changes a price in the editor, publishes, and the rebuilt site shows it everywhere",
  { tag: "@desktop" },
  async ({ page }) => {
    test.setTimeout(90_000);
    const before = "AED 950.00";
    const after = "AED 975.00";
    const { work, siteUrl } = editor;
    const file = join(work, "content", "visa-changes.yaml");
    const problems = watchEditor(page);
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
    expect(problems, "errors in the editor (a policy that blocks what it needs, a failed request)").toEqual([]);
  },
);
