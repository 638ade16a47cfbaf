import type { Page } from "@playwright/test";
import { expectNoViolations } from "./axe";
import { expect, isPhone, test } from "./fixtures";
import { type SharedOffice } from "./office-fixtures";

/*
 * Issue 37, "Nothing forgotten", in Chromium at 390 and 1280 px, on the worker's office (e2e/office-fixtures.ts):
 * a next step set with a quick pick and with a date and time (Dubai's), shown in the Due tab, first, once it is due,
 * and marked done; an enquiry with another's phone number (a stranger who knows it), linked on both pages, saying
 * what matched and what differs, both contact details side by side, the earlier one's stage kept (issue 55, part
 * 5). The tests share the worker's database: each test's visitors carry a word and a number of their own, and
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

  test("an enquiry with another's phone number: what matched and what differs, side by side on both, the earlier one's stage kept", async ({
    page,
    office,
  }) => {
    test.setTimeout(120_000);
    await office.session(page);
    // A stranger who knows Huda's number asks, as her, for the visa to go elsewhere (issue 55, part 5).
    const [tag, phone] = isPhone(page) ? ["Qanat", "050 737 0003"] : ["Aflaj", "050 737 0004"];
    const huda = `${tag} Huda`;
    await office.postEnquiry(page, { name: huda, phone, email: `huda.${tag.toLowerCase()}@example.com` });
    await open(office, page, huda);
    await page.getByRole("button", { name: "Contacted" }).click();
    await expect(page.locator("[data-stage]")).toHaveText("Contacted");
    const first = page.url();

    await office.postEnquiry(page, {
      name: `${tag} Hooda`,
      phone: `+971 ${phone.slice(1)}`,
      email: "send-the-visa-here@example.com",
      message: "Please send my visa to this new e-mail instead.",
    });
    await page.goto(first);
    // Flagged, not moved: the customer's enquiry keeps its stage.
    await expect(page.locator("[data-stage]")).toHaveText("Contacted");
    await expect(page.locator(".timeline")).toContainText("A later enquiry has the same phone number");
    await expect(page.getByText(/same visitor|wrote again/i)).toHaveCount(0);
    const linked = page.getByRole("region", { name: "Same phone or e-mail as another enquiry" });
    await expect(linked).toContainText("Same phone number; different e-mail address and name.");
    await expect(linked).toContainText("after this one, New");
    const table = linked.getByRole("table", { name: /Contact details of this enquiry/ });
    await expect(table.getByRole("row", { name: /E-mail/ })).toContainText("send-the-visa-here@example.com");
    await expect(table.getByRole("row", { name: /E-mail/ })).toContainText(`huda.${tag.toLowerCase()}@example.com`);
    await shoot(page, "linked-earlier");
    await linked.getByRole("link", { name: /^Enquiry \d+$/ }).click();
    await expect(page.getByRole("heading", { name: `${tag} Hooda`, level: 1 })).toBeVisible();
    const back = page.getByRole("region", { name: "Same phone or e-mail as another enquiry" });
    await expect(back).toContainText("Same phone number; different e-mail address and name.");
    await expect(back).toContainText("before this one, Contacted");
    await expect(back.getByRole("row", { name: /Name/ })).toContainText(huda);
    await expectNoViolations(page);
    await shoot(page, "linked-later");
    await back.getByRole("link", { name: /^Enquiry \d+$/ }).click();
    await expect(page).toHaveURL(first);
  });
});
