import { describe, expect, it } from "vitest";
import { readDetailRoute } from "./detail-route";

describe("readDetailRoute", () => {
  it("reads a group and a numeric id, in any case", () => {
    expect(readDetailRoute("/dubai-visa/2")).toEqual({ kind: "detail", group: "dubai-visa", id: 2 });
    expect(readDetailRoute("/Visa-Packages/4/")).toEqual({ kind: "detail", group: "visa-packages", id: 4 });
    expect(readDetailRoute("/tourist-visa/9")).toEqual({ kind: "detail", group: "tourist-visa", id: 9 });
  });

  it("treats a non-numeric id or an unknown group as not found", () => {
    expect(readDetailRoute("/dubai-visa/abc")).toEqual({ kind: "not-found" });
    expect(readDetailRoute("/dubai-visa/1.5")).toEqual({ kind: "not-found" });
    expect(readDetailRoute("/dubai-visa/-1")).toEqual({ kind: "not-found" });
    expect(readDetailRoute("/cheap-visa/1")).toEqual({ kind: "not-found" });
    expect(readDetailRoute("/dubai-visa")).toEqual({ kind: "not-found" });
  });
});
