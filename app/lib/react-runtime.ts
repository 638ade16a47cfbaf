/**
 * The `react` the pages import (scripts/vite-preact.ts points it here): React's API from Preact, plus what React
 * Router 8 needs that preact/compat lacks.
 */
import { Fragment, options } from "preact";
import { isControlTag, isRecordingInput, watchedRef } from "./hydration-input";

// @ts-expect-error: preact/compat's types are written as `export =`, which TypeScript will not re-export with
// `export *`; the module itself has named exports, and the pages' code is checked against React's types anyway.
export * from "preact/compat";
export { default } from "preact/compat";

/** React Router calls useOptimistic's setter only with `useTransitions`, which this site does not turn on. */
export function useOptimistic<S>(passthrough: S): [S, (action: unknown) => void] {
  return [passthrough, () => {}];
}

/** Renders nothing: stands in for an element the page's HTML no longer has. */
const Omitted = () => null;

// React's suppressHydrationWarning is a hint to React, never an attribute: Preact would write it into the HTML.
const previousVnode = options.vnode;
options.vnode = (vnode) => {
  const props = vnode.props as Record<string, unknown> | null;
  if (props && typeof vnode.type === "string" && "suppressHydrationWarning" in props) {
    delete props.suppressHydrationWarning;
  }
  // Where React Router renders the whole document in the browser (the benchmark's client-rendered comparison;
  // the site's pages hydrate their <body> alone, app/entry.client.tsx): its <Scripts> renders modulepreload
  // links the built pages do not have, and Preact, which hydrates by position, would insert them.
  if (typeof document !== "undefined" && vnode.type === "link" && props?.rel === "modulepreload") {
    (vnode as { type: unknown }).type = Omitted;
  }
  // There too, Preact renders into the document's <html> element, not the document: the root layout's <html>
  // becomes its children, so that they render the page's <head> and <body> (preactjs/preact#3794).
  if (typeof document !== "undefined" && vnode.type === "html") {
    (vnode as { type: unknown }).type = Fragment;
  }
  previousVnode?.(vnode);
  // While the page hydrates, each form control tells app/lib/hydration-input.ts when it is hydrated and with
  // which value, through its ref (preact/compat has normalised the props by now: `value` is what Preact sets).
  if (typeof vnode.type === "string" && isControlTag(vnode.type) && isRecordingInput()) {
    vnode.ref = watchedRef(vnode.ref as Parameters<typeof watchedRef>[0], (vnode.props as { value?: unknown }).value);
  }
};

// Effects run right after the render, before the browser turns to anything else (a microtask), as React runs
// them after a tap or a key: not after the next animation frame as Preact's default does (a page in the
// background or under a test's paused clock gets no frames, and the taps held before hydration,
// app/lib/early-taps.ts, are replayed without a frame's wait), nor in a task of their own, where whatever came
// first (the next tap, a test's next step) would find the carousel's timer not yet started.
if (typeof document !== "undefined") {
  options.requestAnimationFrame = (callback) => queueMicrotask(callback);
}
