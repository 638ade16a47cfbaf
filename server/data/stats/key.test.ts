import { describe, expect, it } from "vitest";
import type { StatKind } from "../schema";
import { countedAs, keyOf, statKey } from "./key";

describe("the statistics named once (issue 36, item 5)", () => {
  it("a counted row's key is its day, kind, page, source and device, in that order", () => {
    expect(statKey).toEqual(["day", "kind", "route", "source", "device"]);
    const row = { day: "2026-11-25", kind: "view", route: "/", source: "google", device: "phone" } as const;
    expect(keyOf(row)).toBe("2026-11-25\u0000view\u0000/\u0000google\u0000phone");
    expect(keyOf({ ...row, kind: "enquiry" })).not.toBe(keyOf(row));
  });

  it("every kind has its place in the report; a kind without one does not compile", () => {
    expect(countedAs).toEqual({ view: "views", enquiry: "enquiries", missing: "notFound" });
    // @ts-expect-error -- "missing" has no place: the type that countedAs satisfies refuses it.
    const lacking: Record<StatKind, "views" | "enquiries" | "notFound"> = { view: "views", enquiry: "enquiries" };
    expect(Object.keys(lacking)).toHaveLength(2);
  });
});
