/**
 * `npm run bench -- --reach`: how far a visitor on a phone must scroll before the first price, a call link and
 * the enquiry form's first field are in sight. The browser reports boxes (`measureReachBoxes`, run in the page);
 * the figures and the table are worked out here, where they can be tested.
 */

/** The phone the figures are for. */
export const reachViewport = { width: 390, height: 844 } as const;

/** One candidate element, measured with the page scrolled to the top. */
export interface ReachBox {
  /** Its bottom edge, in page coordinates (from the top of the document). */
  bottom: number;
  /** Fixed to the window (the action bar): in sight without scrolling if it is inside the window. */
  fixed: boolean;
}

export interface ReachBoxes {
  viewportHeight: number;
  /** Height of the fixed bars across the foot of the window, which hide what scrolls beneath them. */
  bottomChrome: number;
  price: ReachBox[];
  call: ReachBox[];
  field: ReachBox[];
}

export type ReachKey = "price" | "call" | "field";
export const reachKeys: readonly ReachKey[] = ["price", "call", "field"];

/** Pixels to scroll before the box is wholly in sight above the bottom bars; 0 = the first screen. */
export function scrollToSee(box: ReachBox, viewportHeight: number, bottomChrome: number): number {
  if (box.fixed) return box.bottom <= viewportHeight ? 0 : Number.POSITIVE_INFINITY;
  return Math.max(0, Math.ceil(box.bottom - (viewportHeight - bottomChrome)));
}

/** The nearest of the candidates, or null when the page has none. */
export function nearest(boxes: readonly ReachBox[], viewportHeight: number, bottomChrome: number): number | null {
  const distances = boxes.map((box) => scrollToSee(box, viewportHeight, bottomChrome)).filter(Number.isFinite);
  return distances.length === 0 ? null : Math.min(...distances);
}

export type ReachRow = { route: string } & Record<ReachKey, number | null>;

export function reachRow(route: string, boxes: ReachBoxes): ReachRow {
  const distance = (key: ReachKey) => nearest(boxes[key], boxes.viewportHeight, boxes.bottomChrome);
  return { route, price: distance("price"), call: distance("call"), field: distance("field") };
}

const headings: Record<ReachKey, string> = { price: "first price", call: "call link", field: "form's first field" };

/** "0", "1,234 px (1.5 screens)" or "–" (none on the page). */
export function formatDistance(pixels: number | null, viewportHeight: number): string {
  if (pixels === null) return "–";
  if (pixels === 0) return "0";
  return `${pixels.toLocaleString("en-US")} px (${(pixels / viewportHeight).toFixed(1)} screens)`;
}

/** A Markdown table, one row per route. */
export function formatReachTable(rows: readonly ReachRow[], viewportHeight: number = reachViewport.height): string {
  const header = ["route", ...reachKeys.map((key) => headings[key])];
  const body = rows.map((row) => [
    `\`${row.route}\``,
    ...reachKeys.map((key) => formatDistance(row[key], viewportHeight)),
  ]);
  const widths = header.map((cell, column) => Math.max(cell.length, ...body.map((line) => line[column]?.length ?? 0)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(" | ")} |`;
  return [line(header), line(widths.map((width) => "-".repeat(width))), ...body.map(line)].join("\n");
}

/**
 * Runs in the page (serialised by Playwright: self-contained). The first price is a price as the site marks
 * it (`.price`, in AED); a call link is any tel: link; the form's first field is the first control a visitor
 * types in, of the first form in the main content. Only what is shown counts.
 */
export function measureReachBoxes(): ReachBoxes {
  window.scrollTo(0, 0);
  const shown = (element: Element) => {
    const box = element.getBoundingClientRect();
    return (
      box.width > 1 && box.height > 1 && element.checkVisibility({ visibilityProperty: true, opacityProperty: false })
    );
  };
  const fixedOf = (element: Element) => {
    for (let node: Element | null = element; node; node = node.parentElement) {
      if (getComputedStyle(node).position === "fixed") return true;
    }
    return false;
  };
  const boxOf = (element: Element): ReachBox => ({
    bottom: element.getBoundingClientRect().bottom + window.scrollY,
    fixed: fixedOf(element),
  });
  const price = [...document.querySelectorAll(".price")].filter(
    (element) => /AED/.test(element.textContent ?? "") && shown(element),
  );
  const call = [...document.querySelectorAll('a[href^="tel:"]')].filter(shown);
  const form = document.querySelector("main form");
  const field = form
    ? [...form.querySelectorAll("input:not([type=hidden]), select, textarea")]
        .filter((element) => (element as HTMLElement).tabIndex >= 0 && shown(element))
        .slice(0, 1)
    : [];
  // Fixed bars across the foot of the window (not a small floating button).
  let bottomChrome = 0;
  for (const element of document.querySelectorAll("body *")) {
    if (getComputedStyle(element).position !== "fixed" || !shown(element)) continue;
    const box = element.getBoundingClientRect();
    if (box.bottom >= innerHeight - 1 && box.width >= innerWidth / 2) {
      bottomChrome = Math.max(bottomChrome, innerHeight - box.top);
    }
  }
  return {
    viewportHeight: innerHeight,
    bottomChrome,
    price: price.map(boxOf),
    call: call.map(boxOf),
    field: field.map(boxOf),
  };
}
