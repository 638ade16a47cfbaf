/**
 * Telling look-alike characters apart by their OCR-B shape (issue 57). Tesseract's legacy classifier, trained on
 * many typefaces, takes OCR-B's 8 for S, its 2 for Z, its O for 0 — in a passport number, where letters and digits
 * mix, nothing else tells them apart, and two such mistakes can leave the check digits passing. Each character the
 * engine read that has look-alikes is cut out of the zone's grays, sampled on a small grid, and compared with the
 * OCR-B shapes of its class (ocrb-glyphs.ts): another character replaces it only when its shape matches clearly better.
 */
import { ocrbGlyphs } from "./ocrb-glyphs";

/** The classes of characters taken for one another. */
export const lookAlikeClasses = ["0ODQ", "1I", "5S8B3", "2Z", "6G", "MHNW", "CGQ"];

const gridWidth = 12;
const gridHeight = 16;

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * A character's box of grays sampled on the grid (mean of each cell), ink as 1 and paper as 0, centred and scaled
 * to unit length; and the box's width over its height.
 */
export function glyphGrid(gray: Uint8Array, width: number, box: Box): { values: Float64Array; aspect: number } {
  const w = Math.max(1, box.x1 - box.x0);
  const h = Math.max(1, box.y1 - box.y0);
  const values = new Float64Array(gridWidth * gridHeight);
  for (let gy = 0; gy < gridHeight; gy++) {
    for (let gx = 0; gx < gridWidth; gx++) {
      const xa = box.x0 + Math.floor((gx * w) / gridWidth);
      const xb = Math.max(xa + 1, box.x0 + Math.floor(((gx + 1) * w) / gridWidth));
      const ya = box.y0 + Math.floor((gy * h) / gridHeight);
      const yb = Math.max(ya + 1, box.y0 + Math.floor(((gy + 1) * h) / gridHeight));
      let sum = 0;
      for (let y = ya; y < yb; y++) for (let x = xa; x < xb; x++) sum += 255 - (gray[y * width + x] ?? 255);
      values[gy * gridWidth + gx] = sum / ((xb - xa) * (yb - ya) * 255);
    }
  }
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  let norm = 0;
  for (let i = 0; i < values.length; i++) {
    values[i] = (values[i] ?? 0) - mean;
    norm += (values[i] ?? 0) ** 2;
  }
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < values.length; i++) values[i] = (values[i] ?? 0) / norm;
  return { values, aspect: w / h };
}

/**
 * The engine's box of a character, made tight around its ink (the pixels darker than halfway between the box's
 * darkest and lightest), looked for a little around it: the engine's boxes are a pixel or two loose or short.
 */
export function inkBox(gray: Uint8Array, width: number, box: Box): Box {
  const height = gray.length / width;
  const pad = 2;
  const x0 = Math.max(0, box.x0 - pad);
  const x1 = Math.min(width, box.x1 + pad);
  const y0 = Math.max(0, box.y0 - pad);
  const y1 = Math.min(height, box.y1 + pad);
  let low = 255;
  let high = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const value = gray[y * width + x] ?? 255;
      low = Math.min(low, value);
      high = Math.max(high, value);
    }
  }
  const level = (low + high) / 2;
  const tight = { x0: x1, y0: y1, x1: x0, y1: y0 };
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      if ((gray[y * width + x] ?? 255) < level) {
        tight.x0 = Math.min(tight.x0, x);
        tight.y0 = Math.min(tight.y0, y);
        tight.x1 = Math.max(tight.x1, x + 1);
        tight.y1 = Math.max(tight.y1, y + 1);
      }
    }
  }
  return tight.x1 > tight.x0 && tight.y1 > tight.y0 ? tight : box;
}

const templates = new Map<string, { values: Float64Array; aspect: number }>();
function template(char: string): { values: Float64Array; aspect: number } | null {
  const cached = templates.get(char);
  if (cached) return cached;
  const text = ocrbGlyphs[char];
  if (!text) return null;
  const values = Float64Array.from(text.split(","), (v) => Number(v) / 999);
  const made = { values, aspect: Number(ocrbGlyphs[`${char}/aspect`] ?? 1) };
  templates.set(char, made);
  return made;
}

/** How well a cut-out character matches a character's OCR-B shape: the grids' correlation, less the aspects' gap. */
function score(glyph: { values: Float64Array; aspect: number }, char: string): number {
  const model = template(char);
  if (!model) return -Infinity;
  let dot = 0;
  for (let i = 0; i < model.values.length; i++) dot += (model.values[i] ?? 0) * (glyph.values[i] ?? 0);
  return dot - Math.abs(Math.log(glyph.aspect / model.aspect)) * 0.5;
}

/**
 * The character the box shows, among `read` and its look-alikes: `read` unless another matches its OCR-B shape
 * better by `margin`.
 */
export function matchLookAlike(gray: Uint8Array, width: number, box: Box, read: string, margin = 0.07): string {
  const kin = lookAlikeClasses.filter((kind) => kind.includes(read)).join("");
  if (!kin) return read;
  const glyph = glyphGrid(gray, width, inkBox(gray, width, box));
  const own = score(glyph, read);
  let best = read;
  let bestScore = own + margin;
  for (const other of kin) {
    if (other === read) continue;
    const value = score(glyph, other);
    if (value > bestScore) {
      best = other;
      bestScore = value;
    }
  }
  return best;
}
