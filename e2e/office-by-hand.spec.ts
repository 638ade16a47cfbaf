import type { Page } from "@playwright/test";
import { expectNoViolations } from "./axe";
import { expect, isPhone, test } from "./fixtures";
import { type SharedOffice } from "./office-fixtures";

/*
 * Issue 35, item 6, in Chromium at 390 and 1280 px, on the worker's office (e2e/office-fixtures.ts), modelled on
 * e2e/office-phones.spec.ts: an enquiry added by hand (a walk-in, a phone call, a WhatsApp chat) with how it came; a
 * wrong e-mail address corrected, on the timeline; an enquiry marked as spam by staff and let back; held spam
 * deleted at once by an owner, after a fresh passkey check and a ticked box. Each test's visitors carry a word of
 * their own, searched for.
 */

test.describe("the back office's enquiries by hand, e-mail corrections and spam (issue 35, item 6)", () => {
  /** An enquiry as the Services page's form sends it (the form itself is e2e/forms.spec.ts's). */
  const sendEnquiry = (office: SharedOffice, page: Page, name: string, email = "visitor@example.com") =>
    office.postEnquiry(page, { name, email, phone: "050 333 4455" });

  const open = async (office: SharedOffice, page: Page, name: string, tab = "") => {
    await page.goto(`${office.origin}/office?q=${encodeURIComponent(name)}${tab ? `&tab=${tab}` : ""}`);
    await page.getByRole("link", { name: new RegExp(name) }).click();
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  };
  const timeline = (page: Page) => page.locator(".timeline");
  const details = (page: Page) => page.locator(".details");

  test("an enquiry added by hand: how it came, who added it, in the inbox and its search, never mailed", async ({
    page,
    office,
  }, testInfo) => {
    test.setTimeout(90_000);
    const tag = isPhone(page) ? "Counter" : "Desk";
    const staff = await office.session(page);

    await page.getByRole("link", { name: "Add an enquiry" }).click();
    await expect(page.getByRole("heading", { name: "Add an enquiry", level: 1 })).toBeVisible();
    await expectNoViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`add-form-${isPhone(page) ? 390 : 1280}.png`), fullPage: true });

    // Nothing filled in: each field says what it needs, and nothing is stored.
    await page.getByRole("button", { name: "Add the enquiry" }).click();
    await expect(page.getByText("Say how it came.")).toBeVisible();
    await expect(page.getByText("Type their name.")).toBeVisible();
    await expect(page.getByText("Type their phone number.")).toBeVisible();
    await expectNoViolations(page);

    await page.getByRole("radio", { name: "Walk-in" }).check();
    await page.getByLabel("Name").fill(`${tag} Wahid`);
    await page.getByLabel("Phone", { exact: true }).fill("050 222 3344");
    await page.getByLabel(/^E-mail/).fill("wahid@example");
    await page.getByLabel("Service").selectOption({ label: "Visa Change Service" });
    await page
      .getByLabel("What they asked, and notes")
      .fill("Came to the office; wants a visa change before the 30th.");
    await page.getByRole("button", { name: "Add the enquiry" }).click();
    // A wrong address by the site's own rule: everything typed is kept.
    await expect(page.getByText("Type a whole e-mail address, such as name@example.com.")).toBeVisible();
    await expect(page.getByRole("radio", { name: "Walk-in" })).toBeChecked();
    await expect(page.getByLabel("Name")).toHaveValue(`${tag} Wahid`);
    await expect(page.getByLabel("Service")).toHaveValue("Visa Change Service");
    if (isPhone(page)) {
      await page.screenshot({ path: testInfo.outputPath("add-form-problem-390.png"), fullPage: true });
      await page.setViewportSize({ width: 360, height: 740 });
      await page.reload();
      await page.screenshot({ path: testInfo.outputPath("add-form-360.png"), fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
    }
    await page.getByLabel(/^E-mail/).fill("");
    await page.getByRole("button", { name: "Add the enquiry" }).click();

    // Its page: how it came, added in the office, not mailed; the timeline says who added it.
    await expect(page.getByRole("heading", { name: `${tag} Wahid`, level: 1 })).toBeVisible();
    await expect(page.locator(".subtitle")).toContainText("Visa Change Service (sent as 60 Days Dubai Visa)");
    await expect(details(page)).toContainText("How it came");
    await expect(details(page)).toContainText("Walk-in, added in the office");
    await expect(details(page)).toContainText("Not mailed: added in the office");
    await expect(timeline(page)).toContainText("Added by hand: Walk-in");
    await expect(timeline(page)).toContainText(staff);
    // Called and WhatsApped like a visitor's, in international form.
    await expect(page.getByRole("link", { name: "Call" })).toHaveAttribute("href", "tel:+971502223344");
    await expectNoViolations(page);
    await page.screenshot({ path: testInfo.outputPath("added-by-hand.png"), fullPage: true });

    // In the inbox's New tab, and found by its number however it is typed.
    await page.goto(`${office.origin}/office`);
    await expect(page.getByRole("link", { name: new RegExp(`${tag} Wahid`) })).toBeVisible();
    await page.getByRole("searchbox", { name: "Search" }).fill("+971 50 222 3344");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByRole("link", { name: new RegExp(`${tag} Wahid.*New`) })).toBeVisible();

    // A WhatsApp chat, a foreign mobile typed without its country code: flagged for a look, as a visitor's is.
    await page.goto(`${office.origin}/office/add`);
    await page.getByRole("radio", { name: "WhatsApp" }).check();
    await page.getByLabel("Name").fill(`${tag} Priya`);
    await page.getByLabel("Phone", { exact: true }).fill("9845012345");
    await page.getByRole("button", { name: "Add the enquiry" }).click();
    await expect(page.getByRole("region", { name: "Check the phone number" })).toBeVisible();
    await expect(timeline(page)).toContainText("Added by hand: WhatsApp");
  });

  test("a wrong e-mail address corrected, on the timeline; the E-mail reply writes to the new one", async ({
    page,
    office,
  }, testInfo) => {
    test.setTimeout(90_000);
    const tag = isPhone(page) ? "Typo" : "Slip";
    await office.session(page);
    await sendEnquiry(office, page, `${tag} Tariq`, "tariq@gmial.com");
    await open(office, page, `${tag} Tariq`);

    await page.getByText("Correct the address").click();
    const address = page.getByLabel("E-mail address");
    await expect(address).toHaveValue("tariq@gmial.com");
    await address.fill("tariq@");
    await page.getByRole("button", { name: "Save address" }).click();
    await expect(page.getByRole("alert")).toContainText("Type a whole e-mail address");
    await expect(page.getByLabel("E-mail address")).toHaveValue("tariq@");
    await page.getByLabel("E-mail address").fill("tariq@gmail.com");
    await page.getByRole("button", { name: "Save address" }).click();

    await expect(timeline(page)).toContainText(
      "Corrected the e-mail address to tariq@gmail.com (it was tariq@gmial.com)",
    );
    await expect(details(page)).toContainText("tariq@gmail.com");
    await expect(page.getByRole("link", { name: "E-mail" })).toHaveAttribute("href", /^mailto:tariq@gmail\.com\?/);
    await expectNoViolations(page);
    await page.screenshot({ path: testInfo.outputPath("email-corrected.png"), fullPage: true });
  });

  test("marked as spam by staff: held with who marked it, on the timeline, and let back with Not spam", async ({
    page,
    office,
  }, testInfo) => {
    test.setTimeout(90_000);
    const tag = isPhone(page) ? "Junk" : "Bulk";
    const staff = await office.session(page);
    await sendEnquiry(office, page, `${tag} Followers`);
    await open(office, page, `${tag} Followers`);
    await page.screenshot({
      path: testInfo.outputPath(`enquiry-actions-${isPhone(page) ? 390 : 1280}.png`),
      fullPage: true,
    });
    if (isPhone(page)) {
      await page.setViewportSize({ width: 360, height: 740 });
      await page.reload();
      await page.screenshot({ path: testInfo.outputPath("enquiry-actions-360.png"), fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
    }

    await page.getByRole("button", { name: "Mark as spam" }).click();
    const held = page.getByRole("region", { name: "Held as spam" });
    await expect(held).toContainText(`Why: marked by ${staff}.`);
    await expect(timeline(page)).toContainText("Marked as spam");
    await expect(page.getByRole("button", { name: "Mark as spam" })).toHaveCount(0);
    // Staff let it back; deleting it is the owner's.
    await expect(page.getByRole("button", { name: "Delete this spam now" })).toHaveCount(0);
    await expectNoViolations(page);

    await page.goto(`${office.origin}/office?tab=held`);
    await expect(page.getByRole("link", { name: new RegExp(`${tag} Followers.*Held`) })).toBeVisible();
    await expect(page.getByRole("button", { name: "Delete all held spam" })).toHaveCount(0);
    await page.goto(`${office.origin}/office?tab=new`);
    await expect(page.getByRole("link", { name: new RegExp(`${tag} Followers`) })).toHaveCount(0);

    await open(office, page, `${tag} Followers`, "held");
    await page.getByRole("button", { name: /^Not spam/ }).click();
    await expect(page.getByRole("region", { name: "Held as spam" })).toHaveCount(0);
    await expect(timeline(page)).toContainText("Marked not spam");
    await page.goto(`${office.origin}/office?tab=new`);
    await expect(page.getByRole("link", { name: new RegExp(`${tag} Followers`) })).toBeVisible();
  });

  test("an owner deletes held spam at once: one from its page, then every one, after a passkey check and a ticked box", async ({
    page,
    office,
  }, testInfo) => {
    test.setTimeout(120_000);
    const tag = isPhone(page) ? "Flood" : "Storm";
    const owner = `${tag} Owner`;
    // An owner of its own, enrolled on this page: the passkey itself is asked for again below.
    await office.signIn(page, owner, "owner");
    for (const name of [`${tag} One`, `${tag} Two`, `${tag} Three`]) {
      await sendEnquiry(office, page, name);
      await open(office, page, name);
      await page.getByRole("button", { name: "Mark as spam" }).click();
      await expect(page.getByRole("region", { name: "Held as spam" })).toBeVisible();
    }

    // One, from its page: a passkey check first once the sign-in is old, then a ticked box.
    office.staleSessions(owner);
    await page.reload();
    const held = page.getByRole("region", { name: "Held as spam" });
    await expect(held.getByRole("button", { name: "Delete this spam now" })).toHaveCount(0);
    await held.getByRole("button", { name: "Confirm with my passkey" }).click();
    await expect(held.getByRole("button", { name: "Delete this spam now" })).toBeVisible();
    await expectNoViolations(page);
    await page.screenshot({
      path: testInfo.outputPath(`held-owner-${isPhone(page) ? 390 : 1280}.png`),
      fullPage: true,
    });
    // Without the box ticked, the browser asks for it and nothing is deleted.
    await held.getByRole("button", { name: "Delete this spam now" }).click();
    await expect(page.getByRole("heading", { name: `${tag} Three`, level: 1 })).toBeVisible();
    await held.getByRole("checkbox", { name: /Yes, delete it now/ }).check();
    await held.getByRole("button", { name: "Delete this spam now" }).click();
    await expect(page.getByRole("status").filter({ hasText: "1 enquiry held as spam was deleted." })).toBeVisible();
    await page.goto(`${office.origin}/office?tab=held&q=${tag}`);
    await expect(page.getByRole("link", { name: new RegExp(`${tag} Three`) })).toHaveCount(0);
    await expect(page.getByRole("link", { name: new RegExp(`${tag} One`) })).toBeVisible();

    // Every one, from the Held as spam tab: the two left, and any other test's on this server.
    await page.goto(`${office.origin}/office?tab=held`);
    const card = page.getByRole("region", { name: "Delete held spam now" });
    await expect(card).toBeVisible();
    await expectNoViolations(page);
    await page.screenshot({
      path: testInfo.outputPath(`held-tab-owner-${isPhone(page) ? 390 : 1280}.png`),
      fullPage: true,
    });
    await card.getByRole("checkbox", { name: /Yes, delete/ }).check();
    await card.getByRole("button", { name: "Delete all held spam" }).click();
    await expect(page.getByRole("status").filter({ hasText: /held as spam were deleted\./ })).toBeVisible();
    await expect(page.getByRole("link", { name: /Held as spam 0/ })).toBeVisible();
    await page.goto(`${office.origin}/office?q=${tag}`);
    await expect(page.getByText("No enquiry matches.")).toBeVisible();

    // The audit log keeps that it was done, and how many, not what.
    await page.goto(`${office.origin}/office/audit`);
    await expect(page.getByText("deleted held spam: 1 enquiry, number")).toBeVisible();
    await expect(page.getByText(/deleted held spam: \d+ enquiries, every one held/)).toBeVisible();
  });
});
