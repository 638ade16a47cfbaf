import { describe, expect, it } from "vitest";
import { ago, dubaiDateTime } from "./time";

describe("office times, in Dubai", () => {
  const now = Date.parse("2026-11-24T08:00:00Z");
  it.each([
    ["2026-11-24T07:59:30Z", "just now"],
    ["2026-11-24T07:55:00Z", "5 min ago"],
    ["2026-11-24T06:30:00Z", "1 hour ago"],
    ["2026-11-24T06:00:00Z", "2 hours ago"],
    ["2026-11-23T07:00:00Z", "1 day ago"],
    ["2026-11-21T08:00:00Z", "3 days ago"],
    ["2026-11-10T21:00:00Z", "11 Nov"],
  ])("%s is %s", (iso, text) => {
    expect(ago(iso, now)).toBe(text);
  });

  it("gives the full date and time at UTC+4", () => {
    expect(dubaiDateTime("2026-11-24T20:30:00Z")).toBe("Wed 25 Nov 2026, 00:30");
  });
});
