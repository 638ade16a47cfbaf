/**
 * The editor at /admin as the owner meets it (issue 35, item 12), against Decap's local backend over a copy of
 * the content folder (./editor-server.ts): a price is two clicks from the start and one price changed is one line
 * of its file changed, comments and order kept; the labels are in the agency's words; the drawings show as
 * pictures; and the local backend answers nothing with an error. Desktop only: the editor is for a computer (the
 * agency's guide says so, and the editor says it on a phone).
 */
import { execFile } from "node:child_process";
import { copyFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
// Not ./fixtures: the editor is no page of the site (its goto waits for the site's hydration).
import { expect, test, type Page } from "@playwright/test";
import { startEditor, watchEditor, type Editor } from "./editor-server";

const run = promisify(execFile);
/** Decap loads its 5 MB bundle, then the entry: on a busy machine, well over the 5 s of a plain expectation. */
const loading = { timeout: 30_000 };

test.describe.configure({ mode: "serial" });

let editor: Editor;

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

/** `diff` of two files: its output (empty when they are the same). */
async function diff(before: string, after: string): Promise<string> {
  try {
    return (await run("diff", [before, after])).stdout;
  } catch (error) {
    // diff exits with 1 when the files differ.
    if ((error as { code?: number }).code === 1) return (error as { stdout: string }).stdout;
    throw error;
  }
}

async function login(page: Page, hash = ""): Promise<void> {
  await page.goto(`${editor.siteUrl}/admin${hash}`);
  await page.getByRole("button", { name: "Login" }).click();
}

/** What the owner reads: the text as shown, in the capitals Decap shows its labels in. */
const shownText = (page: Page) => page.locator("body").innerText();

test.describe("the editor at /admin", { tag: "@desktop" }, () => {
  test.setTimeout(90_000);

  test("a price is two clicks away, and changing it changes one line of its file", async ({ page }) => {
    const file = join(editor.work, "content", "visa-changes.yaml");
    const before = join(editor.work, "visa-changes.before.yaml");
    copyFileSync(file, before);
    const problems = watchEditor(page);
    await login(page);

    // Click 1: the prices; click 2: the service's prices. The price field is then on the form, not folded away.
    await page.getByRole("link", { name: "Prices", exact: true }).click();
    await page.getByRole("link", { name: "Visa Change prices" }).click();
    const price = page.locator('input[value="AED 950.00"]');
    await expect(price).toBeVisible(loading);
    await price.scrollIntoViewIfNeeded();
    await price.fill("AED 975.00");
    await page.screenshot({ path: test.info().outputPath("editor-price-1280.png") });
    await page.getByRole("button", { name: "Publish" }).click();
    await page.getByText("Publish now").click();
    await expect.poll(() => readFileSync(file, "utf8"), loading).toContain("AED 975.00");

    const lines = (await diff(before, file)).trimEnd().split("\n");
    expect(lines, "diff of the file: one line changed").toEqual([
      expect.stringMatching(/^\d+c\d+$/),
      "<         price: AED 950.00",
      "---",
      ">         price: AED 975.00",
    ]);
    expect(readFileSync(file, "utf8")).toMatch(/^# Visa Change pages: /);
    expect(problems, "errors in the editor (a failed request, a console error)").toEqual([]);
  });

  test("the labels are in the agency's words", async ({ page }) => {
    const problems = watchEditor(page);
    await login(page, "#/collections/prices/entries/visa-changes");
    await expect(page.locator('input[value="AED 550.00"]')).toBeVisible(loading);
    // A page of the full form, unfolded: all its fields, the optional sections too.
    const prices = await shownText(page);
    await page.goto(`${editor.siteUrl}/admin#/collections/services/entries/visa-changes`);
    const page2 = page.getByText("Visa Change By Flight", { exact: true });
    await page2.locator("xpath=..").getByRole("button").first().click(loading);
    await expect(page.getByText("Section 7: heading").filter({ visible: true })).toBeVisible(loading);
    const full = await shownText(page);
    for (const text of [prices, full]) {
      expect(text).not.toContain("GRID");
      expect(text).not.toContain("(OPTIONAL) (OPTIONAL)");
    }
    expect(full).toContain("PAGE WITH A PRICE TABLE");
    expect(problems, "errors in the editor").toEqual([]);
  });

  test("a drawing shows as the picture itself, and no request fails", async ({ page }) => {
    const problems = watchEditor(page);
    await login(page, "#/collections/services/entries/visa-changes");
    const page2 = page.getByText("Visa Change By Flight", { exact: true });
    await page2.locator("xpath=..").getByRole("button").first().click(loading);
    const drawing = page.locator('img[src$="/drawings/visa-change-flight.svg"]').filter({ visible: true });
    await expect(drawing).toBeVisible(loading);
    await expect
      .poll(() => drawing.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), loading)
      .toBe(800);
    // The home page's cards: each picture a drawing, each shown.
    await page.goto(`${editor.siteUrl}/admin#/collections/pages/entries/home`);
    await page.getByText("Cards").first().waitFor(loading);
    expect(problems, "errors in the editor (the local backend asked for a drawing as a file answered 500)").toEqual([]);
  });

  test("the office's ready texts: a text changed in place, a field spelt wrong refused (issue 37)", async ({
    page,
  }) => {
    const file = join(editor.work, "content", "office", "replies.yaml");
    const before = join(editor.work, "replies.before.yaml");
    copyFileSync(file, before);
    const problems = watchEditor(page);
    await login(page);
    await page.getByRole("link", { name: "Office: replies to visitors" }).click();
    await page.getByRole("link", { name: "Greetings and ready texts" }).click();
    const reminder = page.getByText("Reminder", { exact: true });
    await reminder.locator("xpath=..").getByRole("button").first().click(loading);
    const found = page.locator("textarea").filter({ hasText: "Just a reminder about" });
    await expect(found).toBeVisible(loading);
    // The box by its id: its text is about to change.
    const text = page.locator(`textarea#${await found.getAttribute("id")}`);
    await text.fill("Hello {name}, a reminder from {prize}.");
    await page.getByRole("button", { name: "Publish" }).click();
    await page.getByText("Publish now").click();
    await expect(page.getByText(/a word in braces that is not a field/).first()).toBeVisible(loading);
    await page.screenshot({ path: test.info().outputPath("editor-ready-texts-1280.png") });
    expect(await diff(before, file), "nothing saved").toBe("");
    // Decap logs its refusal to publish as a console error of no text ("undefined"): the refusal shown above.
    const refused = problems.splice(0);
    expect(
      refused.every((problem) => problem === "undefined"),
      refused.join("\n"),
    ).toBe(true);

    await text.fill("Hello {name}, a reminder from {agency}.");
    await page.getByRole("button", { name: "Publish" }).click();
    await page.getByText("Publish now").click();
    await expect.poll(() => readFileSync(file, "utf8"), loading).toContain("a reminder from {agency}.");
    const changed = (await diff(before, file)).split("\n").filter((line) => /^[<>] /.test(line));
    expect(changed.filter((line) => line.startsWith(">"))).toEqual([">       Hello {name}, a reminder from {agency}."]);
    expect(readFileSync(file, "utf8")).toMatch(/^# The back office's replies /);
    expect(readFileSync(file, "utf8")).toContain("#     {price}      the price of the service they picked");
    expect(problems, "errors in the editor").toEqual([]);
  });

  test("the papers each service needs: a paper's words changed in place, a key spelt wrong refused (issue 56)", async ({
    page,
  }) => {
    const file = join(editor.work, "content", "office", "papers.yaml");
    const before = join(editor.work, "papers.before.yaml");
    copyFileSync(file, before);
    const problems = watchEditor(page);
    await login(page);
    await page.getByRole("link", { name: "Office: papers each service needs" }).click();
    await page.getByRole("link", { name: "Papers and the lists of each service" }).click();
    const last = page.getByText("Passport, last page", { exact: true });
    await last.locator("xpath=..").getByRole("button").first().click(loading);
    const when = page.locator('input[value="if your passport has one"]');
    await expect(when).toBeVisible(loading);
    await page.locator(`input#${await when.getAttribute("id")}`).fill("if your passport has an address page");
    await page.screenshot({ path: test.info().outputPath("editor-papers-1280.png") });
    await page.getByRole("button", { name: "Publish" }).click();
    await page.getByText("Publish now").click();
    await expect.poll(() => readFileSync(file, "utf8"), loading).toContain("if your passport has an address page");
    const changed = (await diff(before, file)).split("\n").filter((line) => /^[<>] /.test(line));
    expect(changed).toEqual([
      "<     when: if your passport has one",
      ">     when: if your passport has an address page",
    ]);
    expect(readFileSync(file, "utf8")).toMatch(/^# The papers the agency needs from a traveller/);
    expect(problems, "errors in the editor").toEqual([]);

    // The first list's first key, spelt wrong: the form refuses it before the office would refuse the file.
    copyFileSync(file, before);
    const visit = page.getByText("visit-visa", { exact: true });
    await visit.locator("xpath=..").getByRole("button").first().click(loading);
    const key = page.locator('input[value="passport-first"]').filter({ visible: true }).first();
    await expect(key).toBeVisible(loading);
    await page.locator(`input#${await key.getAttribute("id")}`).fill("Passport First");
    await page.getByRole("button", { name: "Publish" }).click();
    await page.getByText("Publish now").click();
    await expect(page.getByText(/a key is lowercase words joined by dashes/).first()).toBeVisible(loading);
    await page.screenshot({ path: test.info().outputPath("editor-papers-refused-1280.png") });
    expect(await diff(before, file), "nothing saved").toBe("");
    // Decap logs its refusal to publish as a console error of no text ("undefined"): the refusal shown above.
    const refused = problems.splice(0);
    expect(
      refused.every((problem) => problem === "undefined"),
      refused.join("\n"),
    ).toBe(true);
  });

  test("the charges on the invoices: the VAT switch saved in place as one line of the file (issue 58)", async ({
    page,
  }) => {
    const file = join(editor.work, "content", "office", "charges.yaml");
    const before = join(editor.work, "charges.before.yaml");
    copyFileSync(file, before);
    const problems = watchEditor(page);
    await login(page);
    await page.getByRole("link", { name: "Office: charges on the invoices" }).click();
    await page.getByRole("link", { name: "What each price is made of" }).click();
    const entry = page.getByText("/dubai-visa/1, Entry", { exact: true });
    await entry.locator("xpath=..").getByRole("button").first().click(loading);
    await expect(page.getByRole("textbox", { name: "Amount the customer pays for it" }).first()).toHaveValue(
      "AED 190.00",
      loading,
    );
    const vat = page.getByRole("switch", { name: "The agency's own fee, with VAT at 5 %" }).first();
    await expect(vat).toBeChecked();
    await vat.click();
    await expect(vat).not.toBeChecked();
    await page.screenshot({ path: test.info().outputPath("editor-charges-1280.png") });
    await page.getByRole("button", { name: "Publish" }).click();
    await page.getByText("Publish now").click();
    // Waits on the change itself: the file's own comment already holds "vat: false".
    const changed = async () => (await diff(before, file)).split("\n").filter((line) => /^[<>] /.test(line));
    await expect.poll(changed, loading).toEqual(["<         vat: true", ">         vat: false"]);
    expect(readFileSync(file, "utf8")).toMatch(/^# What each service's price is made of/);
    expect(problems, "errors in the editor").toEqual([]);
  });

  test("on a phone, the editor says it is made for a computer", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, "#/collections/prices/entries/visa-changes");
    await expect(page.locator('input[value="AED 550.00"]')).toBeAttached(loading);
    await expect(page.getByRole("note")).toContainText("made for a computer");
    await page.screenshot({ path: test.info().outputPath("editor-phone-390.png") });
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByRole("note")).toBeHidden();
  });
});
