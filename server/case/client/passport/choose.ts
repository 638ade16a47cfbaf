/**
 * Choosing what a passport's zone says from the engine's readings of its preparations (reader.ts reads them one
 * after the other): each reading's look-alike characters checked against their OCR-B shapes, the check digits
 * deciding between the shapes and the engine only where exactly one choice passes, and a reading settled on only when
 * it is sure. Pure: the engine's characters and boxes, and the grays they were read from (tested offline on the
 * test set's readings: scripts/passport-set).
 */
import { asDigit, asLetter, mrzLinesFrom, readMrz } from "../../../papers/passport/rules";
import { type Box, matchLookAlike, PhotoShapes, sexShown } from "./glyph-match";

/** A line as the engine read it: its characters, each with its box in the image read. */
export type EngineLine = readonly { text: string; bbox: Box }[];

/** The grays an engine's reading was made from, row after row. */
export interface GrayImage {
  gray: Uint8Array;
  width: number;
  /** The same zone's grays before they were made black and white, when they were (the photo's own shapes use them). */
  shades?: Uint8Array;
}

/**
 * The readings of one photo's preparations, added one by one until one settles; then the text to give the form.
 */
export class ReadingChoice {
  private readonly readings: Reading[] = [];
  private settled: Reading | null = null;

  constructor(private readonly today: Date) {}

  /** A preparation's reading added; true when the choice is settled (the next preparations need not be read). */
  add(lines: readonly EngineLine[], image: GrayImage): boolean {
    const { texts, zerosSure } = textsOf(lines, image);
    this.readings.push({ ...readingOf(texts, this.today), zerosSure });
    this.settled = settle(this.readings);
    return this.settled !== null;
  }

  /** The lines settled on; else the first failing reading's text (the form asks again), never an unsure pass. */
  text(): string {
    return this.settled ? this.settled.lines?.join("\n") + "\n" : unsettled(this.readings);
  }
}

/** One preparation's texts: the shapes' choices first, then others (at most 63) where a character is in doubt. */
export interface Texts {
  texts: string[];
  /**
   * Whether each character of the passport number that looks like a 0 was told apart from O, D and Q by the photo's
   * own shapes, without doubt (settle() then trusts a number holding both 0 and O).
   */
  zerosSure: boolean;
}

/**
 * The engine's text, each character that has look-alikes checked against their OCR-B shapes (glyph-match.ts) in
 * the grays it was read from, a 0 of line 2 told from an O against the photo's own 0s (PhotoShapes); then, where a
 * character of line 2 stays in doubt (the engine and the shapes disagree, or the photo's shapes are unsure), the
 * texts with the other choice at some of those places (at most 6 places, 63 texts more).
 */
export function textsOf(read: readonly EngineLine[], image: GrayImage): Texts {
  const engine = read.map(withoutStrays).filter((line) => line.length >= 20);
  const photo = photoShapes(engine, image);
  let zerosSure = true;
  const lines = engine.map((line, lineIndex) =>
    line.map((symbol, index): Char => {
      const read = symbol.text;
      const font = matchLookAlike(image.gray, image.width, symbol.bbox, read);
      const inLine2 = lineIndex === engine.length - 1 && line.length === 44;
      if (!inLine2) return { read, shape: font };
      if (index === 20) return { read, shape: sexShown(image.gray, image.width, symbol.bbox) };
      // Where only a digit or only a letter can stand, rules.ts maps a look-alike to it: no doubt there.
      if (line2Digits.has(index) || line2Letters.has(index)) return { read, shape: font };
      if (!/[0ODQ]/.test(read + font)) return { read, shape: font, other: font === read ? undefined : read };
      const letter = matchLookAlike(image.gray, image.width, symbol.bbox, /[ODQ]/.test(read) ? read : "O", 0.07, "ODQ");
      const verdict = photo?.zeroOrLetter(symbol.bbox) ?? "unsure";
      if (verdict === "zero") return { read, shape: "0" };
      if (verdict === "letter") return { read, shape: letter };
      if (index < 9) zerosSure = false;
      return { read, shape: font, other: font === "0" ? letter : "0" };
    }),
  );
  const base = lines.map((line) => mendSplitM(line.map((char) => char.shape).join("")));
  const last = lines.at(-1) ?? [];
  const doubts = last.flatMap((char, index) => (char.other === undefined ? [] : [index]));
  const texts = [base.join("\n")];
  if (doubts.length === 0 || doubts.length > 6) return { texts, zerosSure };
  for (let mask = 1; mask < 1 << doubts.length; mask++) {
    const chars = last.map((char) => char.shape);
    doubts.forEach((index, bit) => {
      if (mask & (1 << bit)) chars[index] = last[index]?.other ?? "";
    });
    texts.push([...base.slice(0, -1), chars.join("")].join("\n"));
  }
  return { texts, zerosSure };
}

/**
 * The line without what the engine took for a character but is not one of the zone's: a mark far taller or shorter
 * than the line's characters, or a thin stroke at its start or end (a rotated page's edge read as 1, I or 5).
 */
export function withoutStrays(line: EngineLine): EngineLine {
  const heights = line.map((symbol) => symbol.bbox.y1 - symbol.bbox.y0).sort((a, b) => a - b);
  const height = heights[Math.floor(heights.length / 2)] ?? 0;
  // A thin stroke only at either end: inside the line, it is a piece of a character the engine cut (see mendSplitM).
  return line.filter((symbol, index) => {
    const h = symbol.bbox.y1 - symbol.bbox.y0;
    const w = symbol.bbox.x1 - symbol.bbox.x0;
    const end = index === 0 || index === line.length - 1;
    return h <= height * 1.5 && h >= height * 0.4 && (!end || w >= height * 0.2);
  });
}

/** A character of the engine's line: as read, as the shapes chose, and the other choice when in doubt. */
interface Char {
  read: string;
  shape: string;
  other?: string;
}

/** The places of line 2 where only a letter stands: the nationality. */
const line2Letters = new Set([10, 11, 12]);

/** The places of line 2 where only a digit stands: check digits and dates. */
const line2Digits = new Set([9, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24, 25, 26, 27, 42, 43]);

/**
 * One preparation's reading: its first text (the shapes' choices) when it passes; else the one text among the
 * others whose line 2 passes, when exactly one line 2 does (the check digits decide between the engine and the
 * shapes); else the first text, failing.
 */
function readingOf(texts: readonly string[], today: Date): Omit<Reading, "zerosSure"> {
  const all = texts.map((text) => {
    const lines = mrzLinesFrom(text);
    return { text, lines, valid: lines?.length === 2 && readMrz(lines, today).valid };
  });
  const first = all[0] ?? { text: "", lines: null, valid: false };
  if (first.valid) return first;
  const passing = all.filter((reading) => reading.valid);
  const lines2 = new Set(passing.map((reading) => reading.lines?.[1]));
  return lines2.size === 1 && passing[0] ? passing[0] : first;
}

/**
 * The engine cuts a blurred or thick M into I V 1 (no name holds a 1): a line a letter or three too long whose M so
 * mended makes 43 to 45 characters gets it back (rules.ts then checks what it can).
 */
export function mendSplitM(line: string): string {
  if (line.length <= 44) return line;
  const mended = line.replace(/IV1/g, "M");
  return Math.abs(mended.length - 44) <= 1 ? mended : line;
}

interface Reading {
  /** The engine's text. */
  text: string;
  /** The zone's lines found in it (mrzLinesFrom), repaired. */
  lines: string[] | null;
  /** Whether they are a passport's (TD3) and all their check digits pass. */
  valid: boolean;
  /** Whether the number's 0s were told from letters by the photo's own shapes (Texts.zerosSure). */
  zerosSure: boolean;
}

/**
 * Characters of a passport number that another one looks like in a photo (0 O D Q, 1 I, 5 S, 2 Z, 8 B, 6 G): read as
 * each other two at a time, some change the check digits' weighted sums by a multiple of 10 and pass both the number's
 * check digit and the composite one.
 */
const lookAlikes = /[0ODQ1I5S2Z8B6G]/;

/**
 * The reading settled on among those made so far, or null to read the next preparation: a passing one whose line 2
 * another preparation read the same (the first of them: its line 1, which no check digit covers, was read from the
 * gray zone), or a passing one whose number has none of the look-alike characters; never one whose number holds
 * both 0 and O unless each of its 0s and Os was told by the photo's own 0s, without doubt.
 */
function settle(readings: readonly Reading[]): Reading | null {
  const last = readings.at(-1);
  if (!last?.valid || !last.lines) return null;
  const line2 = last.lines[1] ?? "";
  // A number with both 0 and O: against the font's shapes alone they are too close to tell apart at the reader's size,
  // and the same mistake made in every preparation can pass the check digits (bench: one such photo of 216).
  if (!last.zerosSure && /0/.test(line2.slice(0, 9)) && /O/.test(line2.slice(0, 9))) return null;
  const agreeing = readings.find((reading) => reading.valid && reading !== last && reading.lines?.[1] === line2);
  if (agreeing) return agreeing;
  return lookAlikes.test(line2.slice(0, 9)) ? null : last;
}

/**
 * The text given when no reading settled: the first whose check digits fail (the form asks for another photo or the
 * fields typed), and never one that passes without being confirmed (a wrong number passing by chance).
 */
function unsettled(readings: readonly Reading[]): string {
  const failing = readings.find((reading) => !reading.valid);
  if (failing) return failing.text;
  return (readings[0]?.lines?.[0] ?? "") + "\n";
}

/** The ICAO 9303 check digit of a field: its characters' values (0-9, A=10 ... Z=35, < = 0) weighted 7, 3, 1. */
export function checkDigit(field: string): string {
  let sum = 0;
  for (let i = 0; i < field.length; i++) {
    const code = field.charCodeAt(i);
    const value = code >= 48 && code <= 57 ? code - 48 : code >= 65 && code <= 90 ? code - 55 : 0;
    sum += value * ([7, 3, 1][i % 3] ?? 1);
  }
  return String(sum % 10);
}

/**
 * The photo's own shapes of the characters the reading is sure of, or null when it has none: the digits of line 2's
 * dates whose check digit passes (a letter read there taken as its digit), and the letters of line 1's names and state
 * (a digit read there taken as its letter).
 */
function photoShapes(engine: readonly EngineLine[], image: GrayImage): PhotoShapes | null {
  const line1 = engine.at(-2);
  const line2 = engine.at(-1);
  const photo = new PhotoShapes(image.shades ?? image.gray, image.width);
  let learnt = 0;
  if (line2?.length === 44) {
    const digits = line2.map((symbol) => asDigit[symbol.text] ?? symbol.text);
    for (const [from, to] of [
      [13, 19],
      [21, 27],
    ] as const) {
      const field = digits.slice(from, to).join("");
      if (!/^\d{6}$/.test(field) || checkDigit(field) !== digits[to]) continue;
      for (let i = from; i <= to; i++) {
        const symbol = line2[i];
        if (symbol) photo.learn(digits[i] ?? "", symbol.bbox);
      }
      learnt++;
    }
  }
  if (line1?.length === 44 && line2?.length === 44) {
    for (let i = 2; i < 44; i++) {
      const symbol = line1[i];
      if (symbol) photo.learn(asLetter[symbol.text] ?? symbol.text, symbol.bbox);
    }
  }
  return learnt > 0 ? photo : null;
}
