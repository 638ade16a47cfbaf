import type { Locator, Page } from "@playwright/test";
import { featuredCards } from "../app/content/cards";
import { homeAbout, travelAgency } from "../app/content/home";
import { priceAmount } from "../app/content/schema";
import { slides } from "../app/content/slides";
import { whyChooseItems } from "../app/content/why-choose";
import { expect, fetchHtml, test } from "./fixtures";

// The texts and prices come from the content files (app/content reads them); the spec's own values are checked
// against the files as delivered in app/content/spec-contract.test.ts.
const whyChooseTitles = whyChooseItems.map((item) => item.title);

function escapeHtml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
}

// What the page says does not depend on the width: read at the phone's. Its layout at every width is checked by
// e2e/phone-first.spec.ts and axe (e2e/a11y.spec.ts) in both projects.
const phoneOnly = { tag: "@phone" };

test.describe("home page content", () => {
  test("one visible h1, the section headings, the About block and Why Choose Us", phoneOnly, async ({ tab: page }) => {
    await page.goto("/");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(main.getByRole("heading", { level: 1 })).toHaveText(
      "Dubai visas and travel, from our Al Karama office",
    );
    await expect(main.getByRole("heading", { level: 1 })).toBeVisible();
    for (const name of [
      "Dubai Tourist Visa Application",
      "Popular Visa Services",
      travelAgency.heading,
      "Why Choose Us",
    ]) {
      await expect(main.getByRole("heading", { level: 2, name, exact: true })).toBeVisible();
    }
    // The first slide's title is a visible h2 of the carousel.
    await expect(main.getByRole("heading", { level: 2, name: slides[0]!.title })).toBeVisible();

    // About: the spec's headline, its text and three lazy pictures.
    const headline = page.getByRole("heading", { name: "Dubai Tourist Visa Application", exact: true });
    const block = page.locator("section", { has: headline });
    await expect(block.getByText(homeAbout.paragraphs[0]!)).toBeVisible();
    const images = block.getByRole("img");
    await expect(images).toHaveCount(3);
    for (const [index, picture] of homeAbout.images.entries()) {
      await expect(images.nth(index)).toHaveAttribute("alt", picture.alt);
      await expect(images.nth(index)).toHaveAttribute("loading", "lazy");
    }

    // Why Choose Us: four items, each with an icon, a title and a description.
    const heading = page.getByRole("heading", { level: 2, name: "Why Choose Us", exact: true });
    const items = page.locator("section", { has: heading }).getByRole("listitem");
    await expect(items).toHaveCount(4);
    await expect(items.getByRole("heading", { level: 3 })).toHaveText(whyChooseTitles);
    for (const [index, item] of whyChooseItems.entries()) {
      await expect(items.nth(index).getByText(item.description)).toBeAttached();
      await expect(items.nth(index).locator('svg[aria-hidden="true"]')).toHaveCount(1);
    }
  });

  test(
    "the featured cards: names, prices and links as the content gives them, and the 4.5 rating",
    phoneOnly,
    async ({ tab: page }) => {
      await page.goto("/");
      const cards = page.getByRole("main").getByRole("article");
      await expect(cards).toHaveCount(featuredCards.length);
      for (const [index, record] of featuredCards.entries()) {
        const card = cards.nth(index);
        const link = card.getByRole("link");
        // One link per card, named by the card's name, going where the record says (even where it does not match).
        await expect(link).toHaveCount(1);
        await expect(link).toHaveAccessibleName(record.name);
        await expect(link).toHaveAttribute("href", record.link);
        await expect(card.getByRole("button")).toHaveCount(0);
        await expect(card.getByRole("heading", { level: 3 })).toHaveText(record.name);

        const price = card.getByText(record.price, { exact: true });
        await expect(price).toBeVisible();
        expect(priceAmount((await price.textContent()) ?? "")).toBe(priceAmount(record.price));
        await expect(price).toHaveCSS("white-space", "nowrap");

        await expect(card.getByText("Rated 4.5 out of 5", { exact: true })).toHaveCount(1);
      }
    },
  );

  test("a featured card is one click target: a click on its picture follows its link", async ({ tab: page }) => {
    await page.goto("/");
    const card = page.getByRole("main").getByRole("article").nth(2);
    await card.scrollIntoViewIfNeeded();
    const box = await card.boundingBox();
    if (!box) throw new Error("the card has no box");
    await page.mouse.click(box.x + box.width / 2, box.y + 40);
    await expect(page).toHaveURL(new URL(featuredCards[2]!.link, page.url()).href);
  });

  test(
    "the pre-rendered HTML holds every slide, the cards and the blocks",
    { tag: "@desktop" },
    async ({ request }) => {
      const { status, html } = await fetchHtml(request, "/");
      expect(status).toBe(200);
      // The text as a reader gets it: phrases that must not break ("30-day", prices) are wrapped in their own
      // element, and React separates neighbouring text with comments.
      const text = html.replace(/<[^>]*>/g, "");
      for (const slide of slides) {
        for (const title of [slide.title, slide.title2, slide.title3]) expect(text).toContain(escapeHtml(title));
      }
      for (const card of featuredCards) {
        expect(text).toContain(escapeHtml(card.name));
        expect(text).toContain(card.price);
        expect(html).toContain(`href="${card.link}"`);
      }
      expect(text).toContain(homeAbout.headline);
      for (const title of whyChooseTitles) expect(text).toContain(escapeHtml(title));
      // The first slide's picture is the page's largest paint: a drawing, written into the HTML itself (no second
      // request before the first screen is whole).
      const firstPicture = html.match(/<span role="img" aria-label="([^"]*)"[^>]*>\s*<svg\b/);
      expect(firstPicture?.[1]).toBe(escapeHtml(slides[0]!.imageAlt));
    },
  );
});

function carousel(page: Page): Locator {
  return page.getByRole("region", { name: "Featured services" });
}

async function expectSlide(page: Page, number: number) {
  const region = carousel(page);
  await expect(region.getByRole("button", { name: `Slide ${number}`, exact: true })).toHaveAttribute(
    "aria-disabled",
    "true",
  );
  await expect(region.locator('[aria-disabled="true"]')).toHaveCount(1);
  await expect(region.getByText(slides[number - 1]!.title, { exact: true })).toBeVisible();
}

/** Neither hover nor focus inside: the state in which the carousel rotates by itself. */
async function leaveCarousel(page: Page) {
  await page.mouse.move(1, 1);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

/** A horizontal drag with the primary pointer across the slide's title, by `deltaX` CSS pixels. */
async function swipe(page: Page, deltaX: number) {
  const box = await carousel(page).getByRole("heading", { level: 2 }).first().boundingBox();
  if (!box) throw new Error("the slide title has no box");
  // A mouse drag also selects text, and a second drag that starts on a selection would drag the selection instead
  // (the browser cancels the pointer); touch swipes select nothing, so start each swipe without one.
  await page.evaluate(() => window.getSelection()?.removeAllRanges());
  const x = Math.round(box.x + box.width / 2);
  const y = Math.round(box.y + box.height / 2);
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + deltaX / 2, y, { steps: 2 });
  await page.mouse.move(x + deltaX, y, { steps: 2 });
  await page.mouse.up();
}

// The carousel behaves the same at every width: the phone project runs these, except the pointer's pause (a
// desktop's). The desktop project also starts, stops and picks its slides, with axe, in e2e/a11y.spec.ts.
test.describe("home carousel", () => {
  test.beforeEach(async ({ page }) => {
    // Fake timers, installed before the page's scripts run and paused (an installed clock otherwise follows real
    // time), so the 5 s rotation moves only when the test runs the clock, however slow the machine.
    // Today's date: the footer's copyright year must match the pre-rendered HTML.
    // Pausing a moment ahead: the installed clock runs on meanwhile, and it cannot be paused in its past.
    const start = Date.now();
    await page.clock.install({ time: start });
    await page.clock.pauseAt(start + 1000);
    await page.goto("/");
    await expect(carousel(page)).toHaveAttribute("aria-roledescription", "carousel");
  });

  test("advances by itself every 5 seconds, from the last slide back to the first", phoneOnly, async ({ page }) => {
    await leaveCarousel(page);
    await expectSlide(page, 1);
    await page.clock.runFor(4900);
    await expectSlide(page, 1);
    await page.clock.runFor(100);
    await expectSlide(page, 2);
    await page.clock.runFor(5000);
    await expectSlide(page, 3);
    await page.clock.runFor(5000);
    await expectSlide(page, 1);
  });

  test("pauses while the pointer is over it, resumes when it leaves", { tag: "@desktop" }, async ({ page }) => {
    await carousel(page).getByRole("heading", { level: 2 }).first().hover();
    await page.clock.runFor(6000);
    await expectSlide(page, 1);
    await leaveCarousel(page);
    await page.clock.runFor(5000);
    await expectSlide(page, 2);
  });

  test("the arrow keys move between slides while focus is inside", phoneOnly, async ({ page }) => {
    const region = carousel(page);
    await region.getByRole("button", { name: "Slide 1", exact: true }).focus();
    await page.keyboard.press("ArrowRight");
    await expectSlide(page, 2);
    await page.keyboard.press("ArrowRight");
    await expectSlide(page, 3);
    await page.keyboard.press("ArrowLeft");
    await expectSlide(page, 2);
    // Focus inside stops rotation.
    await page.mouse.move(1, 1);
    await page.clock.runFor(6000);
    await expectSlide(page, 2);
  });

  test("a swipe of more than 40 px changes slide; exactly 40 px does not", phoneOnly, async ({ page }) => {
    // Hovering pauses rotation, so only the swipes move the slides here.
    await swipe(page, -40);
    await expectSlide(page, 1);
    await swipe(page, 40);
    await expectSlide(page, 1);
    await swipe(page, -41);
    await expectSlide(page, 2);
    await swipe(page, 60);
    await expectSlide(page, 1);
    await swipe(page, 41);
    await expectSlide(page, 3);
  });

  test("wraps around both ways with the previous and next controls", phoneOnly, async ({ page }) => {
    const region = carousel(page);
    await region.getByRole("button", { name: "Previous slide" }).click();
    await expectSlide(page, 3);
    await region.getByRole("button", { name: "Next slide" }).click();
    await expectSlide(page, 1);
    await region.getByRole("button", { name: "Next slide" }).click();
    await expectSlide(page, 2);
  });

  test("each indicator shows its own slide", phoneOnly, async ({ page }) => {
    const region = carousel(page);
    for (const number of [3, 1, 2]) {
      await region.getByRole("button", { name: `Slide ${number}`, exact: true }).click();
      await expectSlide(page, number);
      await expect(region.getByRole("group", { name: `${number} of ${slides.length}` })).not.toHaveAttribute("inert");
    }
    // The slides that are not shown stay in the HTML but out of reach.
    await expect(region.locator("[inert]")).toHaveCount(slides.length - 1);
  });

  test("the pause control stops rotation and changes its name; Start rotates again", phoneOnly, async ({ page }) => {
    const region = carousel(page);
    await region.getByRole("button", { name: "Stop automatic slide show" }).click();
    await expect(region.getByRole("button", { name: "Start automatic slide show" })).toBeVisible();
    await expect(region.getByRole("button", { name: "Stop automatic slide show" })).toHaveCount(0);
    await leaveCarousel(page);
    await page.clock.runFor(11_000);
    await expectSlide(page, 1);

    // Start means "rotate now", even with the pointer and focus on the button.
    await region.getByRole("button", { name: "Start automatic slide show" }).click();
    await expect(region.getByRole("button", { name: "Stop automatic slide show" })).toBeVisible();
    await page.clock.runFor(5000);
    await expectSlide(page, 2);
  });
});
