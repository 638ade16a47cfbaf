import type { Page } from "@playwright/test";
import { offline } from "../app/content/data/offline-messages";
import { keptKeyPrefix, keptMaxAgeMs } from "../app/lib/forms/kept-enquiry";
import { paths } from "../app/lib/paths";
import { readSettings } from "../app/lib/settings";
import { expect, test } from "./fixtures";
import { enquiriesNamed, fillEnquiry, keptNow, sending } from "./offline-helpers";

/*
 * Issue 38, "An enquiry that waits for the network", in Chromium: an enquiry sent with no network is kept on the
 * phone and sent once the network is back, with the page closed and opened again in between; a send that reached
 * the inbox but whose answer was lost is sent again and still makes one enquiry. Tagged @phone: nothing here
 * depends on the width (the screenshots take the three widths themselves). The inbox is the suite's server's
 * SQLite file; both engines' one-enquiry-per-key is proven in server/inbox/submission-keys.test.ts.
 */

const phone = readSettings(process.env).phone;
const callLabel = offline.call.replace("{phone}", phone.display);

/** The page at 360, 390 and 1280 px, to /tmp/h4-<name>-<width>.png, then back to the project's width. */
async function screenshots(page: Page, name: string, scrollTo?: () => Promise<void>) {
  const size = page.viewportSize();
  for (const width of [360, 390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await scrollTo?.();
    await page.screenshot({ path: `/tmp/h4-${name}-${width}.png` });
  }
  if (size) await page.setViewportSize(size);
}

test.describe("an enquiry that waits for the network @phone", () => {
  // As on a visitor's phone: the site's worker in control of the pages, beside the page's own sending.
  test.use({ serviceWorkers: "allow" });
  test("sent offline, it is kept on the phone, then sent once when a page is opened with the network back", async ({
    page,
    context,
    consoleGuard,
  }) => {
    // Two pages, one after the other, each sending: twice a test's usual time on a busy machine.
    test.setTimeout(60_000);
    // Offline, Chromium logs every request it cannot make.
    consoleGuard.allow();
    const name = `Offline Olivia ${Date.now()}`;
    await page.goto(paths.detail("dubai-visa", 1));
    const form = await fillEnquiry(page, name);

    await context.setOffline(true);
    await form.getByRole("button", { name: "Make Enquiry" }).click();
    const alert = form.getByRole("alert");
    // The spec's message for a request that fails (the exception's), then what the site adds.
    await expect(alert).toContainText("Failed to fetch");
    await expect(alert).toContainText(offline.kept);
    await expect(alert.getByRole("link", { name: /Send your enquiry on WhatsApp/ })).toBeVisible();
    await expect(alert.getByRole("link", { name: callLabel })).toHaveAttribute("href", phone.href);
    await expect(form.getByLabel("Full Name")).toHaveValue(name);
    expect(await keptNow(page)).toContain(name);
    await screenshots(page, "kept", () => alert.scrollIntoViewIfNeeded());
    await page.close();
    expect(enquiriesNamed(name)).toEqual([]);

    // The network back, the site opened again on another page: the kept enquiry goes, and the visitor is told.
    await context.setOffline(false);
    const again = await context.newPage();
    await again.goto(paths.home);
    const notice = again.getByRole("status").filter({ hasText: offline.sent });
    await expect(notice).toBeVisible(sending);
    await expect.poll(() => enquiriesNamed(name)).toEqual([{ page: paths.detail("dubai-visa", 1) }]);
    expect(await keptNow(again)).toBeNull();
    await screenshots(again, "sent");
    await notice.getByRole("button", { name: "Close" }).click();
    await expect(notice).toBeHidden();

    // Opened once more: nothing is sent twice.
    await again.reload();
    await again.locator("html[data-hydrated]").waitFor({ state: "attached" });
    expect(enquiriesNamed(name)).toHaveLength(1);
  });

  test("sent offline with the page left open, it goes from that page once the connection is back", async ({
    page,
    context,
    consoleGuard,
  }) => {
    consoleGuard.allow();
    const name = `Open Page Pia ${Date.now()}`;
    await page.goto(paths.contact);
    const form = page.getByRole("form", { name: "Send us Message" });
    await form.getByLabel("Your Name").fill(name);
    await form.getByLabel("Message").fill("Is there a bus to Oman this week?");
    await context.setOffline(true);
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByRole("alert")).toContainText(offline.kept);
    await context.setOffline(false);
    await expect(form.getByRole("status")).toHaveText("Your enquiry has been submitted successfully!", sending);
    await expect(form.getByLabel("Your Name")).toHaveValue("");
    await expect.poll(() => enquiriesNamed(name)).toEqual([{ page: paths.contact }]);
  });

  test("a send whose answer is lost is sent again with its key, and makes one enquiry", async ({
    page,
    context,
    consoleGuard,
  }) => {
    // The lost answer is a reset connection, which Chromium logs.
    consoleGuard.allow();
    const name = `Lost Answer Luis ${Date.now()}`;
    await page.goto(paths.detail("tourist-visa", 2));
    const keys: (string | null)[] = [];
    // The context's route: where the browser has Background Sync, the service worker may be the one to send again.
    await context.route("**/api/submit", async (route) => {
      keys.push(await route.request().headerValue("idempotency-key"));
      if (keys.length > 1) return route.continue();
      // The inbox gets it and answers; the answer never reaches the phone.
      await route.fetch();
      return route.abort("connectionreset");
    });
    const form = await fillEnquiry(page, name);
    await form.getByRole("button", { name: "Make Enquiry" }).click();
    await expect(form.getByRole("alert")).toContainText(offline.kept);
    expect(enquiriesNamed(name)).toHaveLength(1);

    // The connection comes back (the browser's `online` event; a 30 s timer would do it too).
    await context.setOffline(true);
    await context.setOffline(false);
    // The form on the page says it has gone, as if it had at once, and starts afresh.
    await expect(form.getByRole("status")).toHaveText("Your enquiry has been submitted successfully!", sending);
    await expect(form.getByRole("alert")).toBeEmpty();
    await expect(form.getByLabel("Full Name")).toHaveValue("");
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(enquiriesNamed(name)).toHaveLength(1);
    expect(await keptNow(page)).toBeNull();
  });

  test(`a kept enquiry older than ${keptMaxAgeMs / 86_400_000} days is dropped unsent, and the visitor told`, async ({
    page,
  }) => {
    const name = `Old Oscar ${Date.now()}`;
    await page.goto(paths.about);
    await page.evaluate(
      ({ prefix, name, age }) => {
        const keptAt = Date.now() - age - 60_000;
        const entry = { key: "0123456789abcdef0123456789abcdef", slot: "enquiry:about", json: false, page: "/about" };
        const fields = [["name", name]];
        window.localStorage.setItem(
          `${prefix}enquiry:about`,
          JSON.stringify({ ...entry, fields, keptAt, tries: 3, nextAt: keptAt }),
        );
      },
      { prefix: keptKeyPrefix, name, age: keptMaxAgeMs },
    );
    await page.reload();
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const notice = page.getByRole("status").filter({ hasText: offline.notSent });
    await expect(notice).toBeVisible();
    await expect(notice.getByRole("link", { name: "WhatsApp" })).toHaveAttribute("href", /^https:\/\/wa\.me\//);
    await expect(notice.getByRole("link", { name: callLabel })).toHaveAttribute("href", phone.href);
    expect(await keptNow(page)).toBeNull();
    expect(enquiriesNamed(name)).toEqual([]);
    await screenshots(page, "not-sent");
  });
});
