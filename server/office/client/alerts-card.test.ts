// @vitest-environment jsdom
import { webcrypto } from "node:crypto";
import { h } from "preact";
import { renderToString } from "preact-render-to-string";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AlertsCard, deviceMark as serverMark } from "../pages/alerts";
import { alertsCard, deviceMark } from "./alerts";

/*
 * Issue 59, item 4: the Me page said "Alerts are off on this phone. Turn on alerts" right above "Alerts are on for
 * Chrome on Android": which phone is which? The card now marks the listed device that is this phone, and says
 * that the others listed are the person's other devices.
 */

const publicKey = Buffer.from(new Uint8Array(65).fill(4)).toString("base64url");
const thisPhone = "https://fcm.googleapis.com/fcm/send/this-phone:APA91b";
const otherPhone = "https://fcm.googleapis.com/fcm/send/other-phone:APA91b";
const device = (endpoint: string, label: string) => ({
  endpoint,
  label,
  createdAt: "2026-11-20T08:00:00.000Z",
  lastSuccessAt: null,
  lastError: null,
});

/** A browser whose subscription (if any) is `endpoint`, with notifications allowed. */
function browser(endpoint: string | null) {
  let subscription: PushSubscription | null = endpoint
    ? ({
        endpoint,
        options: { applicationServerKey: new Uint8Array(65).fill(4).buffer },
        unsubscribe: vi.fn(async () => {
          subscription = null;
          return true;
        }),
      } as unknown as PushSubscription)
    : null;
  const registration = { pushManager: { getSubscription: async () => subscription } };
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: { ready: Promise.resolve(registration) },
  });
  Object.defineProperty(navigator, "permissions", {
    configurable: true,
    value: { query: async () => ({ state: "granted" }) },
  });
  Object.assign(window, { PushManager: function PushManager() {}, Notification: { permission: "granted" } });
  window.matchMedia = (() => ({ matches: false })) as unknown as typeof window.matchMedia;
  return Promise.resolve(registration as unknown as ServiceWorkerRegistration);
}

function cardOf(devices: ReturnType<typeof device>[]): HTMLElement {
  document.body.innerHTML = renderToString(h(AlertsCard, { off: null, publicKey, devices }));
  return document.querySelector<HTMLElement>("[data-alerts]") as HTMLElement;
}

const status = (card: HTMLElement) => card.querySelector("[data-alerts-status]")?.textContent;
const marked = (card: HTMLElement) =>
  [...card.querySelectorAll<HTMLElement>("[data-alerts-device]")]
    .filter((item) => !item.querySelector<HTMLElement>("[data-alerts-this]")?.hidden)
    .map((item) => item.querySelector("strong")?.textContent);
const visible = (card: HTMLElement, action: string) =>
  !card.querySelector<HTMLButtonElement>(`[data-alerts-action="${action}"]`)?.hidden;

beforeEach(() => {
  if (!globalThis.crypto?.subtle) vi.stubGlobal("crypto", webcrypto);
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

describe("the alerts card on Me: which phone is which", () => {
  it("marks a device the same way on the server and in the browser", async () => {
    for (const endpoint of [thisPhone, otherPhone, "https://web.push.apple.com/QGuA2S4yXzAb+/=", ""]) {
      expect(await deviceMark(endpoint)).toBe(serverMark(endpoint));
    }
    expect(serverMark(thisPhone)).not.toBe(serverMark(otherPhone));
  });

  it("this phone off, another on: says the ones listed are the person's other devices, none marked as this", async () => {
    const ready = browser(null);
    const card = cardOf([device(otherPhone, "Chrome on Android")]);
    alertsCard(card, ready, async () => ({}));
    await vi.waitFor(() =>
      expect(status(card)).toBe("Alerts are off on this phone. Your other devices listed below still get them."),
    );
    expect(card.textContent).toContain("Your devices with alerts on");
    expect(marked(card)).toEqual([]);
    expect(visible(card, "on")).toBe(true);
  });

  it("this phone on: marks it 'This phone' in the list, and only it", async () => {
    const ready = browser(thisPhone);
    const card = cardOf([device(otherPhone, "Chrome on Android"), device(thisPhone, "Safari on iPhone")]);
    alertsCard(card, ready, async () => ({}));
    await vi.waitFor(() => expect(status(card)).toBe("Alerts are on for this phone."));
    expect(marked(card)).toEqual(["Safari on iPhone"]);
    expect(card.querySelector("[data-alerts-this]:not([hidden])")?.textContent).toBe("This phone");
  });

  it("subscribed in the browser but no longer on the server's list: off, to be turned on again", async () => {
    const ready = browser(thisPhone);
    const card = cardOf([device(otherPhone, "Chrome on Android")]);
    alertsCard(card, ready, async () => ({}));
    await vi.waitFor(() => expect(status(card)).toMatch(/^Alerts are off on this phone\./));
    expect(visible(card, "on")).toBe(true);
  });

  it("turned off: this phone leaves the list, and only the others' are said to be on", async () => {
    const ready = browser(thisPhone);
    const post = vi.fn(async () => ({}));
    const card = cardOf([device(thisPhone, "Chrome on Android")]);
    alertsCard(card, ready, post);
    await vi.waitFor(() => expect(status(card)).toBe("Alerts are on for this phone."));
    card.querySelector<HTMLButtonElement>('[data-alerts-action="off"]')?.click();
    await vi.waitFor(() => expect(status(card)).toBe("Alerts are off on this phone."));
    expect(post).toHaveBeenCalledWith("/office/me/alerts/off", { endpoint: thisPhone });
    expect(card.querySelectorAll("[data-alerts-device]")).toHaveLength(0);
    expect(card.querySelector<HTMLElement>("[data-alerts-list]")?.hidden).toBe(true);
  });
});
