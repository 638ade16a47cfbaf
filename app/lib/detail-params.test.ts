import { describe, expect, it } from "vitest";
import routes from "../routes";
import { detailRouteEntry, readDetailParams } from "./detail-params";
import { detailGroups } from "./paths";

describe("readDetailParams", () => {
  it("takes the group from the route that matched, by its id or its path pattern, and the id from params", () => {
    expect(readDetailParams("detail/dubai-visa", { id: "2" })).toEqual({ kind: "detail", group: "dubai-visa", id: 2 });
    expect(readDetailParams("/visa-packages/:id", { id: "4" })).toEqual({
      kind: "detail",
      group: "visa-packages",
      id: 4,
    });
    expect(readDetailParams("detail/tourist-visa", { id: "0" })).toEqual({
      kind: "detail",
      group: "tourist-visa",
      id: 0,
    });
  });

  it("names the same routes as the route table", () => {
    const entries = routes.filter((entry) => entry.file === "routes/detail.tsx");
    expect(entries.map((entry) => ({ path: entry.path, id: entry.id }))).toEqual(detailGroups.map(detailRouteEntry));
    for (const group of detailGroups) {
      expect(readDetailParams(detailRouteEntry(group).id, { id: "1" })).toEqual({ kind: "detail", group, id: 1 });
      expect(readDetailParams(detailRouteEntry(group).path, { id: "1" })).toEqual({ kind: "detail", group, id: 1 });
    }
  });

  it("treats a non-numeric id, a missing one or another route as not found", () => {
    for (const id of ["abc", "1.5", "-1", "not-found", "", undefined]) {
      expect(readDetailParams("detail/dubai-visa", { id }), String(id)).toEqual({ kind: "not-found" });
    }
    expect(readDetailParams("routes/not-found", { id: "1" })).toEqual({ kind: "not-found" });
    expect(readDetailParams("/cheap-visa/:id", { id: "1" })).toEqual({ kind: "not-found" });
    expect(readDetailParams("", { id: "1" })).toEqual({ kind: "not-found" });
  });
});
