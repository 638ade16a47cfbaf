import BetterSqlite3 from "better-sqlite3";
import { chromiumArgs, chromiumPath } from "../scripts/browser";
import { startPushService, type TestPushService } from "../server/testing/push-service";
import { expectNoViolations } from "./axe";
import { expect, test } from "./fixtures";
import { type OwnOffice, startOwnOffice } from "./own-server";
import { activeWorker, stubPushService } from "./push-device";

/*
 * Issue 56: the traveller is told on their phone when their visa moves, once they allowed it on their page. At
 * 390 px in Chromium (its headless shell shows no notifications). Real: the traveller's page and its script, the
 * permission (granted by the test as a tap on "Allow" would), the room's service worker (/case/sw.js), the office
 * moving the stage, the server's Web Push to the push service. Simulated, as in e2e/office-alerts.spec.ts: the
 * browser's push service (e2e/push-device.ts) and the tap (a notificationclick dispatched in the worker).
 */

test.use({ launchOptions: { executablePath: chromiumPath, args: chromiumArgs }, serviceWorkers: "allow" });

let service: TestPushService;
let office: OwnOffice;

test.beforeAll(async () => {
  service = await startPushService();
  office = await startOwnOffice({
    prefix: "karama-e2e-case-alerts-",
    env: { PUSH_CONTACT: "mailto:owner@karama-visa.example", PUSH_LOOPBACK: "on" },
  });
});
test.afterAll(async () => {
  await office?.stop();
  await service?.close();
});

/** How many phones the case of `name` tells, read from the server's database. */
function devicesOf(name: string): number {
  const file = new BetterSqlite3(office.database, { readonly: true });
  try {
    const row = file
      .prepare("SELECT count(*) AS n FROM case_push WHERE case_id IN (SELECT id FROM cases WHERE name = ?)")
      .get(name) as { n: number };
    return row.n;
  } finally {
    file.close();
  }
}

test("the traveller turns notifications on, the office moves the visa, the phone shows it and a tap opens the page @phone", async ({
  browser,
  page: officePage,
}) => {
  test.setTimeout(150_000);
  const name = "Nadia Notified";
  await office.postEnquiry(officePage, { name, visa: "Dubai Tourist Visa", email: "nadia@example.com" });
  await office.signIn(officePage, "Case Carla");
  await officePage.goto(`${office.origin}/office?q=${encodeURIComponent(name)}`);
  await officePage
    .getByRole("link", { name: new RegExp(name) })
    .first()
    .click();
  await officePage.getByRole("button", { name: "Start a case" }).click();
  await expect(officePage).toHaveURL(/\/office\/cases\/\d+$/);
  const casePage = officePage.url();
  await officePage.getByRole("button", { name: "Send the link" }).click();
  const link = await officePage.getByRole("textbox", { name: "The link to send" }).inputValue();

  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const device = service.device();
  await context.grantPermissions(["notifications"], { origin: office.origin });
  await stubPushService(context, device);
  const page = await context.newPage();
  await page.goto(link);
  const offer = page.getByRole("region", { name: "Tell me on this phone when my visa moves" });
  await offer.getByRole("button", { name: "Turn on notifications" }).click();
  await expect(offer.getByRole("status")).toHaveText("Notifications are on for this phone.");
  expect(devicesOf(name)).toBe(1);
  await page.reload();
  await expect(offer.getByRole("status")).toHaveText("Notifications are on for this phone.");
  await expect(offer.getByRole("button", { name: "Turn off notifications" })).toBeVisible();
  await expectNoViolations(page);
  for (const width of [390, 360, 1280]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await offer.screenshot({ path: `/tmp/case-alerts-${width}.png` });
  }
  await page.setViewportSize({ width: 390, height: 844 });

  // The office moves the visa to Approved: the server pushes it, in the traveller's words, without the link.
  await officePage.goto(casePage);
  await officePage.getByRole("button", { name: "Approved", exact: true }).click();
  await expect(officePage.locator(".subtitle [data-case-stage]")).toHaveText("Approved");
  await expect.poll(() => service.delivered(device).length, { timeout: 20_000 }).toBe(1);
  const pushed = service.delivered(device)[0]?.text ?? "";
  expect(JSON.parse(pushed)).toMatchObject({ title: "Your Dubai Tourist Visa: approved" });
  expect(pushed).not.toContain(link.split("/").pop() ?? "-");

  // The browser's push service hands it to the room's worker, which shows it.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const { cdp, registrationId, errors } = await activeWorker(page, `${office.origin}/case/`);
  await cdp.send("ServiceWorker.deliverPushMessage", { origin: office.origin, registrationId, data: pushed });
  const shown = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration("/case/");
      return (await registration?.getNotifications())?.map((each) => each.title) ?? [];
    });
  await expect
    .poll(shown, { timeout: 60_000 })
    .toContain("Your Dubai Tourist Visa: approved")
    .catch((error: unknown) => {
      throw new Error(`${String(error)}\nWhat the worker reported: ${errors.join("; ") || "nothing"}`);
    });

  // A tap, the page gone from the phone: the worker opens the traveller's page from the address the phone kept. A
  // browser opens a window only on a real tap, which a script's event is not: the worker's call is recorded.
  await page.goto(`${office.origin}/`);
  const worker = context.serviceWorkers().find((each) => each.url().endsWith("/case/sw.js"));
  expect(worker).toBeDefined();
  const openedAt = await worker?.evaluate(async () => {
    const scope = self as unknown as {
      registration: { getNotifications(): Promise<Notification[]> };
      clients: { openWindow(url: string): Promise<unknown> };
      dispatchEvent(event: Event): boolean;
    };
    const asked = new Promise<string>((resolve) => {
      scope.clients.openWindow = async (url: string) => {
        resolve(url);
        return null;
      };
    });
    const [notification] = await scope.registration.getNotifications();
    const NotificationEvent = (self as unknown as { NotificationEvent: new (type: string, init: unknown) => Event })
      .NotificationEvent;
    scope.dispatchEvent(new NotificationEvent("notificationclick", { notification }));
    return asked;
  });
  expect(openedAt).toBe(link);
  await page.goto(link);
  const tapped = page;

  // Turned off: the server forgets the phone.
  await tapped.getByRole("button", { name: "Turn off notifications" }).click();
  await expect(tapped.getByRole("status").filter({ hasText: "Notifications" })).toHaveText(
    "Notifications are off for this phone.",
  );
  expect(devicesOf(name)).toBe(0);
  await context.close();
});
