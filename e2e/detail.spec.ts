import type { Locator, Page } from "@playwright/test";
import { defaultVisaByVariant } from "../app/content/enquiry-options";
import { getDetailRecord, priceCellGroups, showsChecklist } from "../app/content/details";
import { listedPrices } from "../app/content/details/helpers";
import { detailGroupTitles } from "../app/content/menu";
import { firstVisaTypePrice, infoSections } from "../app/content/details/helpers";
import { sidebarHeightPx } from "../app/content/constants";
import { detailGroups, detailIds, paths, type DetailGroup } from "../app/lib/paths";
import { readSettings } from "../app/lib/settings";
import { expect, isPhone, test } from "./fixtures";

// The build and this test read the same environment, so the expected phone, e-mail and WhatsApp number match.
const site = readSettings(process.env);

function escapeRegExp(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
}

/** The page's main column: everything in the detail layout that is not the sidebar. */
function mainColumn(page: Page): Locator {
  return page.getByRole("main").locator("section").first().locator("xpath=..");
}

function sidebar(page: Page): Locator {
  return page.getByRole("complementary", { name: "Contact and enquiry" });
}

/** The definition (dd) that follows the "Price" term of the grid, if there is one. */
function priceCellValue(page: Page): Locator {
  return page
    .getByRole("term")
    .filter({ hasText: /^Price$/ })
    .locator("xpath=following-sibling::dd");
}

async function expectPricesOnOneLine(prices: Locator) {
  const boxes = await prices.evaluateAll((elements) =>
    elements.map((element) => {
      const style = getComputedStyle(element);
      return {
        text: element.textContent ?? "",
        height: element.getBoundingClientRect().height,
        lineHeight: parseFloat(style.lineHeight),
        whiteSpace: style.whiteSpace,
        visible: style.visibility !== "hidden" && element.getBoundingClientRect().width > 0,
      };
    }),
  );
  for (const price of boxes) {
    expect(price.visible, `${price.text} is shown`).toBe(true);
    expect(price.whiteSpace, price.text).toBe("nowrap");
    expect(price.height, `${price.text} fits on one line`).toBeLessThan(price.lineHeight * 1.5);
  }
}

// What a record puts on its page does not depend on the width: read at the phone's. Its prices are kept on one
// line at 360 to 1440 px by e2e/phone-first.spec.ts.
test.describe("every detail page shows its record", { tag: "@phone" }, () => {
  for (const group of detailGroups) {
    for (const id of detailIds) {
      const path = paths.detail(group, id);
      const record = getDetailRecord(group, id);

      test(`${path}: ${record.title}`, async ({ tab: page }) => {
        await page.goto(path);
        const main = mainColumn(page);

        // Banner, picture, overview and the price heading.
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(record.title);
        const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
        await expect(breadcrumb.getByRole("listitem")).toHaveText(["Home", detailGroupTitles[group], record.title]);
        await expect(page.getByRole("img", { name: record.title, exact: true })).toBeVisible();
        const infos = infoSections(record);
        expect(await main.locator("p").allInnerTexts()).toEqual([
          ...record.content,
          ...infos.flatMap((section) => section.paragraphs),
        ]);
        const checklistShown = showsChecklist(group, record);
        await expect(main.getByRole("heading", { level: 2 })).toHaveText([
          record.title2,
          ...(checklistShown ? [record.title3] : []),
          ...infos.map((section) => section.title),
        ]);

        // Every price of the record is on the page, visible, on one line, and no other price stands there.
        const prices = main.locator(".price");
        const shown = await prices.allInnerTexts();
        expect([...shown].sort()).toEqual(listedPrices(record).sort());
        await expectPricesOnOneLine(prices);

        if (record.kind === "overview") {
          // One row per price: type, price and a View Details link to its page.
          const rows = main.getByRole("listitem").filter({ has: page.getByRole("link", { name: /View Details/ }) });
          await expect(rows).toHaveText(
            record.priceRows.map(
              (row) => new RegExp(`${escapeRegExp(row.type).source}.*${escapeRegExp(row.price).source}`),
            ),
          );
          const links = await rows
            .getByRole("link", { name: /View Details/ })
            .evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href")));
          expect(links).toEqual(record.priceRows.map((row) => row.link));
        } else {
          // The grid: each pair's title, then its text or price.
          const priceCellTerms = priceCellGroups.includes(group) ? ["Price"] : [];
          await expect(main.getByRole("term")).toHaveText([
            ...priceCellTerms,
            ...record.visaTypes.map((row) => row.title),
          ]);
          const definitions = await main.getByRole("definition").allInnerTexts();
          for (const row of record.visaTypes.filter((candidate) => candidate.content !== "")) {
            expect(definitions, row.title).toContain(row.content);
          }
        }

        // The Price cell: the first visa type's price, on the Dubai visa and tourist visa grid pages only.
        if (priceCellGroups.includes(group) && record.kind === "grid") {
          await expect(priceCellValue(page)).toHaveText(firstVisaTypePrice(record));
        } else {
          await expect(priceCellValue(page)).toHaveCount(0);
        }

        // The documents checklist, each line an item.
        if (checklistShown) {
          const heading = main.getByRole("heading", { level: 2, name: record.title3, exact: true });
          await expect(heading.locator("xpath=..").getByRole("listitem")).toHaveText(record.content3);
        }

        // The sidebar: phone, WhatsApp (new tab, greeting that names this service), e-mail, in that order.
        const links = sidebar(page).getByRole("listitem").getByRole("link");
        expect(await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href")))).toEqual([
          site.phone.href,
          expect.stringMatching(new RegExp(`^https://wa\\.me/${site.whatsappDigits}\\?text=`)),
          `mailto:${site.email}`,
        ]);
        const whatsapp = sidebar(page).getByRole("link", { name: /WhatsApp/ });
        await expect(whatsapp).toHaveAttribute("target", "_blank");
        await expect(whatsapp).toHaveAttribute("rel", /noopener/);
        const text = new URL((await whatsapp.getAttribute("href")) ?? "").searchParams.get("text");
        expect(text).toBe(`Hello! I would like to enquire about ${record.title}.`);

        // The Enquiry Now form with this group's default visa value.
        const form = sidebar(page).getByRole("form", { name: "Enquiry Now" });
        await expect(form.getByLabel("Visa Type")).toHaveValue(defaultVisaByVariant[group]);
        await expect(form.getByRole("button", { name: "Make Enquiry" })).toBeEnabled();
      });
    }
  }
});

test.describe("detail page layout", () => {
  test("View Details opens the service's own page", async ({ page }) => {
    await page.goto("/tourist-visa/1");
    await page
      .getByRole("main")
      .getByRole("link", { name: /View Details/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/tourist-visa\/2$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(getDetailRecord("tourist-visa", 2).title);
  });

  test("moving from detail page to detail page in the browser brings each one's record, head and form", async ({
    page,
  }) => {
    await page.goto("/visa-packages/4");
    // Set in this document: still there after each move, so each move was React Router's, not a page load.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    const guide = page.getByRole("contentinfo").getByRole("navigation", { name: "Visa Guide" });
    for (const [group, id] of [
      ["visa-changes", 1],
      ["visa-documents", 1],
      ["dubai-visa", 1],
    ] as const) {
      const path = paths.detail(group, id);
      const record = getDetailRecord(group, id);
      await guide.locator(`a[href="${path}"]`).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(record.title);
      await expect(page).toHaveTitle(escapeRegExp(`${record.title} | ${detailGroupTitles[group]} | `));
      await expect(sidebar(page).getByRole("form", { name: "Enquiry Now" })).toBeVisible();
      if (isPhone(page)) {
        const enquire = page.getByRole("complementary", { name: "Contact us" }).getByRole("link", { name: "Enquire" });
        await expect(enquire).toHaveAttribute("href", "#enquiry");
      }
    }
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });

  test("a packages page with no documents list shows no checklist", async ({ page }) => {
    const group: DetailGroup = "visa-packages";
    const id = detailIds.find((candidate) => getDetailRecord(group, candidate).content3.length === 0);
    expect(id, "a packages record with an empty checklist").toBeDefined();
    await page.goto(paths.detail(group, id ?? 0));
    await expect(page.getByRole("heading", { name: "Documents Required" })).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 2, name: "Important Information" })).toBeVisible();
  });

  test("the sidebar is 1267 px tall and sticky beside the content on desktop, and stacks below it on phones", async ({
    page,
  }) => {
    await page.goto("/visa-changes/1");
    const aside = sidebar(page);
    const box = await aside.boundingBox();
    const mainBox = await mainColumn(page).boundingBox();
    if (!box || !mainBox) throw new Error("no layout boxes");
    if (isPhone(page)) {
      expect(box.y).toBeGreaterThanOrEqual(mainBox.y + mainBox.height);
      await expect(aside).toHaveCSS("position", "static");
    } else {
      expect(box.x).toBeGreaterThan(mainBox.x + mainBox.width);
      expect(Math.round(box.height)).toBeGreaterThanOrEqual(sidebarHeightPx);
      await expect(aside).toHaveCSS("position", "sticky");
      // Scrolled to the middle of the page, the form stays in view.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
      await expect(aside.getByRole("button", { name: "Make Enquiry" })).toBeInViewport();
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, "no sideways scrolling").toBeLessThanOrEqual(0);
  });

  test("an id with no record keeps the layout with empty content (/dubai-visa/9)", async ({ page }) => {
    const response = await page.goto("/dubai-visa/9");
    expect(response?.status()).toBe(404);
    // One heading names the page for screen readers; nothing of a record shows.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dubai Visa");
    await expect(page.getByRole("heading", { level: 1 })).toHaveCSS("position", "absolute");
    const main = mainColumn(page);
    await expect(main.getByRole("heading")).toHaveCount(0);
    await expect(main.locator("p, li, dl")).toHaveCount(0);
    await expect(main.locator(".price")).toHaveCount(0);
    // The ways to reach us are still there.
    await expect(sidebar(page).locator('a[href^="tel:"]')).toHaveCount(1);
    const form = sidebar(page).getByRole("form", { name: "Enquiry Now" });
    await expect(form.getByLabel("Visa Type")).toHaveValue("Dubai Visa");
    const whatsapp = sidebar(page).getByRole("link", { name: /WhatsApp/ });
    const text = new URL((await whatsapp.getAttribute("href")) ?? "").searchParams.get("text");
    expect(text).toBe("Hello! I would like to enquire about Dubai Visa.");
  });
});
