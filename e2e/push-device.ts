import type { BrowserContext, Page } from "@playwright/test";
import type { TestDevice } from "../server/testing/push-service";

/*
 * A phone's Web Push in Chromium for the end-to-end tests (the office's alerts, issue 37; the traveller's, issue 56).
 * Headless Chromium's push service cannot be reached here, so PushManager.subscribe and getSubscription are stubbed
 * on the page to give a subscription at the tests' push service (server/testing/push-service.ts), with keys the test
 * holds; the DevTools protocol hands a push to the page's worker as the browser's push service would.
 */

/** The page's PushManager answers with `device`, a subscription at the test's push service (see above). */
export async function stubPushService(context: BrowserContext, device: TestDevice) {
  await context.addInitScript((subscribed: TestDevice) => {
    const stored = "e2e-push-subscription";
    const make = (key: number[]) =>
      ({
        endpoint: subscribed.endpoint,
        expirationTime: null,
        options: { applicationServerKey: new Uint8Array(key).buffer, userVisibleOnly: true },
        getKey: () => null,
        toJSON: () => ({ endpoint: subscribed.endpoint, expirationTime: null, keys: subscribed }),
        unsubscribe: async () => {
          localStorage.removeItem(stored);
          return true;
        },
      }) as unknown as PushSubscription;
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = [...new Uint8Array(options?.applicationServerKey as ArrayBuffer | Uint8Array)];
      localStorage.setItem(stored, JSON.stringify(key));
      return make(key);
    };
    PushManager.prototype.getSubscription = async function () {
      const key = localStorage.getItem(stored);
      return key ? make(JSON.parse(key) as number[]) : null;
    };
  }, device);
}

/**
 * A page's service worker (of `scopeURL`) as the DevTools protocol sees it: its registration's id once a version of it is activated (a
 * push for a worker that is not active yet is dropped; the browser's push service waits for it, and starts a stopped
 * worker to deliver it), and what the worker reported going wrong, for a failure's message.
 */
export async function activeWorker(page: Page, scopeURL: string) {
  const cdp = await page.context().newCDPSession(page);
  const errors: string[] = [];
  let registrationId: string | null = null;
  const activated = new Set<string>();
  const ready = new Promise<string>((resolve) => {
    const check = () => {
      if (registrationId !== null && activated.has(registrationId)) resolve(registrationId);
    };
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const mine = registrations.find(
        (each: { scopeURL: string; isDeleted: boolean }) => each.scopeURL === scopeURL && !each.isDeleted,
      );
      if (mine) registrationId = mine.registrationId;
      check();
    });
    cdp.on("ServiceWorker.workerVersionUpdated", ({ versions }) => {
      for (const version of versions as { registrationId: string; status: string }[]) {
        if (version.status === "activated") activated.add(version.registrationId);
      }
      check();
    });
  });
  cdp.on("ServiceWorker.workerErrorReported", ({ errorMessage }) => errors.push(JSON.stringify(errorMessage)));
  await cdp.send("ServiceWorker.enable");
  return { cdp, registrationId: await ready, errors };
}
