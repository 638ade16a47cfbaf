import { isDetailGroup, parseDetailId, type DetailGroup } from "./paths";

export type DetailRoute = { kind: "detail"; group: DetailGroup; id: number } | { kind: "not-found" };

/**
 * Reads a detail path as typed, for code that has a path rather than a route's match (the server, the links in
 * the content, the tests; a route module reads its match, app/lib/detail-params.ts): a known group and a numeric
 * id make a detail page; anything else is not found.
 */
export function readDetailRoute(pathname: string): DetailRoute {
  const [, group = "", id, ...rest] = pathname.toLowerCase().replace(/\/+$/, "").split("/");
  const numericId = parseDetailId(id);
  if (!isDetailGroup(group) || numericId === null || rest.length > 0) return { kind: "not-found" };
  return { kind: "detail", group, id: numericId };
}
