import { about } from "../app/content/about";
import { services } from "../app/content/services";
import { paths } from "../app/lib/paths";
import { expect, fetchHtml, test } from "./fixtures";
import type { Page } from "@playwright/test";

async function visaOptions(page: Page, formName: string) {
  const select = page.getByRole("form", { name: formName }).getByLabel("Visa Type");
  const options = await select
    .locator("option:not([disabled])")
    .evaluateAll((list) => list.map((option) => [option.textContent, (option as HTMLOptionElement).value]));
  return { select, options };
}

// What a page says does not depend on the width: read at the phone's. The layouts that change with the width (the
// Services pictures, the map's box) are checked in both projects, every layout by axe and every page by phone-first.
const phoneOnly = { tag: "@phone" };

test.describe("About", () => {
  test("shows the four service category cards with picture, text and link", phoneOnly, async ({ tab: page }) => {
    await page.goto(paths.about);
    const cards = page.getByRole("main").getByRole("article");
    await expect(cards).toHaveCount(4);
    const expected = [
      ["Dubai Visa", paths.detail("dubai-visa", 1)],
      ["Visa Change", paths.detail("visa-changes", 1)],
      ["Filipino Packages", paths.detail("visa-packages", 1)],
      ["Travel Services", paths.services],
    ] as const;
    for (const [index, [name, link]] of expected.entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole("heading", { level: 3 })).toHaveText(name);
      await expect(card.getByRole("paragraph")).not.toBeEmpty();
      await expect(card.locator("img")).toHaveAttribute("width", "800");
      await expect(card.getByRole("link", { name: `Learn more about ${name}` })).toHaveAttribute("href", link);
    }
    await cards.nth(1).getByRole("link").click();
    await expect(page).toHaveURL(/\/visa-changes\/1$/);
  });

  test("describes the agency, and has the motto and the Inquiry Now form", phoneOnly, async ({ tab: page }) => {
    await page.goto(paths.about);
    await expect(page.getByRole("heading", { level: 1, name: "About Us" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: about.heading })).toBeVisible();
    await expect(page.getByText(/licensed inbound tour company/)).toBeVisible();
    await expect(page.getByRole("img", { name: about.picture.alt })).toBeVisible();
    await expect(page.getByRole("heading", { name: about.motto.heading })).toBeVisible();
    await expect(page.getByText(about.motto.text)).toBeVisible();
    const form = page.getByRole("form", { name: "Inquiry Now" });
    await expect(form).toBeVisible();
    await expect(form.getByRole("button", { name: "Make Enquiry" })).toBeVisible();
    await expect(form.getByLabel("Visa Type")).toHaveValue("Dubai Visa");
  });
});

test.describe("Services", () => {
  test("has the visa services heading and the five service sections", phoneOnly, async ({ tab: page }) => {
    await page.goto(paths.services);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Services");
    await expect(page.getByRole("heading", { level: 2, name: services.heading })).toBeVisible();
    const sectionHeadings = page.getByRole("main").getByRole("heading", { level: 3 });
    await expect(sectionHeadings).toHaveText([
      "Dubai Visa for Filipinos",
      "Visa Change in the UAE",
      "Holiday Packages",
      "Theme-Park and Attraction Tickets",
      "Dummy Ticket Booking",
    ]);
    // Each section has its paragraphs and picture; those with a detail page link to it.
    for (const section of services.sections) {
      await expect(page.getByText(section.paragraphs[0] ?? "")).toBeVisible();
      await expect(page.getByRole("img", { name: section.picture.alt })).toBeVisible();
      if (section.link) {
        await expect(page.getByRole("link", { name: section.link.label })).toHaveAttribute("href", section.link.to);
      }
    }
  });

  test("alternates the picture side on wide screens and leads with the picture on phones", async ({ tab: page }) => {
    await page.goto(paths.services);
    const boxes = [];
    for (const section of services.sections) {
      const heading = await page.getByRole("heading", { name: section.heading }).boundingBox();
      const picture = await page.getByRole("img", { name: section.picture.alt }).boundingBox();
      if (!heading || !picture) throw new Error(`${section.heading} is not laid out`);
      boxes.push({ heading, picture });
    }
    const wide = (page.viewportSize()?.width ?? 0) > 600;
    for (const [index, { heading, picture }] of boxes.entries()) {
      if (!wide) expect(picture.y).toBeLessThan(heading.y);
      else if (index % 2 === 0) expect(picture.x).toBeGreaterThan(heading.x);
      else expect(picture.x).toBeLessThan(heading.x);
    }
  });

  test(
    "has the Inquiry Now form with the default 'Dubai Visa' and the six Dubai options",
    phoneOnly,
    async ({ tab: page }) => {
      await page.goto(paths.services);
      const form = page.getByRole("form", { name: "Inquiry Now" });
      await expect(form).toBeVisible();
      const { select, options } = await visaOptions(page, "Inquiry Now");
      await expect(select).toHaveValue("Dubai Visa");
      expect(options).toEqual([
        ["Dubai Transist Visa", "14 Days Dubai Visa"],
        ["Dubai Tourist Visa", "30 Days Dubai Visa"],
        ["Visa Change Service", "60 Days Dubai Visa"],
        ["Holidays Package", "48 Hours Dubai Transit Visa"],
        ["Kabayan Package", "96 Hours Dubai Transit Visa"],
        ["Dummy Ticket", "90 Days Dubai Leisure Visa"],
      ]);
      await select.selectOption({ label: "Kabayan Package" });
      await expect(select).toHaveValue("96 Hours Dubai Transit Visa");
    },
  );
});

test.describe("Contact Us", () => {
  test("has the title banner with a breadcrumb link home", phoneOnly, async ({ tab: page }) => {
    await page.goto(paths.contact);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Us");
    const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(breadcrumb.getByRole("link", { name: "Home" })).toHaveAttribute("href", paths.home);
    await expect(breadcrumb.getByText("Contact Us")).toHaveAttribute("aria-current", "page");
    await breadcrumb.getByRole("link", { name: "Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test(
    "shows the office, e-mail and emergency phone cards, and the Send us Message form",
    phoneOnly,
    async ({ tab: page }) => {
      await page.goto(paths.contact);
      const cards = page.getByRole("main").getByRole("article");
      await expect(cards).toHaveCount(3);
      await expect(cards.nth(0).getByRole("heading")).toHaveText("Our Office");
      await expect(cards.nth(0)).toContainText("Al Karama, Dubai");
      await expect(cards.nth(0)).toContainText("Mon - Sat, 10.00 am to 10.00 pm");
      await expect(cards.nth(1).getByRole("heading")).toHaveText("Email Us");
      const email = cards.nth(1).getByRole("link");
      await expect(email).toHaveAttribute("href", /^mailto:[^@\s]+@[^@\s]+$/);
      expect(await email.getAttribute("href")).toBe(`mailto:${(await email.textContent()) ?? ""}`);
      await expect(cards.nth(2).getByRole("heading")).toHaveText("Emergency Call");
      const phone = cards.nth(2).getByRole("link");
      await expect(phone).toHaveAttribute("href", /^tel:\+[0-9]{8,15}$/);
      const digits = ((await phone.textContent()) ?? "").replace(/[^0-9]/g, "");
      await expect(phone).toHaveAttribute("href", `tel:+${digits}`);

      const form = page.getByRole("form", { name: "Send us Message" });
      for (const label of ["Your Name", "Email", "Phone Number", "Subject", "Message"]) {
        await expect(form.getByLabel(label)).toBeVisible();
      }
      await expect(form.getByRole("button", { name: "Send Message" })).toBeVisible();
    },
  );

  test("embeds the office map lazily in a fixed box, with a link for blocked embeds", async ({ tab: page }) => {
    // Google's map is the heaviest thing on the site: the pre-rendered frame has no src, and the page gives it
    // one once hydrated, so the map is requested after the page's own scripts (and, being lazy, as the browser
    // decides from there). Setting it then, not when the box nears the window: a frame that navigates while it
    // has focus drops the focus of a visitor tabbing through the page.
    const requests: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    const isMap = (url: string) => url.startsWith("https://www.google.com/maps");
    await page.goto(paths.contact);
    const map = page.locator("iframe");
    await expect(map).toHaveCount(1);
    await expect(map).toHaveAttribute("title", "Map of our office in Al Karama, Dubai");
    await expect(map).toHaveAttribute("loading", "lazy");
    // The box has its size before the map arrives, and keeps it after.
    const before = await map.boundingBox();
    const { html } = await fetchHtml(page.request, paths.contact);
    const frames = html.replace(/<noscript>.*?<\/noscript>/gs, "").match(/<iframe[^>]*>/g) ?? [];
    expect(frames, "the pre-rendered frame has no src").toEqual([expect.not.stringContaining("src=")]);
    // The statistics collector is no script the page needs: it loads once the page is idle, beside the map.
    const lastScript = requests.findLastIndex((url) => url.endsWith(".js") && !/\/collector-[\w-]+\.js$/.test(url));
    await map.scrollIntoViewIfNeeded();
    await expect(map).toHaveAttribute("src", /^https:\/\/www\.google\.com\/maps/);
    await expect
      .poll(() => requests.findIndex(isMap), "the map comes after the page's scripts")
      .toBeGreaterThan(lastScript);
    const link = page.getByRole("link", { name: "Open the map in a new tab" });
    await expect(link).toHaveAttribute("href", /^https:\/\/www\.google\.com\/maps/);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", /noopener/);

    await expect(page.frameLocator("iframe").getByText("map")).toBeVisible();
    const after = await map.boundingBox();
    expect(before?.height).toBeGreaterThanOrEqual(300);
    expect(after?.width).toBeCloseTo(before?.width ?? 0, 0);
    expect(after?.height).toBeCloseTo(before?.height ?? 0, 0);
  });
});
