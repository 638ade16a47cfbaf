import { useLocation, type MetaArgs } from "react-router";
import { DetailPage } from "../components/detail/DetailPage";
import { NotFound } from "../components/NotFound";
import { getDetailRecord, priceCellGroups } from "../content/details";
import { detailGroupTitles } from "../content/menu";
import { priceAmount } from "../content/price";
import { readDetailRoute } from "../lib/detail-route";
import { paths } from "../lib/paths";
import { absoluteUrl, agencyNodeId, notFoundMeta, pageMeta } from "../lib/seo";
import { detailPageNodes, detailPricedItems, type DetailPageFacts } from "../lib/structured-data";

/** "Price: AED 190.00", or the lowest of several: "Prices from AED 32.00". */
function priceSummary(page: DetailPageFacts): string {
  const prices = detailPricedItems(page, absoluteUrl).map((item) => item.price);
  if (prices.length === 0) return "";
  const lowest = prices.reduce((low, price) => (priceAmount(price) < priceAmount(low) ? price : low));
  return prices.length === 1 ? ` Price: ${lowest}.` : ` Prices from ${lowest}.`;
}

function detailDescription(page: DetailPageFacts): string {
  const group = detailGroupTitles[page.group];
  return `${page.record.subTitle}.${priceSummary(page)} ${group} from our licensed travel agency in Al Karama, Dubai.`;
}

export function meta({ location }: MetaArgs) {
  const route = readDetailRoute(location.pathname);
  if (route.kind === "not-found") return notFoundMeta();
  const groupTitle = detailGroupTitles[route.group];
  const record = getDetailRecord(route.group, route.id);
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
  if (route.kind === "not-found") return <NotFound />;
  return <DetailPage group={route.group} record={getDetailRecord(route.group, route.id)} />;
}
