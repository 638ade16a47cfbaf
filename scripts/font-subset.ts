/**
 * Cuts Inter's Latin file from @fontsource-variable/inter down to the weights the site uses (app/lib/font.ts),
 * with every character and OpenType feature of the original: 48 KB becomes about 31 KB, the one font a phone
 * downloads before the text can take its final look. The result is committed (app/assets/fonts); run
 * `npm run font:subset` after upgrading the font package or changing the weights, and commit the file.
 * subset-font (HarfBuzz's subsetter, built to WebAssembly) does the work; its output is the same on every run.
 */
import { readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import subsetFont from "subset-font";
import { interLatinRange, interWeights } from "../app/lib/font";

export const subsetFontPath = join(import.meta.dirname, "..", "app", "assets", "fonts", "inter-latin-wght.woff2");

const originalPath = createRequire(import.meta.url).resolve(
  "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
);

/** The code points of a CSS unicode-range such as "U+0000-00FF,U+0131". */
export function codePointsOf(range: string): number[] {
  return range.split(",").flatMap((part) => {
    const match = /^U\+([0-9A-F]+)(?:-([0-9A-F]+))?$/i.exec(part.trim());
    if (!match?.[1]) throw new Error(`not a unicode-range part: ${part}`);
    const first = parseInt(match[1], 16);
    const last = match[2] ? parseInt(match[2], 16) : first;
    return Array.from({ length: last - first + 1 }, (_, index) => first + index);
  });
}

/** The subset font, from the installed original. */
export async function subsetInter(): Promise<Buffer> {
  const text = String.fromCodePoint(...codePointsOf(interLatinRange));
  return subsetFont(await readFile(originalPath), text, {
    targetFormat: "woff2",
    variationAxes: { wght: { min: interWeights.min, max: interWeights.max } },
  });
}

if (import.meta.main) {
  const font = await subsetInter();
  await writeFile(subsetFontPath, font);
  const before = (await readFile(originalPath)).length;
  console.log(`${subsetFontPath}: ${font.length} bytes (the original: ${before})`);
}
