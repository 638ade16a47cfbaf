/**
 * The invoices' Inter (issue 58): pdfkit's font library cannot embed the variable font of @fontsource-variable/inter
 * (its subsetter fails on the variable glyphs), so this cuts two static faces from it, regular (400) and bold (700),
 * with the Latin characters the site's font has, as TrueType, into server/invoices/fonts (committed; the server
 * reads them, and subset-font is a tool of the build). Run `npx tsx scripts/invoice-fonts.ts` after a font upgrade.
 */
import { readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import subsetFont from "subset-font";
import { interCoreRange, interRestRange } from "../app/lib/font";
import { codePointsOf } from "./font-subset";

export const invoiceFontFiles = {
  400: join(import.meta.dirname, "..", "server", "invoices", "fonts", "inter-400.ttf"),
  700: join(import.meta.dirname, "..", "server", "invoices", "fonts", "inter-700.ttf"),
} as const;

const originalPath = createRequire(import.meta.url).resolve(
  "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
);

/** One static face of Inter, from the installed variable font. */
export async function invoiceInter(weight: keyof typeof invoiceFontFiles): Promise<Buffer> {
  const text = String.fromCodePoint(...codePointsOf(`${interCoreRange},${interRestRange}`));
  return subsetFont(await readFile(originalPath), text, { targetFormat: "sfnt", variationAxes: { wght: weight } });
}

if (import.meta.main) {
  for (const weight of [400, 700] as const) {
    const font = await invoiceInter(weight);
    await writeFile(invoiceFontFiles[weight], font);
    console.log(`${invoiceFontFiles[weight]}: ${font.length} bytes`);
  }
}
