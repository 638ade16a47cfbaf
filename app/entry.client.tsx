import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { startRecordingInput, stopRecordingInput } from "./lib/hydration-input";
import { afterHydrationPieces, hydratePieces, nextTask, startHydrationInPieces } from "./lib/hydration-pieces";

/**
 * React Router's HydratedRouter suspends (throws a promise) until it has decoded the page's loader data from the
 * HTML. React waits for such a promise at the root; Preact has no root boundary, and a Suspense boundary around the
 * whole document resumes at the doctype. So the promise is awaited here, and hydration starts again, once.
 * The parts of the page in a HydrationPiece are left for later, each in a task of its own.
 */
function hydrate(): void {
  try {
    hydrateRoot(document, <HydratedRouter />);
  } catch (thrown) {
    if (!isThenable(thrown)) throw thrown;
    void thrown.then(() => nextTask(hydrate));
    return;
  }
  hydratePieces();
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === "object" && value !== null && typeof (value as { then?: unknown }).then === "function";
}

// Only a page whose HTML holds its content hydrates in pieces: the client-rendered comparison build (React
// Router's SPA mode, `npm run bench`) has a shell to render into, with nothing for a piece to keep meanwhile.
const context = (window as { __reactRouterContext?: { isSpaMode?: boolean } }).__reactRouterContext;
if (!context?.isSpaMode) {
  startHydrationInPieces();
  // What the visitor types meanwhile reaches each form as its fields hydrate (app/lib/hydration-input.ts).
  startRecordingInput(document);
  afterHydrationPieces(stopRecordingInput);
}
nextTask(hydrate);
