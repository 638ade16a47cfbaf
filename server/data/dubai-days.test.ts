import { describe, expect, it } from "vitest";
import { addDays, dubaiClock, dubaiClockDate, dubaiDay, dubaiDayStart, nextDubaiHour } from "./dubai-days";

describe("Dubai's days (UTC+4, no daylight saving)", () => {
  it("begins a day at 20:00 UTC the day before", () => {
    expect(new Date(dubaiDayStart("2026-12-07")).toISOString()).toBe("2026-12-06T20:00:00.000Z");
    expect(dubaiDay(dubaiDayStart("2026-12-07"))).toBe("2026-12-07");
    expect(dubaiDay(dubaiDayStart("2026-12-07") - 1)).toBe("2026-12-06");
    expect(dubaiDayStart("no day")).toBeNaN();
  });

  it("reads a moment on Dubai's clock", () => {
    const at = Date.parse("2026-12-06T21:30:00Z");
    expect(dubaiClockDate(at).getUTCHours()).toBe(1);
    expect(dubaiClockDate(at).getUTCDay()).toBe(1);
    expect(dubaiClock("2026-12-06T21:30:00Z")).toBe("2026-12-07 01:30");
  });

  it("counts days across a month's end, and finds the next hour on the clock", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(new Date(nextDubaiHour(Date.parse("2026-12-06T21:30:00Z"), 10)).toISOString()).toBe(
      "2026-12-07T06:00:00.000Z",
    );
  });
});
