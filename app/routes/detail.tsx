import type { UIMatch } from "react-router";
import { DetailPage } from "../components/detail/DetailPage";
import { NotFound } from "../components/NotFound";
import { getDetailRecord } from "../content/details";
import { detailGroupTitles } from "../content/menu";
import { emptyDetailRecord, leadPrice, priceCellGroups } from "../content/details/helpers";
import type { DetailRecord } from "../content/schema";
import { readDetailParams } from "../lib/detail-params";
import type { EnquiryHandle } from "../lib/enquiry-anchor";
import { paths } from "../lib/paths";
import { absoluteUrl, agencyNodeId, notFoundMeta, pageMeta } from "../lib/seo";
import { detailPageNodes, type DetailPageFacts } from "../lib/structured-data";
import type { Route } from "./+types/detail";

/** "Price: AED 190.00", or the lowest of several: "Prices from AED 32.00". */
function priceSummary(record: DetailRecord): string {
  const lead = leadPrice(record);
  if (!lead) return "";
  return lead.from ? ` Prices from ${lead.price}.` : ` Price: ${lead.price}.`;
}

function detailDescription(page: DetailPageFacts): string {
  const group = detailGroupTitles[page.group];
  return `${page.record.subTitle}.${priceSummary(page.record)} ${group} from our licensed travel agency in Al Karama, Dubai.`;
}

/**
 * The page a detail route shows. One module serves the five groups: app/routes.ts gives each group a route of its
 * own, whose id names the group, and React Router's params hold the id. The route is the last of the matches (it
 * has no child routes).
 */
function shownBy(matches: readonly (Pick<UIMatch, "id"> | undefined)[], params: Route.ComponentProps["params"]) {
  return readDetailParams(matches.at(-1)?.id ?? "", params);
}

/** Every detail page has the Enquiry Now form in its sidebar; an id that is not a number shows no detail page. */
export const handle: EnquiryHandle = {
  enquiryForm: (match) => readDetailParams(match.id, match.params).kind === "detail",
};

/** The page's own record, or null for an id that is not a number; from the given lookup. */
function pageRecord(
  { pattern, params }: Route.LoaderArgs | Route.ClientLoaderArgs,
  lookup: typeof getDetailRecord,
): { record: DetailRecord | null } {
  // A loader has the route's path pattern (`/dubai-visa/:id`) rather than its id; both name the group.
  const shown = readDetailParams(pattern, params);
  return { record: shown.kind === "detail" ? lookup(shown.group, shown.id) : null };
}

/**
 * Only the page's own record reaches the browser. The loader runs when the page is pre-rendered, and its answer
 * is written into the page's HTML (its page-state block, root.tsx), so the page's JavaScript holds no record;
 * moving here from another page in the browser brings this page's HTML, record included
 * (app/lib/page-router). clientLoader, which imports the records as a chunk of their own, serves the benchmark's
 * client-rendered comparison only, where React Router loads the data in the browser.
 */
export function loader(args: Route.LoaderArgs) {
  return pageRecord(args, getDetailRecord);
}

export async function clientLoader(args: Route.ClientLoaderArgs) {
  const details = await import("../content/details");
  return pageRecord(args, details.getDetailRecord);
}

export function meta({ matches, params, loaderData }: Route.MetaArgs) {
  const shown = shownBy(matches, params);
  if (shown.kind === "not-found") return notFoundMeta();
  const groupTitle = detailGroupTitles[shown.group];
  const record = loaderData?.record ?? emptyDetailRecord;
  if (record.title === "") {
    return pageMeta({
      title: groupTitle,
      description: `${groupTitle} services from our licensed travel agency in Al Karama, Dubai. Choose a service from the ${groupTitle} menu.`,
      noindex: true,
    });
  }
  const page: DetailPageFacts = {
    group: shown.group,
    record,
    hasPriceCell: priceCellGroups.includes(shown.group),
  };
  return pageMeta({
    title: `${record.title} | ${groupTitle}`,
    description: detailDescription(page),
    path: paths.detail(shown.group, shown.id),
    structuredData: import.meta.env.SSR ? detailPageNodes(page, absoluteUrl, agencyNodeId) : [],
  });
}

export default function Detail({ matches, params, loaderData }: Route.ComponentProps) {
  const shown = shownBy(matches, params);
  if (shown.kind === "not-found") return <NotFound />;
  return <DetailPage group={shown.group} record={loaderData.record ?? emptyDetailRecord} />;
}
