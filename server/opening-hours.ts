import type { OpeningHours } from "../app/lib/structured-data";

/*
 * The agency's opening hours (content/site.yaml, as the site shows them), for the office's statistics and
 * `npm run stats`, which tell the enquiries received while the agency was open from the others. Read on the first
 * page that needs them, as the page titles are (server/page-titles.ts): never at start.
 */

let loading: Promise<OpeningHours> | null = null;

/** The opening hours, read once; a content file that does not load is tried again next time. */
export function loadOpeningHours(): Promise<OpeningHours> {
  loading ??= Promise.all([import("../app/content/agency"), import("../app/lib/structured-data")]).then(
    ([agency, data]) => data.parseOpeningHours(agency.openingHours),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}
