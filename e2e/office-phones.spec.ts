import type { Page } from "@playwright/test";
import { expectNoViolations } from "./axe";
import { expect, isPhone, test } from "./fixtures";
import { type SharedOffice } from "./office-fixtures";

/*
 * Issue 35, items 4 and 5, in Chromium at 390 and 1280 px, on the worker's office (e2e/office-fixtures.ts),
 * signed in as its staff member. Item 4: visitors' phone numbers, sent from the public form as they typed them, are
 * dialled in international form, a foreign mobile without its country code is flagged and corrected, and a search
 * finds a number however it is typed. Item 5: a search looks in every tab, the tab narrows it, the service filter
 * applies when chosen, every tab shows its count and the inbox says how many came today. The tests share the
 * server's database: each test's visitors carry a word and numbers of their own, searched for.
 */

test.describe("the back office's phone numbers and search (issue 35)", () => {
  /**
   * An enquiry as the Services page's form sends it (the form itself is e2e/forms.spec.ts's), the phone number as
   * the visitor typed it.
   */
  const sendEnquiry = (office: SharedOffice, page: Page, name: string, phone: string, visa = "Dubai Tourist Visa") =>
    office.postEnquiry(page, { name, phone, visa });

  const search = async (office: SharedOffice, page: Page, words: string) => {
    await page.goto(`${office.origin}/office`);
    await page.getByRole("searchbox", { name: "Search" }).fill(words);
    await page.getByRole("button", { name: "Search" }).click();
  };
  const tabs = (page: Page) => page.getByRole("navigation", { name: "Enquiries by status" });

  test("item 4: a foreign mobile typed without its country code is flagged, corrected, then dialled in international form", async ({
    page,
    office,
  }, testInfo) => {
    test.setTimeout(90_000);
    const tag = isPhone(page) ? "Kalamansi" : "Sampaguita";
    await office.session(page);
    await sendEnquiry(office, page, `${tag} Priya`, "9845012345");

    // The Indian mobile typed without +91: flagged, never a call to +98.
    await search(office, page, `${tag} Priya`);
    await page.getByRole("link", { name: new RegExp(`${tag} Priya`) }).click();
    const flag = page.getByRole("region", { name: "Check the phone number" });
    await expect(flag).toContainText("looks like a mobile number of another country, typed without its country code");
    await expect(flag).toContainText("+91 98450 12345 (India)");
    await expect(page.getByRole("link", { name: "Call" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "WhatsApp" })).toHaveCount(0);
    await expectNoViolations(page);
    if (isPhone(page)) await page.screenshot({ path: testInfo.outputPath("flagged-number.png"), fullPage: true });

    const number = flag.getByLabel("Number with its country code");
    await expect(number).toHaveValue("+91 98450 12345");
    await number.fill("12345");
    await flag.getByRole("button", { name: "Save number" }).click();
    await expect(page.getByRole("alert")).toContainText("Type the number with its country code");
    await page.getByLabel("Number with its country code").fill("+91 98450 12345");
    await page.getByRole("button", { name: "Save number" }).click();
    await expect(page.getByRole("region", { name: "Check the phone number" })).toHaveCount(0);
    await expect(page.getByText("Corrected the phone number to +91 98450 12345")).toBeVisible();
    await expect(page.getByRole("link", { name: "Call" })).toHaveAttribute("href", "tel:+919845012345");
    const whatsapp = new URL((await page.getByRole("link", { name: "WhatsApp" }).getAttribute("href")) ?? "");
    expect(whatsapp.pathname).toBe("/919845012345");
    // What the visitor typed is kept, the international form beside it.
    await expect(page.locator(".details")).toContainText("9845012345 · +91 98450 12345");
    if (isPhone(page)) await page.screenshot({ path: testInfo.outputPath("corrected-number.png"), fullPage: true });
  });

  // What a search finds does not change with the width: checked once, on the desktop.
  test(
    "item 4: a search finds a number however it is typed; 09171234567 finds +63 917 123 4567",
    { tag: "@desktop" },
    async ({ page, office }) => {
      test.setTimeout(90_000);
      const tag = "Sinigang";
      // Numbers of their own: the tests share the server.
      const last = "6544";
      await office.session(page);
      await sendEnquiry(office, page, `${tag} Omar`, `050 987 ${last}`);
      await sendEnquiry(office, page, `${tag} Joy`, `+63 917 123 ${last}`);
      for (const typed of [`+971 50 987 ${last}`, `050987${last}`, `0097150987${last}`, `97150987${last}`]) {
        await search(office, page, typed);
        await expect(page.getByRole("link", { name: new RegExp(`${tag} Omar`) }), typed).toBeVisible();
      }
      await search(office, page, `0917123${last}`);
      await page.getByRole("link", { name: new RegExp(`${tag} Joy`) }).click();
      await expect(page.getByRole("link", { name: "Call" })).toHaveAttribute("href", `tel:+63917123${last}`);
      await expect(page.locator(".details")).toContainText(`+63 917 123 ${last}`);
    },
  );

  test("item 5: a search looks in every tab, the tab narrows it, the service filter applies, tabs count", async ({
    page,
    office,
  }, testInfo) => {
    test.setTimeout(90_000);
    const tag = isPhone(page) ? "Ube" : "Halo";
    await office.session(page);
    await sendEnquiry(office, page, `${tag} Fresh`, "050 111 2233");
    await sendEnquiry(office, page, `${tag} Worked`, "050 111 2234");
    await sendEnquiry(office, page, `${tag} Kabayan`, "050 111 2235", "Kabayan Package");

    await page.goto(`${office.origin}/office`);
    await expect(page.getByText(/^(1 enquiry|[0-9,]+ enquiries) came today$/)).toBeVisible();
    for (const label of ["New", "In progress", "Done", "Held as spam", "All"]) {
      await expect(tabs(page).getByRole("link", { name: new RegExp(`^${label} [0-9,]+$`) })).toBeVisible();
    }

    // One moves on to In progress: out of the New tab, and still found by a search from it.
    await page.getByRole("link", { name: new RegExp(`${tag} Worked`) }).click();
    await page.getByRole("button", { name: "Awaiting documents" }).click();
    await expect(page.getByText("Moved to Awaiting documents")).toBeVisible();

    await search(office, page, tag);
    await expect(page.getByRole("link", { name: new RegExp(`${tag} Worked.*Awaiting documents`) })).toBeVisible();
    await expect(page.getByRole("link", { name: new RegExp(`${tag} Fresh.*New`) })).toBeVisible();
    await expect(tabs(page).getByRole("link", { name: "Every tab 3" })).toHaveAttribute("aria-current", "page");
    await expect(tabs(page).getByRole("link", { name: "New 2" })).toBeVisible();
    await expect(tabs(page).getByRole("link", { name: "In progress 1" })).toBeVisible();
    await expect(tabs(page).getByRole("link", { name: "Done 0" })).toBeVisible();
    await expectNoViolations(page);
    if (isPhone(page)) await page.screenshot({ path: testInfo.outputPath("inbox-search-counts.png"), fullPage: true });

    await tabs(page).getByRole("link", { name: "In progress 1" }).click();
    await expect(page.getByRole("link", { name: new RegExp(`${tag} Worked`) })).toBeVisible();
    await expect(page.getByRole("link", { name: new RegExp(`${tag} Fresh`) })).toHaveCount(0);

    // The service filter, as its select sends it (its choices are read once a minute: the address, not the select):
    // the option the visitor picked, not the value the Dubai form sent for it ("96 Hours Dubai Transit Visa").
    await page.goto(`${office.origin}/office?q=${tag}&service=${encodeURIComponent("Kabayan Package")}`);
    await expect(page.getByRole("link", { name: new RegExp(`${tag} Kabayan`) })).toBeVisible();
    await expect(page.getByRole("link", { name: new RegExp(`${tag} Fresh`) })).toHaveCount(0);
    await expect(tabs(page).getByRole("link", { name: "Every tab 1" })).toBeVisible();

    await page.goto(`${office.origin}/office`);
    if (isPhone(page)) await page.screenshot({ path: testInfo.outputPath("inbox-counts.png"), fullPage: true });
  });
});
