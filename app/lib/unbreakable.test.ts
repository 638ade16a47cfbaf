import { describe, expect, it } from "vitest";
import { unbreakableParts } from "./unbreakable";

/** The parts as text, with the ones kept together in brackets. */
function marked(text: string): string {
  return unbreakableParts(text)
    .map((part) => (part.keep ? `[${part.text}]` : part.text))
    .join("");
}

describe("unbreakableParts: the phrases a line must not break inside", () => {
  it("keeps prices whole, with or without decimals and thousands", () => {
    expect(marked("for AED 50.00 more")).toBe("for [AED 50.00] more");
    expect(marked("cover up to AED 150,000 and AED 1,490.00")).toBe("cover up to [AED 150,000] and [AED 1,490.00]");
  });

  it("keeps durations and ranges whole", () => {
    expect(marked("takes 2-3 working days from")).toBe("takes [2-3 working days] from");
    expect(marked("within 24 hours, 30 days or 4 nights")).toBe("within [24 hours], [30 days] or [4 nights]");
    expect(marked("Child (0-18 years)")).toBe("Child ([0-18 years])");
    expect(marked("48 Hours Transit")).toBe("[48 Hours] Transit");
    expect(marked("a 10-day Oman visa and 1-night stay")).toBe("a [10-day] Oman visa and [1-night] stay");
  });

  it("keeps the opening days and times whole", () => {
    expect(marked("Mon - Sat, 10.00 am to 10.00 pm")).toBe("[Mon - Sat], [10.00 am] to [10.00 pm]");
  });

  it("keeps a phone number whole", () => {
    expect(marked("Call +971 50 123 4567 now")).toBe("Call [+971 50 123 4567] now");
  });

  it("gives back text without such phrases as one part, and the parts join to the text", () => {
    expect(unbreakableParts("Clear colour copy of your passport")).toEqual([
      { text: "Clear colour copy of your passport", keep: false },
    ]);
    expect(unbreakableParts("")).toEqual([]);
    const text = "Standard processing takes 2-3 working days. Urgent: AED 50.00 within one day.";
    expect(
      unbreakableParts(text)
        .map((part) => part.text)
        .join(""),
    ).toBe(text);
  });
});
