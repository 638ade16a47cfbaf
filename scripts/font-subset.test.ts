import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { interCoreRange, interFeatures, interLatinRange, interRestRange, interWeights } from "../app/lib/font";
import { codePointsOf, subsetFontFiles, subsetInter } from "./font-subset";

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

describe("the site's font files (app/assets/fonts)", () => {
  it("are what `npm run font:subset` makes from the installed Inter: rerun it after an upgrade", async () => {
    for (const part of ["core", "rest"] as const) {
      const made = await subsetInter(part);
      const stale = `app/assets/fonts/${part} is stale: run npm run font:subset`;
      expect(made.equals(readFileSync(subsetFontFiles[part])), stale).toBe(true);
    }
  });

  it("give every page a core face under 16 KiB, half the one Latin file it replaced: fewer round trips", async () => {
    expect((await subsetInter("core")).length).toBeLessThan(16 * 1024);
  });

  it("split Inter's Latin characters between the core and the rest: none in both, none lost", () => {
    const core = codePointsOf(interCoreRange);
    const rest = codePointsOf(interRestRange);
    expect(core.filter((codePoint) => rest.includes(codePoint))).toEqual([]);
    expect([...core, ...rest].sort((a, b) => a - b)).toEqual(codePointsOf(interLatinRange).sort((a, b) => a - b));
  });

  it("put English text, prices and the usual typographer's marks in the core; accented letters in the rest", () => {
    const core = new Set(codePointsOf(interCoreRange));
    const printableAscii = Array.from({ length: 0x7f - 0x20 }, (_, index) => String.fromCharCode(0x20 + index));
    const coreText = `${printableAscii.join("")}\u00a0–—‘’“”•…€™©®×`;
    for (const character of coreText) expect(core.has(character.codePointAt(0) ?? 0), character).toBe(true);
    for (const character of "éñüÅ¿") expect(core.has(character.codePointAt(0) ?? 0), character).toBe(false);
  });

  it("keep the OpenType features browsers apply to Latin text, and tabular figures for prices, but not calt", () => {
    expect(interFeatures).toEqual(expect.arrayContaining(["kern", "liga", "ccmp", "locl", "mark", "mkmk", "tnum"]));
    expect(interFeatures).not.toContain("calt");
  });

  it("keep every weight the styles ask for", () => {
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
