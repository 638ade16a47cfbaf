/**
 * Cuts Inter's Latin file from @fontsource-variable/inter into the two faces the site uses (app/lib/font.ts): the
 * core, about 15 KB, which every page downloads before its text can take its final look, and the rest of the
 * Latin characters, which a page downloads only when its text needs one. Both keep only the weights the styles
 * use and the OpenType features browsers apply (the original is 48 KB). The results are committed
 * (app/assets/fonts); run `npm run font:subset` after upgrading the font package or changing the weights, the
 * ranges or the features, and commit the files.
 * subset-font (HarfBuzz's subsetter, built to WebAssembly) does the work; its output is the same on every run.
 */
import { readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import subsetFont from "subset-font";
import { interCoreRange, interFeatures, interRestRange, interWeights } from "../app/lib/font";

const fontsDir = join(import.meta.dirname, "..", "app", "assets", "fonts");

/** Where each face's file is committed (app/root.tsx imports them). */
export const subsetFontFiles = {
  core: join(fontsDir, "inter-latin-core-wght.woff2"),
  rest: join(fontsDir, "inter-latin-rest-wght.woff2"),
} as const;

const ranges = { core: interCoreRange, rest: interRestRange } as const;

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

/** One face of the subset font, from the installed original. */
export async function subsetInter(part: keyof typeof subsetFontFiles): Promise<Buffer> {
  const text = String.fromCodePoint(...codePointsOf(ranges[part]));
  return subsetFont(await readFile(originalPath), text, {
    targetFormat: "woff2",
    variationAxes: { wght: { min: interWeights.min, max: interWeights.max } },
    keepFeatures: interFeatures,
  });
}

if (import.meta.main) {
  const before = (await readFile(originalPath)).length;
  for (const part of ["core", "rest"] as const) {
    const font = await subsetInter(part);
    await writeFile(subsetFontFiles[part], font);
    console.log(`${subsetFontFiles[part]}: ${font.length} bytes (the whole Latin original: ${before})`);
  }
}
