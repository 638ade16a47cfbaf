import { act } from "@testing-library/preact";
import type { ReactElement } from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";

/**
 * The markup to compare. Left out: comments (the server's markers), and a form control's state (value, selected,
 * checked), which the client keeps in properties rather than attributes and the tests check on their own. A
 * boolean attribute set from the client reads "true" in jsdom, "" from the server.
 */
const comparable = (html: string) =>
  html
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/ (?:value="[^"]*"|selected=""|checked="")/g, "")
    .replace(/ (inert|hidden|disabled|required)="true"/g, ' $1=""');

/**
 * Pre-renders `tree`, puts the HTML in the document and hydrates it there, as a built page does; then renders the
 * same tree afresh beside it. `mismatch` is null when the hydrated DOM, once its effects have run, is what the
 * fresh render shows: Preact keeps the server's attributes while hydrating, so HTML that differs from the first
 * client render would stay stale on the page instead of being reported.
 */
export async function hydrateServerHtml(tree: ReactElement) {
  const html = renderToString(tree);
  const container = document.createElement("div");
  container.innerHTML = html;
  document.body.append(container);
  let root: Root | undefined;
  await act(async () => {
    root = hydrateRoot(container, tree);
  });

  const fresh = document.createElement("div");
  document.body.append(fresh);
  const freshRoot = createRoot(fresh);
  await act(async () => freshRoot.render(tree));
  const hydrated = comparable(container.innerHTML);
  const rendered = comparable(fresh.innerHTML);
  act(() => freshRoot.unmount());
  fresh.remove();

  return {
    html,
    container,
    mismatch: hydrated === rendered ? null : { hydrated, rendered },
    unmount() {
      act(() => root?.unmount());
      container.remove();
    },
  };
}
