import type { BrowserContext, Page } from "@playwright/test";
import { existsSync } from "node:fs";
import { offline } from "../app/content/data/offline-messages";
import { keptCacheName, keptSyncTag } from "../app/lib/forms/kept-copies";
import type { KeptEnquiry } from "../app/lib/forms/kept-enquiry";
import { paths } from "../app/lib/paths";
import { chromiumArgs, chromiumPath, testBrowserPath } from "../scripts/browser";
import { expect, test } from "./fixtures";
import { controlled, enquiriesNamed, fillEnquiry, keptNow, sending, workerCopies } from "./offline-helpers";

/*
 * Issue 38, the last of "An enquiry that waits for the network": where the browser has Background Sync (Chromium),
 * the service worker sends a kept enquiry with no page of the site open, once the connection is back. The browser's
 * own sync comes when it sees the network return, which Playwright's offline mode does not reach: the test fires it
 * as the browser would, through the DevTools protocol (ServiceWorker.dispatchSyncEvent). Nothing here depends on
 * the width: the phone project only.
 *
 * In the full Chromium: the headless shell that runs the other specs has Background Sync switched off (its
 * registration.sync answers "Background Sync is disabled."), so that there the pages alone send, as in Firefox.
 */

test.use({
  serviceWorkers: "allow",
  launchOptions: { executablePath: existsSync(chromiumPath) ? chromiumPath : testBrowserPath, args: chromiumArgs },
});

/** Whether the browser under test has Background Sync switched on (not in the headless shell). */
const hasBackgroundSync = (page: Page) =>
  page.evaluate(async () => {
    const registration = (await navigator.serviceWorker.ready) as unknown as {
      sync?: { getTags(): Promise<string[]> };
    };
    return (
      registration.sync?.getTags().then(
        () => true,
        () => false,
      ) ?? false
    );
  });

/** Fires the kept enquiries' sync on the site's worker, as the browser does when the connection returns. */
async function syncNow(context: BrowserContext, from: Page, origin: string): Promise<void> {
  const cdp = await context.newCDPSession(from);
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  cdp.on("ServiceWorker.workerRegistrationUpdated", (event) => registrations.push(...event.registrations));
  await cdp.send("ServiceWorker.enable");
  const ours = () => registrations.find((found) => found.scopeURL.startsWith(origin) && !found.isDeleted);
  await expect.poll(() => ours()).toBeDefined();
  await cdp.send("ServiceWorker.dispatchSyncEvent", {
    origin,
    registrationId: ours()!.registrationId,
    tag: keptSyncTag,
    lastChance: false,
  });
  await cdp.detach();
}

test.describe("an enquiry the service worker sends @phone", () => {
  test("sent offline and every page closed, the worker sends it once the connection is back; a page opened later says so", async ({
    page,
    context,
    baseURL,
    consoleGuard,
  }) => {
    // A send offline, the worker's own, then a page: on a busy machine, more than a test's usual time.
    test.setTimeout(90_000);
    // Offline, Chromium logs every request it cannot make.
    consoleGuard.allow();
    const origin = new URL(baseURL!).origin;
    const name = `Synced Sami ${Date.now()}`;
    await page.goto(paths.detail("dubai-visa", 1));
    await controlled(page);
    test.skip(!(await hasBackgroundSync(page)), "This browser has Background Sync switched off (the headless shell)");
    const form = await fillEnquiry(page, name);

    await context.setOffline(true);
    await form.getByRole("button", { name: "Make Enquiry" }).click();
    await expect(form.getByRole("alert")).toContainText(offline.kept);
    // Kept twice: in the page's storage, and a copy for the worker, with the same key; and a sync asked for.
    const kept = JSON.parse((await keptNow(page)) ?? "null") as KeptEnquiry;
    await expect.poll(async () => (await workerCopies(page)).map((copy) => copy.entry.key)).toEqual([kept.key]);
    const [copy] = await workerCopies(page);
    expect(copy).toMatchObject({ endpoint: "/api/submit", entry: { page: paths.detail("dubai-visa", 1) } });
    expect(
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (registration as unknown as { sync: { getTags(): Promise<string[]> } }).sync.getTags();
      }),
    ).toContain(keptSyncTag);
    // Nothing has gone yet: the worker's own sends are offline too.
    expect(enquiriesNamed(name)).toEqual([]);
    expect((await workerCopies(page))[0]?.sentAt).toBeUndefined();

    // Every page of the site closed; the connection back; the browser's sync.
    await page.close();
    const elsewhere = await context.newPage();
    await context.setOffline(false);
    await syncNow(context, elsewhere, origin);
    await expect.poll(() => enquiriesNamed(name), sending).toEqual([{ page: paths.detail("dubai-visa", 1) }]);

    // A page of the site opened later: the visitor is told it has gone, and nothing is sent again.
    const again = await context.newPage();
    const posts: string[] = [];
    again.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/api/submit") posts.push(request.url());
    });
    await again.goto(paths.home);
    await expect(again.getByRole("status").filter({ hasText: offline.sent })).toBeVisible(sending);
    expect(await keptNow(again)).toBeNull();
    await expect.poll(() => workerCopies(again)).toEqual([]);
    expect(posts).toEqual([]);
    expect(enquiriesNamed(name)).toHaveLength(1);
  });

  test("a copy the inbox refuses is dropped by the worker, and nothing is stored", async ({
    page,
    context,
    baseURL,
  }) => {
    const name = `Refused Rafa ${Date.now()}`;
    await page.goto(paths.contact);
    await controlled(page);
    // What no form of the site sends (they check the address first): an address the inbox refuses.
    const entry: KeptEnquiry = {
      key: `refused${Date.now()}`.padEnd(32, "0"),
      slot: "contact",
      json: true,
      fields: [
        ["name", name],
        ["email", "not an address"],
        ["message", "Is there a bus to Oman?"],
      ],
      page: paths.contact,
      keptAt: Date.now(),
      tries: 1,
      nextAt: Date.now(),
    };
    await page.evaluate(
      async ({ cacheName, copy }) => {
        const cache = await caches.open(cacheName);
        await cache.put(`/kept-enquiry/${copy.entry.key}`, new Response(JSON.stringify(copy)));
      },
      { cacheName: keptCacheName, copy: { entry, endpoint: "/api/submit", accessKey: "" } },
    );
    expect(await workerCopies(page)).toHaveLength(1);
    // The worker's own requests, as the browser reports them.
    const answers: number[] = [];
    context.on("response", (response) => {
      if (new URL(response.url()).pathname === "/api/submit") answers.push(response.status());
    });

    await syncNow(context, page, new URL(baseURL!).origin);
    await expect.poll(() => workerCopies(page), sending).toEqual([]);
    expect(answers).toEqual([400]);
    expect(enquiriesNamed(name)).toEqual([]);
  });
});
