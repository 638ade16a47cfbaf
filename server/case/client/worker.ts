/*
 * The case room's service worker, served at /case/sw.js with the scope /case/ and registered by the traveller's page
 * (alerts.ts). It keeps the room's own files (hashed names, /case/assets/) once fetched, so that the page's script and
 * the passport reader's engine load from the phone afterwards, offline too; it shows the notifications the server
 * pushes when the visa moves and opens the traveller's page on a tap. It answers nothing else: a traveller's page,
 * papers and visa are never stored (worker-rules.ts).
 */
import {
  assetsCache,
  assetsKept,
  caseAlertFrom,
  genericCaseAlert,
  isKeptAsset,
  linkCache,
  linkKey,
  whereToOpen,
} from "./worker-rules";

// The worker's globals, as far as this file uses them (the DOM library's types are the page's, not a worker's).
interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEventLike extends ExtendableEventLike {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface PushEventLike extends ExtendableEventLike {
  data: { text(): string } | null;
}
interface NotificationEventLike extends ExtendableEventLike {
  notification: { close(): void };
}
interface WindowLike {
  url: string;
  focus(): Promise<unknown>;
}
interface WorkerScope {
  location: Location;
  registration: { showNotification(title: string, options: NotificationOptions): Promise<void> };
  clients: {
    matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<WindowLike[]>;
    openWindow(url: string): Promise<unknown>;
    claim(): Promise<void>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: string, listener: (event: Event) => void): void;
}

const scope = self as unknown as WorkerScope;
const origin = scope.location.origin;

scope.addEventListener("install", () => {
  void scope.skipWaiting();
});
scope.addEventListener("activate", (event) => {
  const dropOld = caches
    .keys()
    .then((names) =>
      Promise.all(
        names
          .filter((name) => name.startsWith("case-assets-") && name !== assetsCache)
          .map((name) => caches.delete(name)),
      ),
    );
  (event as ExtendableEventLike).waitUntil(Promise.all([dropOld, scope.clients.claim()]));
});

scope.addEventListener("fetch", (event) => {
  const fetching = event as FetchEventLike;
  if (!isKeptAsset(fetching.request.method, fetching.request.url, origin)) return;
  fetching.respondWith(fromCacheFirst(fetching.request));
});

/** A file with a hashed name never changes: from the cache when there, else from the network, kept. */
async function fromCacheFirst(request: Request): Promise<Response> {
  const cache = await caches.open(assetsCache);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.status === 200 && response.type === "basic") {
    await cache.put(request, response.clone());
    const keys = await cache.keys();
    await Promise.all(keys.slice(0, Math.max(0, keys.length - assetsKept)).map((key) => cache.delete(key)));
  }
  return response;
}

// Every push shows a notification, whatever it holds: a browser ends the subscription of a worker that does not.
scope.addEventListener("push", (event) => {
  const push = event as PushEventLike;
  let text: string | null = null;
  try {
    text = push.data?.text() ?? null;
  } catch {
    text = null;
  }
  const alert = caseAlertFrom(text);
  push.waitUntil(
    scope.registration
      .showNotification(alert.title, { body: alert.body, tag: "case" })
      .catch(() => scope.registration.showNotification(genericCaseAlert.title, { body: genericCaseAlert.body })),
  );
});

scope.addEventListener("notificationclick", (event) => {
  const click = event as NotificationEventLike;
  click.notification.close();
  click.waitUntil(
    (async () => {
      const windows = await scope.clients.matchAll({ type: "window", includeUncontrolled: true });
      const kept = await (await caches.open(linkCache)).match(linkKey);
      const target = whereToOpen(windows, kept ? await kept.text() : null, origin);
      if ("focus" in target) await windows[target.focus]?.focus();
      else await scope.clients.openWindow(target.open);
    })(),
  );
});
