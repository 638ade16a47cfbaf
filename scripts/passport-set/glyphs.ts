/**
 * Writes server/case/client/passport/ocrb-glyphs.ts: the OCR-B shapes of the characters an OCR engine takes for one
 * another in a passport's zone (glyph-match.ts's lookAlikeClasses) and those the sex may be (F M X <), each drawn
 * with Debian's fonts-ocr-b, cut to its ink and sampled on a small grid of grays (glyph-match.ts and choose.ts weigh
 * the engine's choice among look-alikes against them). `npx tsx scripts/passport-set/glyphs.ts` (needs the font; the file is committed).
 */
import { writeFileSync } from "node:fs";
import sharp from "sharp";
import { glyphGrid, lookAlikeClasses, sexCharacters } from "../../server/case/client/passport/glyph-match.ts";

// The look-alikes, and the characters the sex may be (F, M, X, <: glyph-match.ts's sexShown).
const characters = [...new Set(lookAlikeClasses.join("") + sexCharacters)].sort();
const entries: string[] = [];
for (const char of characters) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><rect width="200" height="200" fill="#fff"/><text x="40" y="150" font-family="OCR B" font-size="120" fill="#000">${char === "<" ? "&lt;" : char}</text></svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).grayscale().raw().toBuffer({ resolveWithObject: true });
  const gray = new Uint8Array(data.buffer, data.byteOffset, data.length);
  let x0 = info.width;
  let y0 = info.height;
  let x1 = 0;
  let y1 = 0;
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      if ((gray[y * info.width + x] ?? 255) < 128) {
        x0 = Math.min(x0, x);
        y0 = Math.min(y0, y);
        x1 = Math.max(x1, x + 1);
        y1 = Math.max(y1, y + 1);
      }
    }
  }
  const grid = glyphGrid(gray, info.width, { x0, y0, x1, y1 });
  entries.push(
    `  ${JSON.stringify(char)}: ${JSON.stringify(Array.from(grid.values, (v) => Math.round(v * 999)).join(","))}, // ${grid.aspect.toFixed(3)}`,
  );
  entries.push(`  ${JSON.stringify(char + "/aspect")}: ${JSON.stringify(grid.aspect.toFixed(3))},`);
}
writeFileSync(
  new URL("../../server/case/client/passport/ocrb-glyphs.ts", import.meta.url),
  `// Written by scripts/passport-set/glyphs.ts from Debian's OCR-B (fonts-ocr-b): each look-alike character's shape,
// on glyph-match.ts's grid (ink 0..1, centred and scaled to unit length, times 999), and its width over its height.
export const ocrbGlyphs: Record<string, string> = {
${entries.join("\n")}
};
`,
);
console.log(`${characters.length} glyphs`);
