import { detailGroups, parseDetailId, type DetailGroup } from "../../app/lib/paths";
import type * as detailsModule from "../../app/content/details/index";
import type * as helpersModule from "../../app/content/details/helpers";
import type { TextValues } from "./reply-texts";

/*
 * What the ready texts say of the page an enquiry was sent from (issue 37): its price and its required documents,
 * read from the content files by the loader the site itself uses (app/content), and the agency's opening hours
 * (content/site.yaml). Read on the first enquiry page that needs them, not at start, like the page titles
 * (server/page-titles.ts): their parse is most of a second of the server's start-up, and no public page needs it.
 */

type Details = typeof detailsModule;
type Helpers = typeof helpersModule;

let content: { details: Details; helpers: Helpers; hours: string } | null = null;
let loading: Promise<void> | null = null;

/** Reads the content once; a content file that does not load leaves every text with its fallbacks. */
export function loadReplyFacts(): Promise<void> {
  loading ??= Promise.all([
    import("../../app/content/details/index"),
    import("../../app/content/details/helpers"),
    import("../../app/content/agency"),
  ]).then(
    ([details, helpers, agency]) => {
      content = { details, helpers, hours: agency.openingHours };
    },
    () => {},
  );
  return loading;
}

/** A service page's group and id, from its address (/tourist-visa/2); null for any other page. */
function detailPage(path: string): { group: DetailGroup; id: number } | null {
  const [, group = "", id, ...rest] = path.split("/");
  const number = parseDetailId(id);
  if (rest.length > 0 || number === null || !(detailGroups as readonly string[]).includes(group)) return null;
  return { group: group as DetailGroup, id: number };
}

/**
 * The page's facts for the fields {price}, {documents} and {hours}: the price the page leads with ("from" the lowest
 * of several, as the page's own summary says it), its documents checklist where the page shows one, and its full
 * address for the documents' fallback. Empty for a page that is not a service page (the Contact page, one added by
 * hand), and before loadReplyFacts has finished.
 */
export function pageFacts(page: string | null, siteUrl: string): Omit<TextValues, "name" | "service" | "agency"> {
  const none = { price: "", documents: [], pageAddress: null, hours: content?.hours ?? "" };
  const detail = page === null ? null : detailPage(page);
  if (content === null || detail === null || !content.details.hasDetailRecord(detail.group, detail.id)) return none;
  const { details, helpers } = content;
  const record = details.getDetailRecord(detail.group, detail.id);
  const lead = helpers.leadPrice(record);
  return {
    ...none,
    price: lead === null ? "" : `${lead.from ? "from " : ""}${lead.price}`,
    documents: helpers.showsChecklist(detail.group, record) ? record.content3 : [],
    pageAddress: new URL(`/${detail.group}/${detail.id}`, siteUrl).href,
  };
}
