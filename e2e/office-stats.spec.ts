import type { Page, TestInfo } from "@playwright/test";
import { paths } from "../app/lib/paths";
import { CaseStore } from "../server/data/cases/store";
import { InboxStore } from "../server/data/enquiries/store";
import { openDatabase } from "../server/data/open";
import { PaymentStore } from "../server/data/payments/store";
import { submission } from "../server/testing/submission";
import { expectNoViolations } from "./axe";
import { expect, test } from "./fixtures";
// The office specs' `test`, though this one does not use the worker's office (its figures must be its own): a
// worker runs only tests of one set of worker fixtures, so another `test` among the office specs would start
// Playwright workers anew on the way through them.
import { type OwnOffice, seedStatistics, startOwnOffice } from "./own-server";

/*
 * The office's statistics page (issue 35, item 10 and item 8's statistics): figures that never mislead, at 360,
 * 390 and 1280 px. A campaign link's utm_campaign is kept from the public page's address to the figures; an
 * enquiry whose view went uncounted (the suite's browser runs under automation, which counts no view) counts as a
 * view of its page, so no figure passes 100 enquiries per 100 views; pages are named by their titles; the chart's
 * words are legible at 360 px; a table wider than the screen says that it scrolls. A server of its own, on
 * localhost (passkeys need a secure context), with a few weeks of figures seeded as the collector keeps them.
 */

/**
 * Payments (issue 58): two cases from enquiries of two sources and one without, paid in the last days, one partly
 * refunded, and one asked for and never paid; written with the stores, as the office and the notification do.
 */
async function seedPayments(file: string): Promise<void> {
  const database = await openDatabase({ engine: "sqlite", path: file }, { migrate: false });
  try {
    const cases = new CaseStore(database, null);
    const payments = new PaymentStore(database);
    const inbox = new InboxStore(database);
    const day = 86_400_000;
    let event = 0;
    const paidCase = async (service: string, source: string | null, lines: number[], daysAgo: number) => {
      let enquiryId: number | null = null;
      if (source !== null) {
        enquiryId = await inbox.add(submission({ name: `Paying ${service}` }), new Date(Date.now() - 9 * day));
        await database.db.updateTable("enquiries").set({ source }).where("id", "=", enquiryId).execute();
      }
      const id = await cases.start(
        {
          enquiryId,
          name: "Paying traveller",
          phone: null,
          email: null,
          service,
          kind: "visit-visa",
          travelDate: null,
        },
        null,
        new Date(Date.now() - 8 * day),
      );
      const payment = await payments.requestPayment(
        id,
        lines.map((amountFils) => ({ label: "Fee", amountFils })),
        null,
        new Date(Date.now() - 8 * day),
      );
      event += 1;
      await payments.markPaid(
        payment.id,
        { session: `cs_stats_${event}`, payment: null, event: `evt_stats_${event}` },
        new Date(Date.now() - daysAgo * day),
      );
      return payment.id;
    };
    const refunded = await paidCase("Dubai Tourist Visa", "whatsapp", [149_000], 3);
    await payments.refund(
      refunded,
      { amountFils: 49_000, providerRefund: null, by: null, reason: "One night less" },
      new Date(Date.now() - 2 * day),
    );
    await paidCase(
      "Golden Visa, 10 Years (investor, with family members)",
      "eid flyer / eid offer 2026",
      [2_500_000],
      5,
    );
    await paidCase("Transit Visa", null, [30_000], 1);
  } finally {
    await database.close();
  }
}

test.describe("the office's statistics page", () => {
  let office: OwnOffice;

  test.beforeAll(async () => {
    office = await startOwnOffice({ prefix: "karama-e2e-office-stats-" });
    // Four weeks of views, enquiries and speed on the detail pages (long titles), as the collector keeps them.
    seedStatistics(office.database, {
      routes: ["/", "/visa-documents/3", "/visa-packages/1", "/tourist-visa/2", "/contact"],
      sources: ["whatsapp", "facebook", "google", "direct", "eid flyer / eid offer 2026"],
      speedRoutes: 3,
    });
    await seedPayments(office.database);
  });

  test.afterAll(async () => {
    await office?.stop();
  });

  /** An enquiry from the Services page, landed on from a campaign's link. */
  const sendEnquiryFromCampaign = (page: Page, name: string) =>
    office.sendEnquiry(page, {
      name,
      path: `${paths.services}?utm_source=Facebook&utm_medium=paid&utm_campaign=Summer%20Visa`,
      email: "maria@example.com",
    });

  /** A table's rows as text, by the name of its region. */
  async function rows(page: Page, region: string): Promise<string[][]> {
    return page
      .getByRole("region", { name: region })
      .locator("tbody tr")
      .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => (cell.textContent ?? "").trim())));
  }

  async function checkAt(page: Page, width: number, testInfo: TestInfo) {
    await page.setViewportSize({ width, height: width < 800 ? 800 : 900 });
    // Loaded again at that width: a phone lays a page out once, at its own width.
    await page.goto(`${office.origin}/office/stats`);
    await expect(page.getByRole("heading", { name: "Statistics", level: 1 })).toBeVisible();
    // The page itself never scrolls sideways; only its tables may.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    // Pages by their titles, never their paths (issue 35, item 8), in the pages and the speed tables.
    const pages = await rows(page, "Pages, table");
    const names = pages.map(([name]) => name);
    expect(names).toContain("Our Services");
    expect(names).toContain("Visa Documents: Travel Insurance Dubai");
    expect(names.filter((name) => name?.startsWith("/"))).toEqual([]);
    const speedNames = (await rows(page, "Speed for real visitors, table")).map(([name]) => name);
    expect(speedNames).toContain("Home");
    expect(speedNames.filter((name) => name?.startsWith("/"))).toEqual([]);

    // The campaign's enquiry, with its view counted from it, under its source and campaign.
    const sources = await rows(page, "Where visits came from, table");
    expect(sources).toContainEqual(["Facebook, campaign summer visa", "1", "1", "100.0 %", "0"]);
    expect(sources.map(([name]) => name)).toContain("eid flyer (campaign tag), campaign eid offer 2026");
    expect(pages).toContainEqual(["Our Services", "1", "1", "100.0 %", "0"]);
    // No figure anywhere passes 100 enquiries per 100 views.
    for (const region of ["Pages, table", "Where visits came from, table", "Devices, table"]) {
      for (const row of await rows(page, region)) {
        const [, views = "", enquiries = ""] = row;
        expect(Number(enquiries.replace(/,/g, "")), `${region}: ${row.join(" | ")}`).toBeLessThanOrEqual(
          Number(views.replace(/,/g, "")),
        );
      }
    }
    const totals = await page.locator(".totals dd").allTextContents();
    expect(Number.parseFloat(totals[2] ?? "")).toBeLessThanOrEqual(100);

    // The chart's words: page text of at least 12 px, inside the chart, the first and last days named, none
    // touching another.
    const chart = page.locator("figure.chart");
    expect(await chart.locator("svg text").count()).toBe(0);
    const words = await chart.locator(".chart-scale, .chart-days i").evaluateAll((items) =>
      items
        .filter((item) => item.textContent !== "" && getComputedStyle(item).visibility === "visible")
        .map((item) => {
          const box = item.getBoundingClientRect();
          const size = Number.parseFloat(getComputedStyle(item).fontSize);
          return { text: item.textContent ?? "", left: box.left, right: box.right, height: box.height, size };
        }),
    );
    const frame = await chart.boundingBox();
    expect(words.length).toBeGreaterThanOrEqual(4);
    for (const word of words) {
      expect(word.size).toBeGreaterThanOrEqual(12);
      // One line of text, nothing else around it.
      expect(word.height, word.text).toBeLessThanOrEqual(word.size * 1.6);
      expect(word.left).toBeGreaterThanOrEqual((frame?.x ?? 0) - 0.5);
      expect(word.right).toBeLessThanOrEqual((frame?.x ?? 0) + (frame?.width ?? 0) + 0.5);
    }
    const days = words.slice(1);
    for (let n = 1; n < days.length; n++) expect(days[n - 1]!.right + 8, days[n]!.text).toBeLessThan(days[n]!.left);

    // Each table wider than its place says so under it; one that fits says nothing. The day-by-day table opened.
    // How soon enquiries were answered (issue 37): the one just sent is not yet.
    const contact = page.getByRole("region", { name: "Time to a first contact", exact: true });
    await expect(contact.locator(".totals")).toContainText(/0 of [1-9]\d* answered/);
    await page.getByText("The same, day by day").click();
    await contact.getByText("Week by week").click();
    // A scroll timeline takes effect in the frame after a table opens: until then a table that scrolls has no hint
    // yet (under load that frame came after the read). So the page is read until its hints agree with its tables,
    // and a hint that never comes fails with the read below.
    const readRegions = () =>
      page.locator(".scroll-frame").evaluateAll((frames) =>
        frames.map((frame) => {
          const region = frame.querySelector(".scroll") as HTMLElement;
          const hint = frame.querySelector(".scroll-hint") as HTMLElement;
          const edges = frame.querySelector(".scroll-edges") as HTMLElement;
          const box = hint.getBoundingClientRect();
          return {
            name: region.getAttribute("aria-label"),
            scrolls: region.scrollWidth > region.clientWidth + 1,
            hinted: getComputedStyle(hint).visibility === "visible" && box.height > 10,
            shadows: [getComputedStyle(edges, "::before").opacity, getComputedStyle(edges, "::after").opacity],
          };
        }),
      );
    await expect
      .poll(async () =>
        (await readRegions()).filter((region) => region.hinted !== region.scrolls).map((region) => region.name),
      )
      .toEqual([]);
    const regions = await readRegions();
    expect(regions).toHaveLength(6);
    for (const region of regions) {
      expect(region.hinted, `${region.name} scrolls: ${region.scrolls}`).toBe(region.scrolls);
      // A shadow on the right edge while there is more to the right; none on the left before it is scrolled.
      expect(region.shadows, region.name ?? "").toEqual(region.scrolls ? ["0", "1"] : ["0", "0"]);
    }
    const speed = regions.find((region) => region.name === "Speed for real visitors, table");
    expect(speed?.scrolls).toBe(width < 800);
    if (width >= 1280) expect(regions.every((region) => !region.scrolls)).toBe(true);

    // The amounts paid (issue 58), refunds subtracted, the sums one under another on a phone.
    const amounts = page.getByRole("region", { name: "Payments" });
    await expect(amounts.locator(".totals")).toContainText("AED 26,790.00");
    await expect(amounts.locator(".totals")).toContainText("AED 490.00");
    await expect(amounts.locator(".totals")).toContainText("AED 26,300.00");
    await expect(amounts.getByRole("row", { name: /^WhatsApp AED 1,000\.00$/ })).toBeVisible();
    await amounts.screenshot({ path: testInfo.outputPath(`stats-${width}-payments.png`) });

    await expectNoViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`stats-${width}.png`), fullPage: true });
    await contact.screenshot({ path: testInfo.outputPath(`stats-${width}-first-contact.png`) });
    if (width < 800) {
      // Scrolled to its end, the speed table still says so, and its last column shows.
      const region = page.getByRole("region", { name: "Speed for real visitors, table" });
      await region.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
      const edges = page.locator(".scroll-edges").filter({ has: region });
      await expect
        .poll(() =>
          edges.evaluate((element) => [
            getComputedStyle(element, "::before").opacity,
            getComputedStyle(element, "::after").opacity,
          ]),
        )
        .toEqual(["1", "0"]);
      await page
        .locator(".scroll-frame")
        .filter({ has: region })
        .screenshot({
          path: testInfo.outputPath(`stats-${width}-speed-scrolled.png`),
        });
    }
  }

  test("at 360 and 390 px @phone", async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    await office.signIn(page, "Stats Phone");
    await sendEnquiryFromCampaign(page, "Stats Phone visitor");
    for (const width of [360, 390]) await checkAt(page, width, testInfo);
  });

  test("at 1280 px @desktop", async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    await office.signIn(page, "Stats Desk");
    await sendEnquiryFromCampaign(page, "Stats Desk visitor");
    await checkAt(page, 1280, testInfo);
  });
});
