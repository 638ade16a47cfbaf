import type { Page } from "@playwright/test";
import { expectNoViolations } from "./axe";
import { expect, isPhone, test } from "./fixtures";
import { sharedAgency } from "./office-fixtures";

/*
 * Issue 59, items 3 and 9, in Chromium at 360, 390 and 1280 px, on the worker's office (e2e/office-fixtures.ts, its
 * agency name AGENCY_NAME's, longer than the default): an enquiry held as spam says so in its header, not "New",
 * and offers only what applies (Not spam; an owner's Delete; a note); and the header holds the agency's name on one
 * line on a phone, on one row with the links, however many links the person has.
 */

/** Each width this project checks: a phone's two, the desktop's one. */
const widths = (page: Page) => (isPhone(page) ? [390, 360] : [1280]);

test.describe("the back office's enquiry page and header on a phone (issue 59, items 3 and 9)", () => {
  test("an enquiry held as spam: Held as spam in its header, only Not spam, Delete and a note", async ({
    page,
    office,
  }, testInfo) => {
    test.setTimeout(120_000);
    const name = `${isPhone(page) ? "Sabkha" : "Wadi"} Spammer`;
    await office.session(page, "owner");
    await office.postEnquiry(page, { name, phone: "050 737 0101", message: "Cheap followers, click here." });
    await page.goto(`${office.origin}/office?q=${encodeURIComponent(name)}`);
    await page
      .getByRole("main")
      .getByRole("link", { name: new RegExp(name) })
      .click();
    await page.getByRole("button", { name: "Mark as spam" }).click();

    const subtitle = page.locator(".subtitle");
    await expect(subtitle).toContainText("Held as spam");
    await expect(subtitle).not.toContainText("New");
    const held = page.getByRole("region", { name: "Held as spam" });
    await expect(held.getByRole("button", { name: /^Not spam/ })).toBeVisible();
    await expect(held.getByRole("button", { name: "Delete this spam now" })).toBeVisible();
    // Nothing that works on an enquiry being answered: it comes back with Not spam.
    for (const heading of ["Next step", "Status"]) {
      await expect(page.getByRole("heading", { name: heading, exact: true })).toHaveCount(0);
    }
    for (const link of ["Call", "WhatsApp", "E-mail"]) {
      await expect(page.getByRole("link", { name: link, exact: true })).toHaveCount(0);
    }
    await expect(page.getByText("Ready texts")).toHaveCount(0);
    await expect(page.getByText("Correct the number")).toHaveCount(0);
    await expect(page.getByText("Correct the address")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Add note" })).toBeVisible();
    await expectNoViolations(page);
    for (const width of widths(page)) {
      await page.setViewportSize({ width, height: 800 });
      await page.reload();
      const wider = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(wider, `the page scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: testInfo.outputPath(`held-${width}.png`), fullPage: true });
    }

    await held.getByRole("button", { name: /^Not spam/ }).click();
    await expect(page.locator("[data-stage]")).toHaveText("New");
    await expect(page.getByRole("heading", { name: "Status", exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Call", exact: true })).toBeVisible();
  });

  for (const [role, whose] of [
    ["owner", "an owner's"],
    ["staff", "a staff member's"],
  ] as const) {
    test(`the header: the agency's name on one line, one row with ${whose} links`, async ({
      page,
      office,
    }, testInfo) => {
      test.setTimeout(90_000);
      await office.session(page, role);
      const header = page.locator("header.bar");
      const brand = header.getByRole("link", { name: new RegExp(sharedAgency) });
      for (const width of widths(page)) {
        await page.setViewportSize({ width, height: 800 });
        await page.reload();
        // The name as the header shows it at this width: one line, never wrapped nor cut.
        const shown = await brand.evaluate((link) => {
          const name = link.querySelector<HTMLElement>(".brand-agency");
          if (!name) return null;
          const lineHeight = Number.parseFloat(getComputedStyle(name).lineHeight);
          // What is seen: the text of the name's parts that take room (a part kept for screen readers takes none).
          const seen = [...name.childNodes]
            .filter((part) => {
              if (part instanceof Element) return part.getBoundingClientRect().width > 1;
              const range = document.createRange();
              range.selectNodeContents(part);
              return range.getBoundingClientRect().width > 1;
            })
            .map((part) => part.textContent)
            .join("");
          const box = name.getBoundingClientRect();
          return {
            text: seen,
            lines: Math.round(box.height / lineHeight),
            cut: name.scrollWidth > name.clientWidth + 1 || box.right > link.getBoundingClientRect().right + 0.5,
          };
        });
        expect(shown, `the agency's name at ${width} px`).not.toBeNull();
        expect(shown?.lines, `lines of "${shown?.text}" at ${width} px`).toBe(1);
        expect(shown?.cut, `"${shown?.text}" cut at ${width} px`).toBe(false);
        // Its short form on a phone ("Al Noor"), the whole name wider; the link's name is the whole name always.
        expect(shown?.text).toBe(isPhone(page) ? "Al Noor" : sharedAgency);
        // One row: the brand and every link side by side, and a bar no taller than a tap target and its padding.
        const middles = await header.locator(".brand, nav a, nav button").evaluateAll((items) =>
          items.map((item) => {
            const box = item.getBoundingClientRect();
            return box.top + box.height / 2;
          }),
        );
        expect(Math.max(...middles) - Math.min(...middles), `one row at ${width} px`).toBeLessThan(2);
        expect((await header.boundingBox())?.height, `the header's height at ${width} px`).toBeLessThanOrEqual(62);
        await page.screenshot({
          path: testInfo.outputPath(`header-${role}-${width}.png`),
          clip: { x: 0, y: 0, width, height: 120 },
        });
      }
    });
  }
});
