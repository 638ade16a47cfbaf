import {
  useLoaderData,
  useLocation,
  type ClientLoaderFunctionArgs,
  type LoaderFunctionArgs,
  type MetaArgs,
} from "react-router";
import { DetailPage } from "../components/detail/DetailPage";
import { NotFound } from "../components/NotFound";
import { getDetailRecord } from "../content/details";
import { detailGroupTitles } from "../content/menu";
import { emptyDetailRecord, leadPrice, priceCellGroups } from "../content/details/helpers";
import type { DetailRecord } from "../content/schema";
import { readDetailRoute } from "../lib/detail-route";
import type { EnquiryHandle } from "../lib/enquiry-anchor";
import { paths } from "../lib/paths";
import { absoluteUrl, agencyNodeId, notFoundMeta, pageMeta } from "../lib/seo";
import { detailPageNodes, type DetailPageFacts } from "../lib/structured-data";

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

/** Every detail page has the Enquiry Now form in its sidebar; a path that is not a detail page has none. */
export const handle: EnquiryHandle = { enquiryForm: (pathname) => readDetailRoute(pathname).kind === "detail" };

/** The page's own record, or null for a path that is not a detail page; from the given lookup. */
function pageRecord(url: string, lookup: typeof getDetailRecord): { record: DetailRecord | null } {
  // Pre-rendering asks for the page's data at its data URL, `/dubai-visa/1.data`.
  const route = readDetailRoute(new URL(url).pathname.replace(/\.data$/, ""));
  return { record: route.kind === "detail" ? lookup(route.group, route.id) : null };
}

/**
 * Only the page's own record reaches the browser. The loader runs when the page is pre-rendered, and its answer
 * is written into the page's HTML (React Router's hydration data), so the page's JavaScript holds no record.
 * Moving here from another page in the browser, clientLoader fetches the records as a chunk of their own.
 */
export function loader({ request }: LoaderFunctionArgs) {
  return pageRecord(request.url, getDetailRecord);
}

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const details = await import("../content/details");
  return pageRecord(request.url, details.getDetailRecord);
}

export function meta({ location, loaderData }: MetaArgs<typeof loader>) {
  const route = readDetailRoute(location.pathname);
  if (route.kind === "not-found") return notFoundMeta();
  const groupTitle = detailGroupTitles[route.group];
  const record = loaderData?.record ?? emptyDetailRecord;
  if (record.title === "") {
    return pageMeta({
      title: groupTitle,
      description: `${groupTitle} services from our licensed travel agency in Al Karama, Dubai. Choose a service from the ${groupTitle} menu.`,
      noindex: true,
    });
  }
  const page: DetailPageFacts = {
    group: route.group,
    record,
    hasPriceCell: priceCellGroups.includes(route.group),
  };
  return pageMeta({
    title: `${record.title} | ${groupTitle}`,
    description: detailDescription(page),
    path: paths.detail(route.group, route.id),
    structuredData: import.meta.env.SSR ? detailPageNodes(page, absoluteUrl, agencyNodeId) : [],
  });
}

export default function Detail() {
  const route = readDetailRoute(useLocation().pathname);
  const { record } = useLoaderData<typeof loader>();
  if (route.kind === "not-found") return <NotFound />;
  return <DetailPage group={route.group} record={record ?? emptyDetailRecord} />;
}
