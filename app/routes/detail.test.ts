import { createStaticHandler, type LoaderFunction, type RouteObject, type UIMatch } from "react-router";
import { describe, expect, it } from "vitest";
import { getDetailRecord } from "../content/details";
import { emptyDetailRecord } from "../content/details/helpers";
import { notFoundMeta } from "../lib/seo";
import routeTable from "../routes";
import * as detail from "./detail";

// The detail route as React Router runs it: the real route table (app/routes.ts), matched by React Router's own
// matcher, with this module's loader (the pre-rendering's) or clientLoader (moving here in the browser) on each of
// the detail routes. What the module reads comes from the match (its route and params), whatever the path's spelling.
type Loader = "loader" | "clientLoader";

function routesWith(loader: Loader): RouteObject[] {
  const detailLoader = detail[loader] as unknown as LoaderFunction;
  const children = routeTable.map((entry): RouteObject => {
    const id = entry.id ?? entry.file.replace(/\.tsx$/, "");
    if (entry.index) return { id, index: true };
    return { id, path: entry.path, ...(entry.file === "routes/detail.tsx" ? { loader: detailLoader } : {}) };
  });
  return [{ id: "root", path: "", children }];
}

async function open(path: string, loader: Loader = "loader") {
  const context = await createStaticHandler(routesWith(loader)).query(new Request(`https://karama.test${path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status}`);
  const matches: UIMatch[] = context.matches.map((match) => ({
    id: match.route.id,
    pathname: match.pathname,
    params: match.params,
    loaderData: context.loaderData[match.route.id],
    handle: match.route.id.startsWith("detail/") ? detail.handle : undefined,
  }));
  const own = matches.at(-1);
  if (!own) throw new Error(`${path} matched nothing`);
  return { route: own.id, params: own.params, loaderData: own.loaderData, matches };
}

function titleOf(tags: ReturnType<typeof notFoundMeta>): string {
  for (const tag of tags) if ("title" in tag) return String(tag.title);
  return "";
}

describe.each<Loader>(["loader", "clientLoader"])("the detail route's %s", (loader) => {
  it("loads the record of the group and id it matched, in any case and with a trailing slash", async () => {
    for (const [path, group, id] of [
      ["/dubai-visa/2", "dubai-visa", 2],
      ["/Visa-Packages/4/", "visa-packages", 4],
      ["/TOURIST-VISA/1", "tourist-visa", 1],
      ["/visa-changes/3", "visa-changes", 3],
      ["/visa-documents/1", "visa-documents", 1],
    ] as const) {
      const page = await open(path, loader);
      expect(page.route, path).toBe(`detail/${group}`);
      expect(page.loaderData, path).toEqual({ record: getDetailRecord(group, id) });
      expect(getDetailRecord(group, id).title, path).not.toBe("");
    }
  });

  it("loads the empty record for a numeric id without one", async () => {
    for (const path of ["/dubai-visa/9", "/visa-packages/0"]) {
      expect((await open(path, loader)).loaderData, path).toEqual({ record: emptyDetailRecord });
    }
  });

  it("loads no record for an id that is not a number", async () => {
    for (const path of ["/dubai-visa/abc", "/dubai-visa/not-found", "/tourist-visa/1.5", "/visa-changes/-1"]) {
      const page = await open(path, loader);
      expect(page.route, path).toMatch(/^detail\//);
      expect(page.loaderData, path).toEqual({ record: null });
    }
  });
});

describe("paths that are no detail page", () => {
  it("fall to the not-found route: an unknown group, an extra segment, a group without an id", async () => {
    for (const path of ["/cheap-visa/1", "/visa-packages/1/extra", "/dubai-visa", "/no-such-page"]) {
      expect((await open(path)).route, path).toBe("routes/not-found");
    }
  });
});

describe("the detail route's meta and handle", () => {
  async function metaOf(path: string) {
    const page = await open(path);
    return detail.meta({
      params: page.params as { id: string },
      loaderData: page.loaderData as Awaited<ReturnType<typeof detail.loader>>,
      matches: page.matches as never,
      location: { pathname: path, search: "", hash: "", state: null, key: "default" } as never,
    });
  }

  it("titles a detail page with its record and group, an empty one with its group, noindex", async () => {
    const title = titleOf(await metaOf("/dubai-visa/2"));
    expect(title.startsWith(`${getDetailRecord("dubai-visa", 2).title} | Dubai Visa | `), title).toBe(true);
    const empty = await metaOf("/visa-packages/9");
    expect(titleOf(empty)).toMatch(/^Visa Packages \| /);
    expect(empty).toContainEqual({ name: "robots", content: "noindex" });
  });

  it("gives a non-numeric id the not-found page's head", async () => {
    expect(await metaOf("/dubai-visa/abc")).toEqual(notFoundMeta());
  });

  it("says a detail page has the Enquiry Now form and a non-numeric id has none", async () => {
    const hasForm = async (path: string) => {
      const own = (await open(path)).matches.at(-1);
      return own !== undefined && detail.handle.enquiryForm(own);
    };
    expect(await hasForm("/dubai-visa/1")).toBe(true);
    expect(await hasForm("/visa-packages/9")).toBe(true);
    expect(await hasForm("/Tourist-Visa/2/")).toBe(true);
    expect(await hasForm("/dubai-visa/abc")).toBe(false);
  });
});
