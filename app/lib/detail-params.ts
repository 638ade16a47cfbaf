import type { DetailRoute } from "./detail-route";
import { detailGroups, parseDetailId, type DetailGroup } from "./paths";

// Apart from detail-route.ts (which reads a path as typed, for the server and the Services page's links) so that
// the detail page's JavaScript holds only this.

/**
 * A detail group's entry in the route table (app/routes.ts): a path of its own, so that React Router matches only
 * the known groups (any other first segment falls to the not-found route, whose pre-rendered page the server
 * sends), and a route id that names the group.
 */
export function detailRouteEntry<Group extends DetailGroup>(group: Group) {
  return { path: `/${group}/:id`, id: `detail/${group}` } as const;
}

const groupOfRoute: ReadonlyMap<string, DetailGroup> = new Map(
  detailGroups.flatMap((group) => Object.values(detailRouteEntry(group)).map((key) => [key, group] as const)),
);

/**
 * What a detail route shows, from what React Router matched rather than the path as typed (any case, a trailing
 * slash): `route` is the matched route's id (a component, meta function or handle has it in its matches) or its
 * path pattern (a loader's `pattern`), either of which names the group; `params.id` is the id as written. Digits
 * make a detail page (an id without a record shows the group's empty layout); any other id is not found.
 */
export function readDetailParams(route: string, params: { readonly id?: string }): DetailRoute {
  const group = groupOfRoute.get(route);
  const id = parseDetailId(params.id);
  return group === undefined || id === null ? { kind: "not-found" } : { kind: "detail", group, id };
}
