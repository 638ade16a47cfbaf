import type { Page } from "@playwright/test";
import { expectNoViolations } from "./axe";
import { expect, isPhone, test } from "./fixtures";
import { type SharedOffice } from "./office-fixtures";

/*
 * Issue 37, "Nothing forgotten", in Chromium at 390 and 1280 px, on the worker's office (e2e/office-fixtures.ts):
 * a next step set with a quick pick and with a date and time (Dubai's), shown in the Due tab, first, once it is due,
 * and marked done; a visitor who writes twice from one phone, linked on both enquiries' pages, the earlier one back
 * in New. The tests share the worker's database: each test's visitors carry a word and a number of their own, and
 * every step made due is done before the test ends (other specs read the inbox's tabs).
 */

/** A moment as an `<input type="datetime-local">` takes it, in Dubai time (UTC+4 all year). */
const dubaiInput = (at: number) => new Date(at + 4 * 60 * 60_000).toISOString().slice(0, 16);

test.describe("the back office's next steps, Due tab and linked enquiries (issue 37)", () => {
  const open = async (office: SharedOffice, page: Page, name: string) => {
    await page.goto(`${office.origin}/office?q=${encodeURIComponent(name)}`);
    await page
      .getByRole("link", { name: new RegExp(name) })
      .first()
      .click();
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  };
  const card = (page: Page) => page.getByRole("region", { name: "Next step" });
  const tabs = (page: Page) => page.getByRole("navigation", { name: "Enquiries by status" });
  const shoot = async (page: Page, name: string) => {
    const widths = isPhone(page) ? [390, 360] : [1280];
    const size = page.viewportSize();
    for (const width of widths) {
      await page.setViewportSize({ width, height: size?.height ?? 800 });
      // Nothing runs off the side at any width.
      const wider = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(wider, `the page scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
      // And no field or button runs past its card.
      const past = await page.evaluate(() =>
        [...document.querySelectorAll(".card")].flatMap((card) => {
          const right = card.getBoundingClientRect().right;
          return [...card.querySelectorAll("input, button, select, textarea")]
            .filter((field) => field.getBoundingClientRect().right > right + 0.5)
            .map((field) => field.outerHTML.slice(0, 80));
        }),
      );
      expect(past, `fields wider than their card at ${width} px`).toEqual([]);
      // The whole page from its top (an element's own shot may sit under the sticky header).
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `/tmp/h2-${name}-${width}.png`, fullPage: true });
    }
    if (size) await page.setViewportSize(size);
  };

  test("a next step: a quick pick, a date and time, due in the Due tab first, then done", async ({ page, office }) => {
    test.setTimeout(120_000);
    const tag = isPhone(page) ? "Falaj" : "Barasti";
    const name = `${tag} Nadia`;
    const staff = await office.session(page);
    // A number and address of its own: an enquiry of the same visitor would be linked to it (the other test).
    await office.postEnquiry(page, {
      name,
      phone: isPhone(page) ? "050 737 0001" : "050 737 0002",
      email: `${tag.toLowerCase()}@example.com`,
    });
    await open(office, page, name);

    // Nothing planned yet; Enter in the note presses "Set", which asks for a date, keeping the note.
    await expect(card(page)).toContainText("Nothing planned");
    await card(page).getByLabel("Note (optional)").fill("Call about the passport copy");
    await card(page).getByLabel("Note (optional)").press("Enter");
    await expect(page.getByRole("alert")).toHaveText("Pick a date and time, or tap one of the quick picks.");
    await expect(card(page).getByLabel("Note (optional)")).toHaveValue("Call about the passport copy");
    await expectNoViolations(page);
    await shoot(page, "next-step-form");

    // A quick pick: tomorrow at 10:00 in Dubai.
    await card(page).getByRole("button", { name: "Tomorrow 10:00" }).click();
    await expect(card(page)).toContainText("Call about the passport copy");
    await expect(card(page)).toContainText(`Set by ${staff}`);
    // Tomorrow 10:00 is 10 to 24 hours away from 10:00 to midnight in Dubai, and 24 to 34 hours away after
    // midnight ("in 1 day"): the check failed in a run after 20:00 UTC.
    await expect(card(page).locator(".step-when")).toContainText(/, 10:00 · in (\d+ hours?|1 day)/);
    await expect(page.locator(".timeline")).toContainText("Next step set for");
    await expectNoViolations(page);
    await shoot(page, "next-step-card");

    // Changed to a date and time two hours ago: due at once.
    await card(page).getByText("Change the next step").click();
    await card(page).getByLabel("Note (optional)").fill("Ask for the passport photo");
    await card(page)
      .getByLabel("Date and time (Dubai)")
      .fill(dubaiInput(Date.now() - 2 * 60 * 60_000));
    await card(page).getByRole("button", { name: "Set", exact: true }).click();
    await expect(card(page)).toContainText(/overdue by (1 hour|2 hours)/);
    await shoot(page, "next-step-due");

    // The Due tab comes first in the inbox, with its count, and lists it with its note and who set it.
    await page.goto(`${office.origin}/office`);
    const due = tabs(page).getByRole("link").first();
    await expect(due).toHaveText(/^Due \d+$/);
    await due.click();
    const row = page.getByRole("listitem").filter({ hasText: name });
    await expect(row).toContainText("Ask for the passport photo");
    await expect(row).toContainText(/overdue by (1 hour|2 hours)/);
    await expect(row).toContainText(`set by ${staff}`);
    await expectNoViolations(page);
    await shoot(page, "due-tab");

    // Done: off the Due tab, on the timeline.
    await row.getByRole("link").click();
    await card(page).getByRole("button", { name: "Done" }).click();
    await expect(card(page)).toContainText("Nothing planned");
    await expect(page.locator(".timeline")).toContainText("Next step done");
    await page.goto(`${office.origin}/office?tab=due`);
    await expect(page.getByRole("listitem").filter({ hasText: name })).toHaveCount(0);
  });

  test(
    "a visitor who writes twice from one phone: linked on both pages, the earlier one back in New",
    {
      tag: "@phone",
    },
    async ({ page, office }) => {
      test.setTimeout(120_000);
      await office.session(page);
      const phone = "050 737 0003";
      await office.postEnquiry(page, { name: "Qanat Huda", phone, email: "huda@example.com" });
      await open(office, page, "Qanat Huda");
      await page.getByRole("button", { name: "Contacted" }).click();
      await expect(page.locator("[data-stage]")).toHaveText("Contacted");
      const first = page.url();

      await office.postEnquiry(page, {
        name: "Qanat Huda again",
        phone: "+971 50 737 0003",
        email: "other@example.com",
      });
      await page.goto(first);
      await expect(page.locator("[data-stage]")).toHaveText("New");
      await expect(page.locator(".timeline")).toContainText("The visitor wrote again");
      const linked = page.getByRole("region", { name: "The same visitor" });
      await expect(linked).toContainText("after this one, New");
      await shoot(page, "linked");
      await linked.getByRole("link", { name: /Also wrote on/ }).click();
      await expect(page.getByRole("heading", { name: "Qanat Huda again", level: 1 })).toBeVisible();
      const back = page.getByRole("region", { name: "The same visitor" });
      await expect(back).toContainText("before this one, New");
      await back.getByRole("link", { name: /Also wrote on/ }).click();
      await expect(page).toHaveURL(first);
      await expectNoViolations(page);
    },
  );
});
