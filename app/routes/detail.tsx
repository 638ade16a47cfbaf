import { useLocation, type MetaArgs } from "react-router";
import { DetailPage } from "../components/detail/DetailPage";
import { NotFound } from "../components/NotFound";
import { getDetailRecord } from "../content/details";
import { detailGroupTitles, detailPageTitles } from "../content/menu";
import { readDetailRoute } from "../lib/detail-route";
import { paths } from "../lib/paths";
import { pageMeta } from "../lib/seo";

function titleOf(group: keyof typeof detailPageTitles, id: number): string | undefined {
  return detailPageTitles[group][id - 1];
}

export function meta({ location }: MetaArgs) {
  const route = readDetailRoute(location.pathname);
  if (route.kind === "not-found") {
    return pageMeta({
      title: "Page not found",
      description: "The page you were looking for is not here.",
      noindex: true,
    });
  }
  const groupTitle = detailGroupTitles[route.group];
  const title = titleOf(route.group, route.id);
  if (title === undefined) {
    return pageMeta({ title: groupTitle, description: `${groupTitle} from our Al Karama office.`, noindex: true });
  }
  return pageMeta({
    title: `${title} | ${groupTitle}`,
    description: `${title}: ${groupTitle.toLowerCase()} service from our licensed travel agency in Al Karama, Dubai.`,
    path: paths.detail(route.group, route.id),
  });
}

export default function Detail() {
  const route = readDetailRoute(useLocation().pathname);
  if (route.kind === "not-found") return <NotFound />;
  return <DetailPage group={route.group} record={getDetailRecord(route.group, route.id)} />;
}
