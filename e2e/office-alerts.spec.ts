import BetterSqlite3 from "better-sqlite3";
import { chromiumArgs, chromiumPath } from "../scripts/browser";
import { startPushService, type TestPushService } from "../server/testing/push-service";
import { expectNoViolations } from "./axe";
import { expect, test } from "./fixtures";
import { type OwnOffice, startOwnOffice } from "./own-server";
import { activeWorker, stubPushService } from "./push-device";

/*
 * Issue 37, alerts on the phone, in Chromium at 390 px (@phone). The server is the spec's own: alerts need
 * PUSH_CONTACT, which the worker's shared office does not set (e2e/office-fixtures.ts), and PUSH_LOOPBACK, so that
 * the device's push service may be the test's, on loopback.
 *
 * What is real: the Me page and its script, the browser's notification permission (granted by the test, as a tap
 * on "Allow" would), the server's Web Push (encrypted, signed) to the push service, the office's service worker
 * receiving a push and showing the notification, and its click handler moving the office to the enquiry.
 * What is simulated, and why:
 * - the browser's push service: headless Chromium's cannot be reached here, so PushManager.subscribe and
 *   getSubscription on the page are stubbed (an init script) to give a subscription whose endpoint is the test's
 *   push service, with keys the test holds; the test decrypts what the server sends with them;
 * - the hop from the push service to the browser: the decrypted payload is handed to the office's worker through
 *   the DevTools protocol (ServiceWorker.deliverPushMessage), as the browser's push service would;
 * - the tap: a notificationclick event is dispatched in the worker on the notification it showed. A script's event
 *   is not a browser's (the browser lets only a real tap focus a window), which the handler allows for.
 */

// Chromium itself, not the headless shell the other specs use: the shell has no notifications (its service workers
// are refused showNotification whatever permission is granted). A worker option: this spec gets workers of its own.
test.use({ launchOptions: { executablePath: chromiumPath, args: chromiumArgs }, serviceWorkers: "allow" });

let service: TestPushService;
let office: OwnOffice;

test.beforeAll(async () => {
  service = await startPushService();
  office = await startOwnOffice({
    prefix: "karama-e2e-alerts-",
    env: { PUSH_CONTACT: "mailto:owner@karama-visa.example", PUSH_LOOPBACK: "on" },
  });
});
test.afterAll(async () => {
  await office?.stop();
  await service?.close();
});

test(
  "alerts are turned on from Me, tested, shown by the office's worker, open the enquiry, and turned off",
  {
    tag: "@phone",
  },
  async ({ page, context }) => {
    test.setTimeout(120_000);
    const device = service.device("e2e-phone");
    await context.grantPermissions(["notifications"], { origin: office.origin });
    await stubPushService(context, device);
    await office.signIn(page, "Alert Amal");

    await page.goto(`${office.origin}/office/me`);
    const card = page.getByRole("region", { name: "Alerts on this phone" });
    await expect(card.getByRole("status")).toHaveText("Alerts are off on this phone.");
    await page.screenshot({ path: "/tmp/h1-me-alerts-off-390.png" });
    await card.getByRole("button", { name: "Turn on alerts" }).click();
    await expect(card.getByRole("status")).toContainText("Alerts are on for this phone");
    await expect(card.getByRole("button", { name: "Turn on alerts" })).toBeHidden();

    // "Send a test": the server's push reaches the push service, and decrypts with the device's key to the test.
    await card.getByRole("button", { name: "Send a test" }).click();
    await expect(card.getByRole("status")).toContainText("Test sent");
    await expect.poll(() => service.delivered(device).length).toBe(1);
    expect(JSON.parse(service.delivered(device)[0]?.text ?? "{}")).toMatchObject({ title: "Test alert" });

    await page.reload();
    await expect(card).toContainText("Alerts are on for");
    await expect(card.getByRole("button", { name: "Send a test" })).toBeVisible();
    await expectNoViolations(page);
    for (const width of [390, 360, 1280]) {
      await page.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
      await page.screenshot({ path: `/tmp/h1-me-alerts-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 390, height: 844 });

    // A visitor's enquiry: the server pushes its alert within seconds.
    await office.postEnquiry(page, { name: "Pushed Parveen", visa: "Dubai Tourist Visa" });
    await expect.poll(() => service.delivered(device).length, { timeout: 15_000 }).toBe(2);
    const alert = JSON.parse(service.delivered(device)[1]?.text ?? "{}") as {
      title: string;
      body: string;
      url: string;
    };
    expect(alert.title).toBe("New enquiry: Pushed Parveen");
    expect(alert.url).toMatch(/^\/office\/enquiries\/\d+$/);
    expect(JSON.stringify(alert)).not.toContain("visitor@example.com");

    // The browser's push service hands it to the office's worker, which shows it.
    await page.goto(`${office.origin}/office/me`);
    // Delivered once the worker is activated (see activeWorker).
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const { cdp, registrationId, errors } = await activeWorker(page, `${office.origin}/office/`);
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin: office.origin,
      registrationId,
      data: service.delivered(device)[1]?.text ?? "",
    });
    const shown = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration("/office/");
        return (await registration?.getNotifications())?.map((each) => ({ title: each.title, body: each.body })) ?? [];
      });
    // Waits on the notification itself, for as long as the test may run: on a busy machine (the whole suite on two
    // cores) the worker's handling took over 5 s. A failure names what the worker reported.
    await expect
      .poll(shown, { timeout: 60_000 })
      .toContainEqual({ title: alert.title, body: alert.body })
      .catch((error: unknown) => {
        throw new Error(`${String(error)}\nWhat the worker reported: ${errors.join("; ") || "nothing"}`);
      });

    // A tap on it: dispatched in the worker on the notification it showed (see above); the office goes to the enquiry.
    const worker = context.serviceWorkers().find((each) => each.url().endsWith("/office/sw.js"));
    expect(worker).toBeDefined();
    await worker?.evaluate(async () => {
      const scope = self as unknown as {
        registration: { getNotifications(): Promise<Notification[]> };
        dispatchEvent(event: Event): boolean;
      };
      const [notification] = await scope.registration.getNotifications();
      const NotificationEvent = (self as unknown as { NotificationEvent: new (type: string, init: unknown) => Event })
        .NotificationEvent;
      scope.dispatchEvent(new NotificationEvent("notificationclick", { notification }));
    });
    await expect(page).toHaveURL(`${office.origin}${alert.url}`);
    await expect(page.getByRole("heading", { name: "Pushed Parveen" })).toBeVisible();

    // Turned off: the server forgets the device, the browser its subscription.
    await page.goto(`${office.origin}/office/me`);
    await card.getByRole("button", { name: "Turn off" }).click();
    await expect(card.getByRole("status")).toHaveText("Alerts are off on this phone.");
    await page.reload();
    await expect(card).not.toContainText("Alerts are on for");
    await expect(card.getByRole("button", { name: "Turn on alerts" })).toBeVisible();

    // Signing out on the phone turns its alerts off first: the server forgets the device.
    await card.getByRole("button", { name: "Turn on alerts" }).click();
    await expect(card.getByRole("status")).toContainText("Alerts are on for this phone");
    expect(devicesOf("Alert Amal")).toBe(1);
    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await expect(page).toHaveURL(`${office.origin}/office/sign-in`);
    expect(devicesOf("Alert Amal")).toBe(0);
  },
);

/** How many devices a person has alerts on for, read from the server's database. */
function devicesOf(name: string): number {
  const file = new BetterSqlite3(office.database, { readonly: true });
  try {
    const row = file
      .prepare("SELECT count(*) AS n FROM push_subscriptions WHERE person_id IN (SELECT id FROM people WHERE name = ?)")
      .get(name) as { n: number };
    return row.n;
  } finally {
    file.close();
  }
}
