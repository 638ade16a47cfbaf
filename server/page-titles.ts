import type { pageTitle } from "../app/content/page-titles";

/*
 * The site's pages by their titles (app/content/page-titles.ts), for the office's inbox, enquiry and statistics
 * pages and `npm run stats`. The titles come from the content files, which are read and checked on the first page
 * that shows them, not at start: their parse is most of a second of the server's start-up (several seconds on a
 * busy machine), and the public pages never need them.
 */

let titleOf: typeof pageTitle | null = null;
let loading: Promise<void> | null = null;

/** Reads the titles once; a content file that does not load leaves the pages shown by their addresses. */
export function loadPageTitles(): Promise<void> {
  loading ??= import("../app/content/page-titles").then(
    (module) => {
      titleOf = module.pageTitle;
    },
    () => {},
  );
  return loading;
}

/** The page's title once loadPageTitles has finished, else null (the caller shows the address). */
export function titleOfPage(path: string): string | null {
  return titleOf ? titleOf(path) : null;
}
