import type { Page } from "@playwright/test";

/* The keyboard walk (e2e/keyboard.spec.ts, e2e/office.spec.ts): Tab through a page, measuring every stop. */

/** What one Tab stop looks like once focused (measured in the page by `probeFocus`). */
interface Stop {
  key: number;
  desc: string;
  atBody: boolean;
  focusStyle: string;
  /** An outline or box shadow is drawn. */
  drawn: boolean;
  /** The style of the previous Tab stop, now that focus has left it. */
  previous: { key: number; style: string } | null;
  width: number;
  height: number;
  /** An inline link inside a sentence: exempt from the target size (WCAG 2.5.8, "Inline"). */
  inlineInText: boolean;
  /** What covers the focused element, if anything. */
  covered: string | null;
}

/** What the probe keeps in the page between calls. */
interface ProbeState {
  ids: WeakMap<Element, number>;
  /** Every element measured so far, in the order first met. */
  visited: Element[];
  prev: Element | null;
  coverage: (element: Element, overlays: boolean) => string | null;
  describe: (element: Element) => string;
}

/**
 * Measures the focused element. Points inside it must hit it, not something painted on top; with `overlays`,
 * no fixed or sticky part of the page chrome (the sticky header or menu bar, the floating WhatsApp button) may
 * lie over any part of it either.
 */
export function probeFocus(overlays: boolean): Stop {
  const holder = window as unknown as { __keyboardProbe?: ProbeState };
  const describe = (element: Element) => {
    const label = element.id ? document.querySelector(`label[for="${CSS.escape(element.id)}"]`)?.textContent : null;
    const name =
      element.getAttribute("aria-label") ??
      label ??
      (element instanceof HTMLElement ? element.innerText : (element.textContent ?? ""));
    return `<${element.tagName.toLowerCase()}> "${name.trim().replace(/\s+/g, " ").slice(0, 50)}"`;
  };
  const intersects = (a: DOMRect, b: DOMRect) =>
    a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const coverage = (element: Element, withOverlays: boolean): string | null => {
    const rect = element.getBoundingClientRect();
    // Points well inside the element (round buttons included); for an inline link, the middle of each line of it.
    const points =
      getComputedStyle(element).display === "inline"
        ? [...element.getClientRects()].map((r) => [r.left + r.width / 2, r.top + r.height / 2] as const)
        : [0.5, 0.25, 0.75].flatMap((fx) =>
            [0.5, 0.25, 0.75].map((fy) => [rect.left + rect.width * fx, rect.top + rect.height * fy] as const),
          );
    const inView = points.filter(([x, y]) => x >= 0 && y >= 0 && x < innerWidth && y < innerHeight);
    if (inView.length === 0) return "outside the viewport";
    for (const [x, y] of inView) {
      const hit = document.elementFromPoint(x, y);
      if (hit && hit !== element && !element.contains(hit)) return `under ${describe(hit)} at ${x},${y}`;
    }
    if (!withOverlays) return null;
    for (const overlay of document.querySelectorAll("body > *, body > * > *")) {
      if (overlay.contains(element) || element.contains(overlay)) continue;
      const position = getComputedStyle(overlay).position;
      if (position !== "fixed" && position !== "sticky") continue;
      if (!overlay.checkVisibility({ visibilityProperty: true })) continue;
      const box = overlay.getBoundingClientRect();
      if (!intersects(box, rect)) continue;
      // Overlapping boxes are fine when the focused element is painted on top (the skip link over the header).
      const x = (Math.max(box.left, rect.left) + Math.min(box.right, rect.right)) / 2;
      const y = (Math.max(box.top, rect.top) + Math.min(box.bottom, rect.bottom)) / 2;
      const hit = document.elementFromPoint(x, y);
      if (!hit || overlay.contains(hit)) return `under the ${position} ${describe(overlay)}`;
    }
    return null;
  };
  const state = (holder.__keyboardProbe ??= { ids: new WeakMap(), visited: [], prev: null, coverage, describe });
  const keyOf = (element: Element) => {
    let key = state.ids.get(element);
    if (key === undefined) {
      key = state.visited.push(element) - 1;
      state.ids.set(element, key);
    }
    return key;
  };
  // A stretched link draws its ring on a pseudo-element that covers its card, so those count too.
  const parts = [null, "::before", "::after"] as const;
  const styleOf = (element: Element) =>
    parts
      .map((part) => {
        const style = getComputedStyle(element, part);
        return `${part ?? ""} outline ${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor} ${style.outlineOffset}, box-shadow ${style.boxShadow}`;
      })
      .join("; ");
  const drawnOn = (element: Element) =>
    parts.some((part) => {
      const style = getComputedStyle(element, part);
      const outline =
        style.outlineStyle !== "none" &&
        parseFloat(style.outlineWidth) > 0 &&
        style.outlineColor !== "rgba(0, 0, 0, 0)";
      return outline || style.boxShadow !== "none";
    });

  const previous = state.prev ? { key: keyOf(state.prev), style: styleOf(state.prev) } : null;
  const element = document.activeElement;
  if (!element || element === document.body) {
    state.prev = null;
    return {
      key: -1,
      desc: "body",
      atBody: true,
      focusStyle: "",
      drawn: false,
      previous,
      width: 0,
      height: 0,
      inlineInText: false,
      covered: null,
    };
  }
  state.prev = element;
  const rect = element.getBoundingClientRect();

  let inlineInText = false;
  if (getComputedStyle(element).display === "inline") {
    let block = element.parentElement;
    while (block && ["inline", "contents"].includes(getComputedStyle(block).display)) block = block.parentElement;
    const around = (block?.textContent ?? "").replace(element.textContent ?? "", "");
    inlineInText = /\p{L}/u.test(around);
  }

  return {
    key: keyOf(element),
    desc: describe(element),
    atBody: false,
    focusStyle: styleOf(element),
    // Focus inside a native control's own parts (the date field's calendar button) leaves the field itself
    // unmatched by :focus; the browser draws that ring and authors cannot style it, so it is not measured.
    drawn: element.matches(":focus") ? drawnOn(element) : true,
    previous,
    width: rect.width,
    height: rect.height,
    inlineInText,
    covered: coverage(element, overlays),
  };
}

/**
 * Focus moving up the page (Shift+Tab, or a form focusing the field that failed) brings elements in from the top,
 * where the sticky header is. For each element measured so far that is still shown, this scrolls the page until
 * the element sits just above the viewport, focuses it (the browser scrolls it back in, honouring scroll-padding)
 * and checks that nothing covers it. One call instead of a second trip round the page.
 */
export function coveredComingFromAbove(): string[] {
  const state = (window as unknown as { __keyboardProbe: ProbeState }).__keyboardProbe;
  const problems: string[] = [];
  for (const element of state.visited) {
    if (!element.isConnected || !element.checkVisibility({ visibilityProperty: true })) continue;
    const bottom = element.getBoundingClientRect().bottom + window.scrollY;
    // Parked above the page while unfocused (the skip link): shown only when focused, measured then.
    if (bottom <= 0) continue;
    window.scrollTo(0, bottom + 1);
    // focus() rather than scrollIntoView(): only the focus path brings content of a sticky box (the detail
    // sidebar) into view, and focus() is what the forms use to point at a field.
    (element as HTMLElement).focus();
    const covered = state.coverage(element, true);
    if (covered) problems.push(`${state.describe(element)} reached from below: hidden, ${covered}`);
  }
  return problems;
}

/** Every element a keyboard user should be able to reach right now: visible, enabled, not inert, in the tab order. */
export function reachableNow(): { key: number; desc: string }[] {
  const state = (window as unknown as { __keyboardProbe: ProbeState }).__keyboardProbe;
  // Not iframes: what is focusable inside the map embed is the map's own business (and stubbed here).
  const selector = "a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]";
  return [...document.querySelectorAll<HTMLElement>(selector)]
    .filter(
      (element) =>
        element.tabIndex >= 0 &&
        !element.matches(":disabled") &&
        !element.closest("[inert]") &&
        element.checkVisibility({ visibilityProperty: true }),
    )
    .map((element) => ({ key: state.ids.get(element) ?? -1, desc: state.describe(element) }));
}

/**
 * Presses Tab (or Shift+Tab) from wherever focus is until focus comes back round to the first stop, and returns
 * what each stop looked like.
 */
export async function tabThrough(
  page: Page,
  { overlays, key = "Tab", limit = 250 }: { overlays: boolean; key?: "Tab" | "Shift+Tab"; limit?: number },
) {
  const stops: Stop[] = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press(key);
    const stop = await page.evaluate(probeFocus, overlays);
    const last = stops.at(-1);
    // The last measurement of the previous element wins: it is the one taken after focus left it.
    if (last && stop.previous?.key === last.key) last.previous = stop.previous;
    // Tab also moves between the parts of one native control (a date's month, day and year): one stop.
    if (last && stop.key === last.key) continue;
    // The body is no stop. Focus is there once it has passed the last element, and, on a busy machine, for a
    // moment while Tab passes through the map's frame (a page of its own, in another process): ending the walk
    // there left the rest of /contact unvisited. The walk ends only when focus comes back round to the first stop.
    // A Tab pressed during that moment went on from the top of the page (seen twice beside another suite): on a
    // page with a frame, focus is given time to settle in the frame, and if it stays on the body, the walk goes on
    // from the frame that follows the last stop, as a visitor's Tab does (resumeAtFrame).
    if (stop.atBody) {
      const settled = await page
        .waitForFunction(() => document.activeElement !== document.body || !document.querySelector("iframe"), null, {
          timeout: 2_000,
        })
        .then(() => true)
        .catch(() => false);
      if (!settled && last) await page.evaluate(resumeAtFrame, last.key);
      continue;
    }
    if (stop.key === stops[0]?.key) return stops;
    stops.push(stop);
  }
  throw new Error(`no end to the tab order after ${limit} stops`);
}

/**
 * In the page: focus fell to the body as Tab went into a frame of another process. When a frame follows the last
 * stop (the element with `key`) in the document, focus goes to that frame, where the visitor's Tab had taken it,
 * and the next Tab goes on after it. After the page's last element no frame follows, and the walk comes round to
 * the first stop as before.
 */
export function resumeAtFrame(key: number): void {
  const state = (window as unknown as { __keyboardProbe?: ProbeState }).__keyboardProbe;
  const last = state?.visited[key];
  if (!last || document.activeElement !== document.body) return;
  const frame = [...document.querySelectorAll("iframe")].find(
    (candidate) => (last.compareDocumentPosition(candidate) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0,
  );
  frame?.focus();
}

/** The checks on a list of Tab stops, as readable lines; empty when all hold. */
export function problemsOf(stops: Stop[]): string[] {
  const problems: string[] = [];
  for (const [index, stop] of stops.entries()) {
    const at = `stop ${index + 1} ${stop.desc}`;
    if (!stop.drawn) problems.push(`${at}: no focus indicator (${stop.focusStyle})`);
    // The indicator has to be a change of look, not a style the element wears all the time.
    else if (stop.previous && stop.previous.style === stop.focusStyle) {
      problems.push(`${at}: looks the same focused and unfocused (${stop.focusStyle})`);
    }
    if (stop.covered) problems.push(`${at}: hidden, ${stop.covered}`);
    if (!stop.inlineInText && (stop.width < 24 || stop.height < 24)) {
      problems.push(`${at}: target ${stop.width.toFixed(1)} x ${stop.height.toFixed(1)} px, under 24 x 24`);
    }
  }
  return problems;
}
