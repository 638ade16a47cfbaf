/**
 * The browser entry of the benchmark's client-rendered comparison build only (CLIENT_RENDERED=1, in place of
 * app/entry.client.tsx: scripts/vite-client-rendered.ts): React Router's own browser router renders every page
 * from the empty shell, as a client-rendered site would.
 *
 * React Router's HydratedRouter suspends (throws a promise) until it has read the page's data. React waits for
 * such a promise at the root; Preact has no root boundary, so the promise is awaited here and rendering starts
 * again, once.
 */
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { nextTask } from "../app/lib/hydration-pieces";

function render(): void {
  try {
    hydrateRoot(document, <HydratedRouter />);
  } catch (thrown) {
    if (!isThenable(thrown)) throw thrown;
    void thrown.then(() => nextTask(render));
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === "object" && value !== null && typeof (value as { then?: unknown }).then === "function";
}

nextTask(render);
