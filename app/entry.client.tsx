import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

/**
 * React Router's HydratedRouter suspends (throws a promise) until it has decoded the page's loader data from the
 * HTML. React waits for such a promise at the root; Preact has no root boundary, and a Suspense boundary around the
 * whole document resumes at the doctype. So the promise is awaited here, and hydration starts again, once.
 */
function hydrate(): void {
  try {
    hydrateRoot(document, <HydratedRouter />);
  } catch (thrown) {
    if (!isThenable(thrown)) throw thrown;
    void thrown.then(hydrate);
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === "object" && value !== null && typeof (value as { then?: unknown }).then === "function";
}

hydrate();
