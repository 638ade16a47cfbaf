import { describe, expect, it } from "vitest";
import { dueWords, dubaiInputValue, quickPick, readDubaiDateTime } from "./next-step-time";

/* Issue 37: when a next step is due, in Dubai time (UTC+4 all year), whatever the browser's or the server's zone. */

const iso = (at: number) => new Date(at).toISOString();
// Thursday 26 Nov 2026, 13:05:30 in Dubai.
const thursday = Date.parse("2026-11-26T09:05:30Z");

describe("a next step's quick picks", () => {
  it("in 1 hour: an hour on, to the minute", () => {
    expect(iso(quickPick("hour", thursday))).toBe("2026-11-26T10:05:00.000Z");
  });

  it("tomorrow 10:00, Dubai's tomorrow even late in the evening", () => {
    expect(iso(quickPick("tomorrow", thursday))).toBe("2026-11-27T06:00:00.000Z");
    // 23:30 on Thursday in Dubai is 19:30 UTC: tomorrow is Friday.
    expect(iso(quickPick("tomorrow", Date.parse("2026-11-26T19:30:00Z")))).toBe("2026-11-27T06:00:00.000Z");
    // 00:30 on Friday in Dubai is still Thursday in UTC: tomorrow is Saturday.
    expect(iso(quickPick("tomorrow", Date.parse("2026-11-26T20:30:00Z")))).toBe("2026-11-28T06:00:00.000Z");
  });

  it.each([
    ["Monday", "2026-11-23T08:00:00Z", "2026-11-30T06:00:00.000Z"],
    ["Thursday", "2026-11-26T08:00:00Z", "2026-11-30T06:00:00.000Z"],
    ["Saturday", "2026-11-28T08:00:00Z", "2026-11-30T06:00:00.000Z"],
    ["Sunday", "2026-11-29T08:00:00Z", "2026-11-30T06:00:00.000Z"],
    ["Monday evening", "2026-11-30T16:00:00Z", "2026-12-07T06:00:00.000Z"],
  ])("next week from a %s: the next Monday at 10:00 in Dubai", (_day, now, next) => {
    expect(iso(quickPick("week", Date.parse(now)))).toBe(next);
  });
});

describe("a date and time typed in the office", () => {
  it("is read as Dubai's", () => {
    expect(readDubaiDateTime("2026-11-27T15:30", thursday)).toEqual({ at: Date.parse("2026-11-27T11:30:00Z") });
    expect(readDubaiDateTime(" 2026-11-27 15:30:00 ", thursday)).toEqual({ at: Date.parse("2026-11-27T11:30:00Z") });
    expect(dubaiInputValue(Date.parse("2026-11-27T11:30:00Z"))).toBe("2026-11-27T15:30");
  });

  it("may be a little in the past (due at once), never a week back or more than a year ahead", () => {
    expect(readDubaiDateTime("2026-11-25T09:00", thursday)).toEqual({ at: Date.parse("2026-11-25T05:00:00Z") });
    expect(readDubaiDateTime("2025-11-25T09:00", thursday)).toEqual({
      problem: "That is more than a week ago: pick a date from today on.",
    });
    expect(readDubaiDateTime("2028-01-01T09:00", thursday)).toEqual({
      problem: "That is more than a year ahead: pick a nearer date.",
    });
  });

  it("says in words what is wrong with nonsense", () => {
    expect(readDubaiDateTime("", thursday)).toEqual({
      problem: "Pick a date and time, or tap one of the quick picks.",
    });
    expect(readDubaiDateTime("next tuesday", thursday)).toEqual({
      problem: "Write the date and time as 2026-11-26 15:30.",
    });
    expect(readDubaiDateTime("2026-02-30T10:00", thursday)).toEqual({
      problem: "There is no 2026-02-30 10:00: check the day and the time.",
    });
    expect(readDubaiDateTime("2026-11-27T25:00", thursday)).toHaveProperty("problem");
  });
});

describe("how far off a step is, in words", () => {
  it.each([
    [0, "due now"],
    [30_000, "due now"],
    [5 * 60_000, "overdue by 5 min"],
    [3 * 3_600_000, "overdue by 3 hours"],
    [49 * 3_600_000, "overdue by 2 days"],
    [-3 * 3_600_000, "in 3 hours"],
    [-10 * 60_000, "in 10 min"],
  ])("%i ms late: %s", (late, words) => {
    expect(dueWords(iso(thursday - late), thursday)).toBe(words);
  });
});
