import { describe, expect, it } from "vitest";
import { calendarDay, dayAndMonth, figure, plural } from "./words";

describe("plural (issue 35, item 8)", () => {
  it.each([
    [0, "0 enquiries"],
    [1, "1 enquiry"],
    [2, "2 enquiries"],
    [1250, "1,250 enquiries"],
  ])("%i is %s", (count, text) => {
    expect(plural(count, "enquiry", "enquiries")).toBe(text);
  });

  it("adds an s when no plural is given", () => {
    expect(plural(1, "day")).toBe("1 day");
    expect(plural(3, "day")).toBe("3 days");
    expect(plural(1, "minute")).toBe("1 minute");
  });
});

describe("calendarDay (issue 35, item 8)", () => {
  it.each([
    ["2026-12-07", "7 Dec 2026"],
    ["2027-01-31", "31 Jan 2027"],
    [" 2026-02-01 ", "1 Feb 2026"],
  ])("%j reads %s", (value, text) => {
    expect(calendarDay(value)).toBe(text);
  });

  it.each(["", "next week", "07/12/2026", "2026-02-30", "2026-13-01"])("%j is given back as it came", (value) => {
    expect(calendarDay(value)).toBe(value);
  });
});

describe("figure and dayAndMonth, for the statistics' tables", () => {
  it("writes a number the agency's way", () => {
    expect([0, 7, 1250, 1_000_000].map(figure)).toEqual(["0", "7", "1,250", "1,000,000"]);
  });

  it("writes a day without its year, the day itself whatever the server's time zone", () => {
    expect(["2026-12-07", "2027-01-31", "2026-03-01"].map(dayAndMonth)).toEqual(["7 Dec", "31 Jan", "1 Mar"]);
  });
});
