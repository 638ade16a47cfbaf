import { hydrateRoot } from "react-dom/client";
import { PageBody } from "./components/layout/PageBody";
import { startRecordingInput, stopRecordingInput } from "./lib/hydration-input";
import { afterHydrationPieces, hydratePieces, nextTask, startHydrationInPieces } from "./lib/hydration-pieces";
import { startNavigation } from "./lib/page-router/navigation";
import { pageAt, type RouteModule } from "./lib/page-router/page";
import { readPageState } from "./lib/page-router/page-data";
import { PageRouter, RouteAt } from "./lib/page-router/react-router";

/**
 * The browser's start: the pre-rendered page's <body> hydrates with the routes its HTML names
 * (app/lib/page-router), without React Router. The page's boot script (scripts/defer-hydration.ts) has imported
 * their modules after the first paint. The parts of the page in a HydrationPiece are left for later, each in a
 * task of its own; what the visitor types meanwhile reaches each form as its fields hydrate
 * (app/lib/hydration-input.ts).
 */
function hydrate(): void {
  const state = readPageState(document);
  // A page without its state (a copy saved from an old build, say) stays as its HTML shows it: links still work.
  if (!state) return;
  // Set by the boot script (scripts/defer-hydration.ts), which has imported them.
  const modules = (window as { __pageRouteModules?: Record<string, RouteModule> }).__pageRouteModules;
  startNavigation(document);
  startHydrationInPieces();
  startRecordingInput(document);
  afterHydrationPieces(stopRecordingInput);
  const page = pageAt(state, modules ?? {}, window.location, 0);
  hydrateRoot(
    document.body,
    <PageRouter initial={page}>
      <PageBody>
        <RouteAt index={0} />
      </PageBody>
    </PageRouter>,
  );
  hydratePieces();
}

// The page's data blocks close the body: on a slow connection the first paint can come before they have arrived.
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", () => nextTask(hydrate));
else nextTask(hydrate);
