/*
 * The little of a service worker's global scope that worker.ts uses. The project type-checks against the DOM's
 * library, which has no ServiceWorkerGlobalScope; TypeScript's WebWorker library would clash with it.
 */

export interface WorkerEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

/** A static route: requests that match go to `source` without the worker's fetch event (Chromium 123+). */
export interface WorkerRoute {
  condition: Record<string, unknown>;
  source: "network";
}

export interface WorkerInstallEvent extends WorkerEvent {
  addRoutes?(routes: WorkerRoute[]): Promise<void>;
}

export interface WorkerFetchEvent extends WorkerEvent {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}

export interface WorkerMessageEvent extends WorkerEvent {
  readonly data: unknown;
}

/** Background Sync (Chromium): the browser's word that the connection is there for what was registered as `tag`. */
export interface WorkerSyncEvent extends WorkerEvent {
  readonly tag: string;
}

export interface WorkerScope {
  readonly location: Location;
  readonly navigator: { connection?: { saveData?: boolean }; locks?: LockManager };
  readonly registration: ServiceWorkerRegistration;
  readonly clients: { claim(): Promise<void>; matchAll(options: { type: "window" }): Promise<{ url: string }[]> };
  skipWaiting(): Promise<void>;
  addEventListener(type: "install", listener: (event: WorkerInstallEvent) => void): void;
  addEventListener(type: "activate", listener: (event: WorkerEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: WorkerFetchEvent) => void): void;
  addEventListener(type: "message", listener: (event: WorkerMessageEvent) => void): void;
  addEventListener(type: "sync", listener: (event: WorkerSyncEvent) => void): void;
}
