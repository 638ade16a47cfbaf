import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { interLatinRange, interWeights } from "../app/lib/font";
import { codePointsOf, subsetFontPath, subsetInter } from "./font-subset";

const appDir = join(import.meta.dirname, "..", "app");

/**
 * Every weight the styles ask for: `font-weight` in each stylesheet, and the bold of headings and <strong>. An
 * `@font-face` rule's font-weight says which weights a face covers (the fallback's), not a weight text asks for.
 */
function weightsInStyles(): number[] {
  const sheets = readdirSync(appDir, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".css"));
  expect(sheets.length).toBeGreaterThan(3);
  const bold = 700;
  const named: Record<string, number> = { normal: 400, bold };
  const weights = sheets.flatMap((file) =>
    [
      ...readFileSync(join(appDir, file), "utf8")
        .replace(/@font-face\s*\{[^}]*\}/g, "")
        .matchAll(/font-weight:\s*([a-z0-9]+)/g),
    ].map((match) => {
      const value = match[1] ?? "";
      const weight = named[value] ?? Number(value);
      if (!Number.isFinite(weight)) throw new Error(`${file}: font-weight ${value} is not a number or normal/bold`);
      return weight;
    }),
  );
  return [...weights, bold];
}

describe("the site's font file (app/assets/fonts)", () => {
  it("is what `npm run font:subset` makes from the installed Inter: rerun it after an upgrade", async () => {
    const made = await subsetInter();
    expect(made.equals(readFileSync(subsetFontPath)), "app/assets/fonts is stale: run npm run font:subset").toBe(true);
    expect(made.length).toBeLessThan(34 * 1024);
  });

  it("keeps every weight the styles ask for", () => {
    const weights = weightsInStyles();
    expect(weights).toContain(600);
    for (const weight of weights) {
      expect(weight, `font-weight ${weight}`).toBeGreaterThanOrEqual(interWeights.min);
      expect(weight, `font-weight ${weight}`).toBeLessThanOrEqual(interWeights.max);
    }
  });

  it("reads the unicode-range it covers", () => {
    expect(codePointsOf("U+0041-0043,U+20AC")).toEqual([0x41, 0x42, 0x43, 0x20ac]);
    expect(codePointsOf(interLatinRange)).toContain("€".codePointAt(0));
    expect(() => codePointsOf("U+00ZZ")).toThrow(/unicode-range/);
  });
});
