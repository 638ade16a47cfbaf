/*
 * The office's service worker, served at /office/sw.js with the scope /office/ and registered only by office pages
 * (office.ts). It shows the alerts the server pushes (server/push) and opens the enquiry on a tap; it caches nothing
 * and answers no requests: the office's pages are never stored (server/office/headers.ts).
 */
import { alertFromPush, genericAlert, openAlert, type OfficeWindow } from "./alert-handling";

// The worker's globals, as far as this file uses them (the DOM library's types are the page's, not a worker's).
interface PushEventLike extends Event {
  data: { text(): string } | null;
  waitUntil(promise: Promise<unknown>): void;
}
interface NotificationEventLike extends Event {
  notification: { close(): void; data: unknown };
  waitUntil(promise: Promise<unknown>): void;
}
interface WorkerScope {
  location: Location;
  registration: { showNotification(title: string, options: NotificationOptions): Promise<void> };
  clients: {
    matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<OfficeWindow[]>;
    openWindow(url: string): Promise<unknown>;
    claim(): Promise<void>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: string, listener: (event: Event) => void): void;
}

const scope = self as unknown as WorkerScope;

scope.addEventListener("install", () => {
  void scope.skipWaiting();
});
scope.addEventListener("activate", (event) => {
  (event as PushEventLike).waitUntil(scope.clients.claim());
});

// Every push shows a notification, whatever it holds: a browser ends the subscription of a worker that does not.
scope.addEventListener("push", (event) => {
  const push = event as PushEventLike;
  let text: string | null = null;
  try {
    text = push.data?.text() ?? null;
  } catch {
    text = null;
  }
  const alert = alertFromPush(text);
  push.waitUntil(
    scope.registration
      .showNotification(alert.title, { body: alert.body, data: { url: alert.url }, tag: alert.url, icon: iconOf() })
      .catch(() => scope.registration.showNotification(genericAlert.title, { body: genericAlert.body })),
  );
});

scope.addEventListener("notificationclick", (event) => {
  const click = event as NotificationEventLike;
  click.notification.close();
  const data = click.notification.data as { url?: unknown } | null;
  const url = typeof data?.url === "string" ? data.url : "/office";
  click.waitUntil(
    scope.clients
      .matchAll({ type: "window", includeUncontrolled: true })
      .then((windows) => openAlert(url, scope.location.origin, windows, (target) => scope.clients.openWindow(target))),
  );
});

/**
 * The office's icon, written into this script by the server as a data: address (assets.ts). Never a fetch: a
 * browser shows a notification only once its icon has loaded (Chromium waits up to 90 s), so an icon fetched from
 * the server made every alert wait on a phone's connection and on the server, and on a stalled one it came late.
 */
function iconOf(): string | undefined {
  const icon = "__OFFICE_ICON__";
  return icon.startsWith("data:image/png;base64,") ? icon : undefined;
}
