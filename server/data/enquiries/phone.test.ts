// @vitest-environment node
import { describe, expect, it } from "vitest";
import { readPhone, searchedNumber, spaced } from "./phone";

describe("readPhone: a visitor's number, the UAE as home", () => {
  it.each([
    ["+971 50 987 6543", "+971509876543"],
    ["0509876543", "+971509876543"],
    ["050-987-6543", "+971509876543"],
    ["509876543", "+971509876543"],
    ["00971509876543", "+971509876543"],
    ["971509876543", "+971509876543"],
    ["04 234 5678", "+97142345678"],
    ["+971 050 987 6543", "+971509876543"],
  ])("%s is the UAE number %s", (typed, international) => {
    expect(readPhone(typed)).toEqual({ international, flag: null, candidates: [] });
  });

  it.each([
    ["09171234567", "+639171234567"],
    ["0917 123 4567", "+639171234567"],
    ["+63 917 123 4567", "+639171234567"],
    ["639171234567", "+639171234567"],
    ["00639171234567", "+639171234567"],
  ])("%s, a Philippine mobile, is %s", (typed, international) => {
    expect(readPhone(typed)).toEqual({ international, flag: null, candidates: [] });
  });

  it.each([
    ["+91 98450 12345", "+919845012345"],
    ["919845012345", "+919845012345"],
    ["0091 98450 12345", "+919845012345"],
    ["+44 7911 123456", "+447911123456"],
  ])("%s, with its country code, is %s", (typed, international) => {
    expect(readPhone(typed).international).toBe(international);
  });

  it("flags an Indian mobile typed without +91 instead of reading it as +98, Iran", () => {
    const read = readPhone("9845012345");
    expect(read.international).toBeNull();
    expect(read.flag).toBe("foreign-mobile");
    expect(read.candidates[0]).toBe("+919845012345");
    expect(read.candidates).not.toContainEqual(expect.stringMatching(/^\+9845/));
  });

  it("flags a Pakistani mobile typed at home (0300…) and a Philippine one without its 0", () => {
    expect(readPhone("0300 1234567")).toMatchObject({ flag: "foreign-mobile", international: null });
    expect(readPhone("0300 1234567").candidates).toContain("+923001234567");
    expect(readPhone("9171234567").candidates).toContain("+639171234567");
  });

  it.each(["12345", "call me", "+9845012345", "000", "+971 12"])("flags %j as no number anywhere", (typed) => {
    expect(readPhone(typed)).toEqual({ international: null, flag: "invalid", candidates: [] });
  });

  it("says nothing of an empty number", () => {
    expect(readPhone("  ")).toEqual({ international: null, flag: null, candidates: [] });
  });
});

describe("searchedNumber", () => {
  it.each(["+971 50 987 6543", "0509876543", "00971509876543", "971509876543", "(050) 987-6543"])(
    "%s finds +971509876543",
    (query) => {
      expect(searchedNumber(query)).toBe("+971509876543");
    },
  );

  it("09171234567 finds +63 917 123 4567", () => {
    expect(searchedNumber("09171234567")).toBe("+639171234567");
  });

  it.each(["Aisha", "0501", "050 987", "visa 0509876543", "9845012345"])("%j is no whole number", (query) => {
    expect(searchedNumber(query)).toBeNull();
  });
});

describe("spaced", () => {
  it("writes an international number as people read it", () => {
    expect(spaced("+971509876543")).toBe("+971 50 987 6543");
    expect(spaced("+639171234567")).toBe("+63 917 123 4567");
  });
});
