import type { Browser, Page } from "@playwright/test";
import { expectNoViolations } from "./axe";
import { type SharedOffice } from "./office-fixtures";
import { expect, test } from "./fixtures";

/*
 * Issue 35, item 11: an invitation link in the office has Copy and Share buttons (Share only where the browser
 * can share; without the script the link stays text to select), and the office opened under another host name
 * than its own says which address to use. The worker's office (e2e/office-fixtures.ts) at http://localhost:PORT;
 * the same server reached as http://127.0.0.1:PORT is "another host name".
 */

test.describe("an invitation link in the office, and the office's own address", () => {
  test("the tests never read a developer's .env", () => {
    expect(process.env.ENV_FILE).toBe("off");
  });

  /** The worker's owner, signed in in this page's browser, their passkey check fresh. */
  async function signedInOwner(office: SharedOffice, page: Page) {
    await office.session(page, "owner");
    await expect(page.getByRole("heading", { name: "Enquiries" })).toBeVisible();
  }

  /** The Team page's form: the link shown, in its card. */
  async function makeLink(office: SharedOffice, page: Page, name: string) {
    await page.goto(`${office.origin}/office/team`);
    await page.getByLabel("Name").fill(name);
    await page.getByRole("button", { name: "Make an invitation link" }).click();
    const card = page.getByRole("region", { name: `Link for ${name}` });
    await expect(card).toBeVisible();
    const link = (await card.getByRole("link").textContent()) ?? "";
    expect(link).toMatch(new RegExp(`^${office.origin}/office/enrol/[A-Za-z0-9_-]{43}$`));
    return { card, link };
  }

  test("Copy puts the link on the clipboard and says so; Share shows only where the browser can share", async ({
    page,
    office,
  }, testInfo) => {
    test.setTimeout(60_000);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: office.origin });
    await signedInOwner(office, page);
    const { card, link } = await makeLink(office, page, "Ravi Kumar");

    const copy = card.getByRole("button", { name: "Copy" });
    const share = card.getByRole("button", { name: "Share" });
    await expect(copy).toBeVisible();
    // This browser has no Web Share (Chromium on Linux): no button that would do nothing.
    expect(await page.evaluate(() => typeof navigator.share)).toBe("undefined");
    await expect(share).toBeHidden();
    await expectNoViolations(page);

    await copy.click();
    await expect(card.getByRole("status")).toHaveText("Copied. Paste it into a message to Ravi Kumar.");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    // The buttons and their confirmation fit the phone: nothing wider than the page.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath("invitation-link.png"), fullPage: true });
  });

  // A phone's share sheet: Chromium on a desktop has none (the test above).
  test("Share hands the link to the phone's share sheet", { tag: "@phone" }, async ({ page, office }) => {
    test.setTimeout(60_000);
    // A browser that can share (a phone's): the share sheet stands in, and keeps what it was given.
    await page.addInitScript(() => {
      const shared: ShareData[] = [];
      Object.assign(window, { shared });
      Object.defineProperty(navigator, "share", {
        value: async (data: ShareData) => {
          shared.push(data);
        },
      });
    });
    await signedInOwner(office, page);
    const { card, link } = await makeLink(office, page, "Aisha Rahman");
    const share = card.getByRole("button", { name: "Share" });
    await expect(share).toBeVisible();
    await share.click();
    const shared = await page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared);
    expect(shared).toHaveLength(1);
    expect(shared[0]?.url).toBe(link);
    expect(shared[0]?.text).toContain("Aisha Rahman");
  });

  test("without the script the link is text to select, and no button does nothing", async ({
    page,
    browser,
    office,
  }) => {
    test.setTimeout(60_000);
    await signedInOwner(office, page);
    const plain = await withoutScript(browser, page);
    try {
      const { card } = await makeLink(office, plain, "Omar Farouk");
      await expect(card.getByRole("button", { name: "Copy" })).toBeHidden();
      await expect(card.getByRole("button", { name: "Share" })).toBeHidden();
      const box = await card.getByRole("link").boundingBox();
      expect(box?.height ?? 0).toBeGreaterThan(0);
    } finally {
      await plain.context().close();
    }
  });

  test("opened at another host name, the sign-in page says which address to use", async ({
    page,
    office,
  }, testInfo) => {
    await page.goto(`http://127.0.0.1:${office.port}/office/sign-in`);
    const notice = page.getByRole("region", { name: "Open the office at its own address" });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(`You opened 127.0.0.1:${office.port}.`);
    await expect(notice).toContainText(`Passkeys for this office work only at ${office.origin}`);
    await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toBeHidden();
    await expectNoViolations(page);
    await page.screenshot({ path: testInfo.outputPath("wrong-host.png"), fullPage: true });

    await notice.getByRole("link", { name: `Go to localhost:${office.port}` }).click();
    await expect(page).toHaveURL(`${office.origin}/office/sign-in`);
    await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Open the office at its own address" })).toBeHidden();
  });
});

/** The same person's session in a browser that runs no script. */
async function withoutScript(browser: Browser, page: Page): Promise<Page> {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: page.viewportSize(),
    storageState: await page.context().storageState(),
  });
  return context.newPage();
}
