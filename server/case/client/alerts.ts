/*
 * The traveller's page and its service worker (worker.ts): registered at every visit, so that the room's files are
 * kept on the phone; and "Tell me on this phone when my visa moves" (pages.tsx, AlertsOffer), shown where the browser
 * takes Web Push, asking for the permission only when tapped. The page's own address (the private link) is kept on
 * the phone alone, for a tap on a notification to open; the server is sent the subscription only.
 */
import { linkCache, linkKey } from "./worker-rules";

const workerUrl = "/case/sw.js";

/** The worker's registration, or null where the browser has none (or refuses it). */
function registerWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!("serviceWorker" in navigator)) return Promise.resolve(null);
  return navigator.serviceWorker.register(workerUrl, { scope: "/case/" }).catch(() => null);
}

function keyBytes(key: string): Uint8Array<ArrayBuffer> {
  const base64 = key.replace(/-/g, "+").replace(/_/g, "/");
  const text = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(text, (character) => character.charCodeAt(0));
}

async function post(path: string, body: unknown): Promise<Response> {
  return fetch(`${location.pathname.replace(/\/$/, "")}/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    credentials: "same-origin",
  });
}

export function setUpAlerts(): void {
  const registered = registerWorker();
  const section = document.querySelector<HTMLElement>(".case-alerts");
  const key = section?.dataset.alertsKey;
  if (!section || !key || !("PushManager" in window) || !("Notification" in window)) return;
  const on = section.querySelector<HTMLButtonElement>('[data-alerts="on"]');
  const off = section.querySelector<HTMLButtonElement>('[data-alerts="off"]');
  const status = section.querySelector<HTMLElement>(".alerts-status");
  if (!on || !off || !status) return;
  const show = (isOn: boolean, text: string) => {
    on.hidden = isOn;
    off.hidden = !isOn;
    status.textContent = text;
  };
  section.hidden = false;

  void registered.then(async (registration) => {
    if (!registration) {
      section.hidden = true;
      return;
    }
    if (Notification.permission === "granted" && (await registration.pushManager.getSubscription())) {
      show(true, "Notifications are on for this phone.");
    } else if (Notification.permission === "denied") {
      show(false, "Notifications are blocked for this site in your browser's settings. We e-mail you as well.");
    }
  });

  on.addEventListener("click", () => {
    on.disabled = true;
    void (async () => {
      try {
        if ((await Notification.requestPermission()) !== "granted") {
          show(false, "Notifications were not allowed. We e-mail you as well.");
          return;
        }
        await navigator.serviceWorker.ready;
        const registration = await registered;
        if (!registration) throw new Error("no worker");
        const subscription = await registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: keyBytes(key),
        });
        const answer = await post("alerts", subscription.toJSON());
        if (!answer.ok) throw new Error((await answer.text()).trim());
        await (await caches.open(linkCache)).put(linkKey, new Response(location.href));
        show(true, "Notifications are on for this phone.");
      } catch (error) {
        const reason = error instanceof Error && error.message.length > 20 ? error.message : "Please try again.";
        show(false, `Notifications could not be turned on. ${reason}`);
      } finally {
        on.disabled = false;
      }
    })();
  });

  off.addEventListener("click", () => {
    off.disabled = true;
    void (async () => {
      try {
        const subscription = await (await registered)?.pushManager.getSubscription();
        if (subscription) {
          await post("alerts/off", { endpoint: subscription.endpoint });
          await subscription.unsubscribe();
        }
        await (await caches.open(linkCache)).delete(linkKey);
        show(false, "Notifications are off for this phone.");
      } catch {
        status.textContent = "Notifications could not be turned off. Please try again.";
      } finally {
        off.disabled = false;
      }
    })();
  });
}
