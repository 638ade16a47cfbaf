/**
 * Telling look-alike characters apart by their OCR-B shape (issue 57). Tesseract's legacy classifier, trained on
 * many typefaces, takes OCR-B's 8 for S, its 2 for Z, its O for 0 — in a passport number, where letters and digits
 * mix, nothing else tells them apart, and two such mistakes can leave the check digits passing. Each character the
 * engine read that has look-alikes is cut out of the zone's grays, sampled on a small grid, and compared with the
 * OCR-B shapes of its class (ocrb-glyphs.ts): another character replaces it only when its shape matches clearly better.
 */
import { ocrbGlyphs } from "./ocrb-glyphs";

/** The classes of characters taken for one another. */
export const lookAlikeClasses = ["0ODQ", "1I", "5S8B3", "2Z", "6G", "MHNW", "CGQ", "UVW"];

/** What the sex may be on line 2: F, M, or X or < for neither. */
export const sexCharacters = "FMX<";

/** The sex the box shows, by the OCR-B shapes of F, M, X and < (the engine reads a blurred F as 5 or E, an M as H). */
export function sexShown(gray: Uint8Array, width: number, box: Box): string {
  const glyph = glyphGrid(gray, width, inkBox(gray, width, box));
  let best = "<";
  let bestScore = -Infinity;
  for (const char of sexCharacters) {
    const value = score(glyph, char);
    if (value > bestScore) {
      best = char;
      bestScore = value;
    }
  }
  return best;
}

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
function template(char: string): Glyph | null {
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
function score(glyph: Glyph, char: string): number {
  const model = template(char);
  if (!model) return -Infinity;
  return correlation(glyph, model) - Math.abs(Math.log(glyph.aspect / model.aspect)) * 0.5;
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

/** How well the box matches each of `chars`' OCR-B shapes (the font's), as matchLookAlike scores them. */
export function fontScores(gray: Uint8Array, width: number, box: Box, chars: readonly string[]): Map<string, number> {
  const glyph = glyphGrid(gray, width, inkBox(gray, width, box));
  return new Map(chars.map((char) => [char, score(glyph, char)]));
}

/** A character's shape as glyphGrid gives it. */
export type Glyph = ReturnType<typeof glyphGrid>;

/** The grids' correlation of two shapes (1: the same). */
function correlation(glyph: Glyph, model: Glyph): number {
  let dot = 0;
  for (let i = 0; i < model.values.length; i++) dot += (model.values[i] ?? 0) * (glyph.values[i] ?? 0);
  return dot;
}

/**
 * How like the photo's own shape of a character another must be to be taken for it without doubt, and how unlike to be
 * ruled out. Measured on the test set's photos (scripts/passport-set): a 0 matched its photo's other 0s at 0.946 and
 * more, an O at 0.967 and less.
 */
export const sameSure = 0.97;
export const otherSure = 0.94;

/** What the photo's own shapes say of a character: it is the box's, it is not, or they cannot tell. */
export type Verdict = "is" | "isnt" | "maybe";

/**
 * The photo's own shapes of characters whose identity is sure (a date's digits whose check digit passes, a name's
 * letters): blurred, lit and printed as the rest of the photo is, they tell look-alikes apart where the font's clean
 * shapes cannot (blurred, OCR-B's narrow 0 matches the font's O better than its 0).
 */
export class PhotoShapes {
  private readonly seen = new Map<string, Glyph[]>();
  private readonly models = new Map<string, Glyph>();

  constructor(
    private readonly gray: Uint8Array,
    private readonly width: number,
  ) {}

  private glyph(box: Box): Glyph {
    return glyphGrid(this.gray, this.width, inkBox(this.gray, this.width, box));
  }

  /** A character of the photo whose identity is sure (only look-alikes are kept). */
  learn(char: string, box: Box): void {
    if (char === "" || !lookAlikeClasses.some((kind) => kind.includes(char))) return;
    const list = this.seen.get(char) ?? [];
    list.push(this.glyph(box));
    this.seen.set(char, list);
    this.models.delete(char);
  }

  /** The mean shape of a character in this photo, or null when none was learnt. */
  private model(char: string): Glyph | null {
    const known = this.models.get(char);
    if (known) return known;
    const list = this.seen.get(char);
    if (!list?.length) return null;
    const values = new Float64Array(gridWidth * gridHeight);
    for (const glyph of list) glyph.values.forEach((value, i) => (values[i] = (values[i] ?? 0) + value));
    const norm = Math.sqrt(values.reduce((sum, value) => sum + value * value, 0)) || 1;
    for (let i = 0; i < values.length; i++) values[i] = (values[i] ?? 0) / norm;
    const model = { values, aspect: list.reduce((sum, glyph) => sum + glyph.aspect, 0) / list.length };
    this.models.set(char, model);
    return model;
  }

  /**
   * What the photo's own shapes say of each of `candidates` for the box: "is" when the box is as like the photo's
   * shape of it as the photo's own are (and clearly likelier than any other candidate's), "isnt" when it is clearly
   * unlike it, "maybe" between, or where the photo shows no such character.
   */
  judge(box: Box, candidates: readonly string[]): Map<string, Verdict> {
    const glyph = this.glyph(box);
    const likeness = new Map<string, number>();
    for (const char of candidates) {
      const model = this.model(char);
      if (model) likeness.set(char, correlation(glyph, model));
    }
    const verdicts = new Map<string, Verdict>();
    for (const char of candidates) {
      const value = likeness.get(char);
      const rivals = [...likeness].filter(([other]) => other !== char).map(([, other]) => other);
      if (value === undefined) verdicts.set(char, "maybe");
      else if (value >= sameSure && rivals.every((other) => value - other >= 0.01)) verdicts.set(char, "is");
      else if (value < otherSure || [...likeness.values()].some((other) => other - value >= 0.01 && other >= sameSure))
        verdicts.set(char, "isnt");
      else verdicts.set(char, "maybe");
    }
    return verdicts;
  }
}
