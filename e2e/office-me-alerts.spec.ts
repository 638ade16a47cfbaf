import BetterSqlite3 from "better-sqlite3";
import { chromiumArgs, chromiumPath } from "../scripts/browser";
import { expectNoViolations } from "./axe";
import { expect, test } from "./fixtures";
import { type OwnOffice, startOwnOffice } from "./own-server";

/*
 * Issue 55, part 3, and issue 59, item 4, in Chromium: on a fresh install (no alert setting made) the Me page
 * offers to turn alerts on; and with another of the person's devices on, the card says which phone is which.
 * The browser's push service is not reached: where this phone is "on", its subscription is stubbed on the page
 * (as e2e/office-alerts.spec.ts does), and the devices are written to the server's database by the test.
 */

test.use({ launchOptions: { executablePath: chromiumPath, args: chromiumArgs }, serviceWorkers: "allow" });

let office: OwnOffice;

test.beforeAll(async () => {
  // Nothing about alerts in the settings: a fresh install.
  office = await startOwnOffice({ prefix: "karama-e2e-me-alerts-" });
});
test.afterAll(async () => {
  await office?.stop();
});

const otherPhone = "https://fcm.googleapis.com/fcm/send/other-phone:APA91bOther";
const thisPhone = "https://fcm.googleapis.com/fcm/send/this-phone:APA91bThis";

/** A device with alerts on for `name`, as the office would have stored it. */
function alertsOnFor(name: string, endpoint: string, label: string) {
  const file = new BetterSqlite3(office.database);
  try {
    const person = file.prepare("SELECT id FROM people WHERE name = ?").get(name) as { id: number };
    file
      .prepare(
        "INSERT INTO push_subscriptions (person_id, endpoint, p256dh, auth, label, created_at) VALUES (?, ?, ?, ?, ?, ?)",
      )
      .run(person.id, endpoint, "p", "a", label, "2026-11-27T06:30:00.000Z");
  } finally {
    file.close();
  }
}

const widths = [360, 390, 1280];

test("a fresh install's Me page offers to turn alerts on; another device's alerts are told apart", async ({ page }) => {
  await office.signIn(page, "Fresh Fatima", "owner");
  await page.goto(`${office.origin}/office/me`);
  const card = page.getByRole("region", { name: "Alerts on this phone" });
  await expect(card.getByRole("status")).toHaveText("Alerts are off on this phone.");
  await expect(card.getByRole("button", { name: "Turn on alerts" })).toBeVisible();
  await expect(card).not.toContainText("PUSH_CONTACT");
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
    await page.screenshot({ path: `/tmp/wt-push-me-fresh-${width}.png`, fullPage: true });
  }

  // Alerts on for another of her phones, off on this one: the list is hers, and none of it is this phone.
  alertsOnFor("Fresh Fatima", otherPhone, "Chrome on Android");
  await page.reload();
  await expect(card.getByRole("status")).toHaveText(
    "Alerts are off on this phone. Your other devices listed below still get them.",
  );
  await expect(card.getByRole("heading", { name: "Your devices with alerts on" })).toBeVisible();
  await expect(card.getByText("This phone", { exact: true })).toBeHidden();
  await expectNoViolations(page);
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
    await page.screenshot({ path: `/tmp/wt-push-me-other-${width}.png`, fullPage: true });
  }
});

test("with alerts on for this phone and another, this one is marked", async ({ page, context }) => {
  await office.signIn(page, "Two-phone Tariq", "staff");
  alertsOnFor("Two-phone Tariq", otherPhone, "Chrome on Android");
  alertsOnFor("Two-phone Tariq", thisPhone, "Chrome on Android");
  await context.grantPermissions(["notifications"], { origin: office.origin });
  await context.addInitScript((endpoint: string) => {
    PushManager.prototype.getSubscription = async () =>
      ({ endpoint, options: { applicationServerKey: null } }) as unknown as PushSubscription;
  }, thisPhone);
  await page.goto(`${office.origin}/office/me`);
  const card = page.getByRole("region", { name: "Alerts on this phone" });
  await expect(card.getByRole("status")).toHaveText("Alerts are on for this phone.");
  const items = card.getByRole("listitem");
  await expect(items).toHaveCount(2);
  await expect(items.nth(0).getByText("This phone", { exact: true })).toBeHidden();
  await expect(items.nth(1).getByText("This phone", { exact: true })).toBeVisible();
  await expectNoViolations(page);
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
    await page.screenshot({ path: `/tmp/wt-push-me-this-${width}.png`, fullPage: true });
  }
});
