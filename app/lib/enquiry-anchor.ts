import type { UIMatch } from "react-router";

/** The id of the block that holds a page's enquiry form; the action bar's Enquire link points at it. */
export const enquiryAnchorId = "enquiry";

/**
 * What a route module tells the layout through its `handle` export: whether the page it matched shows an
 * enquiry form (a detail route shows none where its id is not a number).
 */
export interface EnquiryHandle {
  enquiryForm: (match: UIMatch) => boolean;
}

function isEnquiryHandle(handle: unknown): handle is EnquiryHandle {
  return typeof handle === "object" && handle !== null && typeof (handle as EnquiryHandle).enquiryForm === "function";
}

/** Whether the page being shown has an enquiry form of its own. */
export function pageHasEnquiryForm(matches: readonly UIMatch[]): boolean {
  return matches.some((match) => isEnquiryHandle(match.handle) && match.handle.enquiryForm(match));
}

/**
 * The first field a visitor types in: visible and in the tab order, so never a hidden field (such as a honeypot)
 * the visitor is not meant to fill.
 */
export function firstField(container: HTMLElement): HTMLElement | null {
  const controls = container.querySelectorAll<HTMLElement>("input, select, textarea");
  for (const control of controls) {
    if (control instanceof HTMLInputElement && control.type === "hidden") continue;
    if (control.tabIndex < 0 || control.closest("[aria-hidden='true'], [inert], [hidden]")) continue;
    const box = control.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) continue;
    return control;
  }
  return null;
}

/**
 * Brings the page's enquiry form into view (its top at the top of the window, below the sticky header, as the
 * page's scroll padding says) and puts the cursor in its first field. False when the page has no such form.
 */
export function goToEnquiryForm(document: Document): boolean {
  const block = document.getElementById(enquiryAnchorId);
  if (!block) return false;
  block.scrollIntoView({ block: "start" });
  firstField(block)?.focus({ preventScroll: true });
  return true;
}
