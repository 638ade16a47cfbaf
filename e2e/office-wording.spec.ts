import type { Page } from "@playwright/test";
import BetterSqlite3 from "better-sqlite3";
import { pageTitle } from "../app/content/page-titles";
import { paths } from "../app/lib/paths";
import { expectNoViolations } from "./axe";
import { expect, isPhone, test } from "./fixtures";
import { type SharedOffice, sharedAgency } from "./office-fixtures";

/*
 * Issue 35, item 8, "The office says what it knows", in Chromium at 390 and 1280 px, on the worker's office
 * (e2e/office-fixtures.ts: mail not set up, an agency name of its own, AGENCY_NAME), modelled on
 * e2e/office-phones.spec.ts: one test per point, each signed in as the worker's staff member. Each test's visitors
 * carry a word of their own, searched for. What the office says does not change with the width: those points are
 * checked once, on the desktop; what a phone shows differently (the enquiry's first screen, the header on one row)
 * is checked at both widths.
 */

/** Not the default: the header's name comes from the AGENCY_NAME setting, never from the code. */
const agency = sharedAgency;
const detailPage = paths.detail("dubai-visa", 1);

test.describe("the back office says what it knows (issue 35, item 8)", () => {
  /**
   * An enquiry from the first Dubai Visa page's form (its own choice of visa left), as that form sends it: the form
   * itself is e2e/forms.spec.ts's.
   */
  const sendEnquiry = (office: SharedOffice, page: Page, name: string, message = "Two adults, 30 days.") =>
    office.postEnquiry(page, { name, path: detailPage, visa: null, travelDate: "2026-12-07", message });

  /** The enquiry's page, found by the visitor's name. */
  async function openEnquiry(office: SharedOffice, page: Page, name: string) {
    await page.goto(`${office.origin}/office?q=${encodeURIComponent(name)}`);
    await page
      .getByRole("main")
      .getByRole("link", { name: new RegExp(name) })
      .click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  }

  const tag = (page: Page, phone: string, desktop: string) => (isPhone(page) ? phone : desktop);

  test("a tap on Call, WhatsApp or E-mail shows Contacted at once, and the server keeps it", async ({
    page,
    office,
  }) => {
    test.setTimeout(90_000);
    const name = `${tag(page, "Mangga", "Santol")} Reyes`;
    await office.session(page);
    await sendEnquiry(office, page, name);
    await openEnquiry(office, page, name);
    const stage = page.locator(".subtitle .stage");
    await expect(stage).toHaveText("New");
    // The apps themselves are not opened here: the browser stays on the page once the office's handler has run.
    await page.evaluate(() =>
      document.addEventListener("click", (event) => {
        if ((event.target as Element).closest("a[data-reply]")) event.preventDefault();
      }),
    );
    const logged = page.waitForResponse((response) => response.url().endsWith("/replies"));
    await page.getByRole("link", { name: "WhatsApp" }).click();
    // At once: before the server has answered, and without a reload.
    await expect(stage).toHaveText("Contacted", { timeout: 500 });
    await expect(page.getByRole("button", { name: "Contacted", exact: true })).toHaveCount(0);
    expect((await logged).ok()).toBe(true);
    await expect(page.getByRole("status")).toContainText("Contacted");
    // The next load says the same, from the server.
    await page.reload();
    await expect(stage).toHaveText("Contacted");
    await expect(page.getByText("Opened WhatsApp")).toBeVisible();
  });

  test("on a phone the visitor's message is in the first screen", async ({ page, office }, testInfo) => {
    test.setTimeout(90_000);
    const name = `${tag(page, "Bayabas", "Chico")} Cruz`;
    await office.session(page);
    await sendEnquiry(
      office,
      page,
      name,
      "We are two adults and a child, travelling for 30 days. Can you call after 6 pm?",
    );
    await openEnquiry(office, page, name);
    const message = page.getByText("We are two adults and a child", { exact: false });
    const box = await message.boundingBox();
    const height = page.viewportSize()?.height ?? 0;
    expect(box, "the message is shown").not.toBeNull();
    expect((box?.y ?? 0) + (box?.height ?? 0), "the message's bottom edge").toBeLessThanOrEqual(height);
    await expectNoViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`enquiry-${isPhone(page) ? 390 : 1280}.png`) });
    if (isPhone(page)) {
      await page.setViewportSize({ width: 360, height: 740 });
      await page.reload();
      await page.screenshot({ path: testInfo.outputPath("enquiry-360.png"), fullPage: true });
    }
  });

  test("pages are named by their titles, not their paths", { tag: "@desktop" }, async ({ page, office }) => {
    test.setTimeout(90_000);
    const name = `${tag(page, "Kamias", "Duhat")} Santos`;
    const title = pageTitle(detailPage) ?? "";
    expect(title).toMatch(/\S/);
    await office.session(page);
    await sendEnquiry(office, page, name);
    await page.goto(`${office.origin}/office?q=${encodeURIComponent(name)}`);
    const row = page.getByRole("main").getByRole("link", { name: new RegExp(name) });
    await expect(row).toContainText(title);
    await expect(row).not.toContainText(detailPage);
    await row.click();
    await expect(page.locator(".field", { hasText: "Sent from" })).toContainText(title);
  });

  test("a spam reason is said in plain words", { tag: "@desktop" }, async ({ page, office }) => {
    test.setTimeout(90_000);
    const name = `${tag(page, "Langka", "Lanzones")} Bot`;
    await office.session(page);
    // What a form-filling robot sends: the hidden box ticked, no proof of work.
    const sent = await page.request.post(`${office.origin}/api/submit`, {
      data: {
        name,
        email: "bot@example.com",
        phoneNo: "0501234567",
        message: "Cheap offers",
        subject: "Offer",
        botcheck: "1",
      },
    });
    expect(sent.ok()).toBe(true);
    await openEnquiry(office, page, name);
    const held = page.getByRole("region", { name: "Held as spam" });
    await expect(held).toContainText("a hidden field only robots fill in was filled");
    await expect(page.getByText("honeypot")).toHaveCount(0);
  });

  test(
    "with mail turned off, an enquiry says so, not “Waiting to be mailed”",
    { tag: "@desktop" },
    async ({ page, office }) => {
      test.setTimeout(90_000);
      const name = `${tag(page, "Atis", "Rambutan")} Lim`;
      await office.session(page);
      await sendEnquiry(office, page, name);
      await openEnquiry(office, page, name);
      await expect(page.locator(".field", { hasText: "Mail to the agency" })).toContainText(
        "Mail is turned off on this server",
      );
      await expect(page.getByText("Waiting to be mailed")).toHaveCount(0);
    },
  );

  test("travel dates read “7 Dec 2026”", { tag: "@desktop" }, async ({ page, office }) => {
    test.setTimeout(90_000);
    const name = `${tag(page, "Suha", "Dalandan")} Tan`;
    await office.session(page);
    await sendEnquiry(office, page, name);
    await page.goto(`${office.origin}/office?q=${encodeURIComponent(name)}`);
    const row = page.getByRole("main").getByRole("link", { name: new RegExp(name) });
    await expect(row).toContainText("Travel 7 Dec 2026");
    await row.click();
    await expect(page.locator(".field", { hasText: "Travel date" })).toContainText("7 Dec 2026");
    await expect(page.getByText("2026-12-07")).toHaveCount(0);
  });

  test("the Done list shows why an enquiry was lost", { tag: "@desktop" }, async ({ page, office }) => {
    test.setTimeout(90_000);
    const name = `${tag(page, "Guyabano", "Makopa")} Go`;
    await office.session(page);
    await sendEnquiry(office, page, name);
    await openEnquiry(office, page, name);
    await page.getByLabel("Lost, because").fill("Went with a cheaper agency");
    await page.getByRole("button", { name: "Mark lost" }).click();
    await expect(page.getByText("Moved to Lost: Went with a cheaper agency")).toBeVisible();
    await page.goto(`${office.origin}/office?tab=done&q=${encodeURIComponent(name)}`);
    await expect(page.getByRole("main").getByRole("link", { name: new RegExp(name) })).toContainText(
      "Lost: Went with a cheaper agency",
    );
  });

  test("the header names the agency", async ({ page, office }, testInfo) => {
    test.setTimeout(90_000);
    await office.session(page);
    const header = page.locator("header.bar");
    await expect(header.getByRole("link", { name: new RegExp(agency) })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(agency));
    await expectNoViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`inbox-${isPhone(page) ? 390 : 1280}.png`), fullPage: true });
    if (isPhone(page)) {
      await page.setViewportSize({ width: 360, height: 740 });
      await page.reload();
      // The brand and the links, one row still on the narrowest phone.
      const middles = await header.locator(".brand, nav a, nav button").evaluateAll((items) =>
        items.map((item) => {
          const box = item.getBoundingClientRect();
          return box.top + box.height / 2;
        }),
      );
      expect(Math.max(...middles) - Math.min(...middles)).toBeLessThan(2);
      await page.screenshot({ path: testInfo.outputPath("inbox-360.png"), fullPage: true });
    }
  });

  test("counts read “1 enquiry”, “2 enquiries”, “1 day ago”", { tag: "@desktop" }, async ({ page, office }) => {
    test.setTimeout(90_000);
    const name = `${tag(page, "Balimbing", "Tiesa")} Ong`;
    await office.session(page);
    await sendEnquiry(office, page, name);
    // Received a day and an hour ago.
    const file = new BetterSqlite3(office.database);
    file
      .prepare("UPDATE enquiries SET received_at = ? WHERE name = ?")
      .run(new Date(Date.now() - 25 * 3_600_000).toISOString(), name);
    file.close();
    await page.goto(`${office.origin}/office?q=${encodeURIComponent(name)}`);
    await expect(page.getByRole("main").getByRole("link", { name: new RegExp(name) })).toContainText("1 day ago");
    await page.goto(`${office.origin}/office`);
    await expect(page.getByText(/^(1 enquiry|[0-9,]+ enquiries) came today$/)).toBeVisible();
    await expect(page.getByText(/\b1 enquiries\b/)).toHaveCount(0);
  });
});
