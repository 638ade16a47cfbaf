import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { detailGroups, paths } from "./lib/paths";

// The one route table. Paths come from app/lib/paths.ts; React Router matches them case-insensitively.
export default [
  index("routes/home.tsx"),
  route(paths.about, "routes/about.tsx"),
  route(paths.services, "routes/services.tsx"),
  route(paths.contact, "routes/contact.tsx"),
  route(paths.privacy, "routes/privacy.tsx"),
  ...detailGroups.map((group) => route(`/${group}/:id`, "routes/detail.tsx", { id: `detail/${group}` })),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
