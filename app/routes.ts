import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { detailRouteEntry } from "./lib/detail-params";
import { detailGroups, offlinePath, paths } from "./lib/paths";

// The one route table. Paths come from app/lib/paths.ts; React Router matches them case-insensitively. Each
// detail group has a route of its own to the one detail module, which reads its group from the route and its id
// from `params` (app/lib/detail-params.ts).
export default [
  index("routes/home.tsx"),
  route(paths.about, "routes/about.tsx"),
  route(paths.services, "routes/services.tsx"),
  route(paths.contact, "routes/contact.tsx"),
  route(paths.privacy, "routes/privacy.tsx"),
  ...detailGroups.map((group) => {
    const entry = detailRouteEntry(group);
    return route(entry.path, "routes/detail.tsx", { id: entry.id });
  }),
  route(offlinePath, "routes/offline.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
