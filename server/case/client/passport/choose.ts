/**
 * Choosing what a passport's zone says from the engine's readings of its preparations (reader.ts reads them one
 * after the other): each reading's look-alike characters checked against their OCR-B shapes, the check digits
 * deciding between the shapes and the engine only where exactly one choice passes, and a reading settled on only when
 * it is sure. Pure: the engine's characters and boxes, and the grays they were read from (tested offline on the
 * test set's readings: scripts/passport-set).
 */
import { asDigit, asLetter, mrzLinesFrom, readMrz } from "../../../papers/passport/rules";
import {
  type Box,
  fontScores,
  lookAlikeClasses,
  matchLookAlike,
  PhotoShapes,
  sexShown,
  type Verdict,
} from "./glyph-match";

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
    const { texts, others } = textsOf(lines, image);
    this.readings.push(readingOf(texts, others, this.today));
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
   * For each place of the passport number (line 2's first 9) whose character is in doubt, the other characters it
   * may be: a reading is settled on only when none of those choices would also pass the number's check digit.
   */
  others: Map<number, string[]>;
}

/**
 * The engine's text, each character that has look-alikes checked against their OCR-B shapes (glyph-match.ts) in
 * the grays it was read from; a character of the passport number told from its look-alikes by the photo's own shapes
 * (PhotoShapes: a 0 from an O, an 8 from a B), the font's shape choosing where they cannot tell; then, where a
 * character of line 2 stays in doubt, the texts with another choice at some of those places (at most 6 places, 63
 * texts more).
 */
export function textsOf(read: readonly EngineLine[], image: GrayImage): Texts {
  const engine = read.map(withoutStrays).filter((line) => line.length >= 20);
  const photo = photoShapes(engine, image);
  const others = new Map<number, string[]>();
  const lines = engine.map((line, lineIndex) =>
    line.map((symbol, index): Char => {
      const read = symbol.text;
      const font = matchLookAlike(image.gray, image.width, symbol.bbox, read);
      const inLine2 = lineIndex === engine.length - 1 && line.length === 44;
      if (!inLine2) return { read, shape: font };
      if (index === 20) return { read, shape: sexShown(image.gray, image.width, symbol.bbox) };
      // Where only a digit or only a letter can stand, rules.ts maps a look-alike to it: no doubt there.
      if (line2Digits.has(index) || line2Letters.has(index)) return { read, shape: font };
      if (index >= 9) return { read, shape: font, other: font === read ? undefined : read };
      const kin = kinOf(read + font);
      const char = numberChar(
        read,
        font,
        photo?.judge(symbol.bbox, kin),
        fontScores(image.gray, image.width, symbol.bbox, kin),
      );
      if (char.others.length > 0) others.set(index, char.others);
      return { read, shape: char.shape, other: char.others[0] };
    }),
  );
  const base = lines.map((line) => mendSplitM(line.map((char) => char.shape).join("")));
  const last = lines.at(-1) ?? [];
  const doubts = last.flatMap((char, index) => (char.other === undefined ? [] : [index]));
  const texts = [base.join("\n")];
  if (doubts.length === 0 || doubts.length > 6) return { texts, others };
  for (let mask = 1; mask < 1 << doubts.length; mask++) {
    const chars = last.map((char) => char.shape);
    doubts.forEach((index, bit) => {
      if (mask & (1 << bit)) chars[index] = last[index]?.other ?? "";
    });
    texts.push([...base.slice(0, -1), chars.join("")].join("\n"));
  }
  return { texts, others };
}

/**
 * How far below the best OCR-B shape's score a look-alike's may be and still stay in doubt (fontMargin); the same for a
 * look-alike the check digit cannot tell from the choice (blindMargin: 8 and S, 6 and G, M and W); how far below the
 * best the photo's sure choice may be before the font's overrules it (sureMargin). Set on the test set's photos and
 * checked on two sets of made-up travellers it was not set on (docs/benchmarks.md).
 */
const fontMargin = 0.15;
const blindMargin = 0.25;
const sureMargin = 0.2;

/** The look-alikes of the characters given (themselves among them), or none. */
function kinOf(chars: string): string[] {
  return [...new Set(lookAlikeClasses.filter((kind) => [...chars].some((char) => kind.includes(char))).join(""))];
}

/**
 * A character of the passport number, from the photo's own shapes and the font's (each may be wrong: the font's on a
 * blurred photo, the photo's where a box was cut badly): the one the photo's shapes say it is, unless the font's shape
 * clearly says another; else the font's choice (or the engine's). The look-alikes neither rules out stay in doubt:
 * ruled out by the photo's shapes (where the font does not take them for the best), or by the font's (where the photo
 * has no say), further down for those the check digit cannot tell from the choice (8 and S, 6 and G, M and W).
 */
function numberChar(
  read: string,
  font: string,
  verdicts: Map<string, Verdict> | undefined,
  scores: Map<string, number>,
): { shape: string; others: string[] } {
  const kin = kinOf(read + font);
  if (kin.length === 0) return { shape: font, others: [] };
  const scoreOf = (char: string) => scores.get(char) ?? -Infinity;
  const best = Math.max(...kin.map(scoreOf));
  const sure = kin.filter((char) => verdicts?.get(char) === "is");
  const photoSays = sure.length === 1 ? sure[0] : undefined;
  // The photo's shapes sure, and the font not clearly saying another: no doubt left.
  if (photoSays && scoreOf(photoSays) >= best - sureMargin) return { shape: photoSays, others: [] };
  const shape = font;
  const inDoubt = (char: string): boolean => {
    const verdict = verdicts?.get(char);
    // The photo's shapes sure of it, overruled by the font's: in doubt.
    if (verdict === "is") return true;
    // The photo's shapes rule it out, and the font's do not take it for the best.
    if (verdict === "isnt") return scoreOf(char) === best;
    const blind = (valueOf(char) - valueOf(shape)) % 10 === 0;
    return scoreOf(char) >= best - (blind ? blindMargin : fontMargin);
  };
  return { shape, others: kin.filter((char) => char !== shape && inDoubt(char)) };
}

/** A character's value in a check digit's sum (ICAO 9303): 0-9, A=10 ... Z=35, < = 0. */
function valueOf(char: string): number {
  const code = char.charCodeAt(0);
  return code >= 48 && code <= 57 ? code - 48 : code >= 65 && code <= 90 ? code - 55 : 0;
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
 * shapes); else the first text, failing. Sure when no other choice at the number's places in doubt would pass too.
 */
export function readingOf(texts: readonly string[], others: Map<number, string[]>, today: Date): Reading {
  const all = texts.map((text) => {
    const lines = mrzLinesFrom(text);
    return { text, lines, valid: lines?.length === 2 && readMrz(lines, today).valid };
  });
  const first = all[0] ?? { text: "", lines: null, valid: false };
  const passing = all.filter((reading) => reading.valid);
  const lines2 = new Set(passing.map((reading) => reading.lines?.[1]));
  const chosen = first.valid ? first : lines2.size === 1 && passing[0] ? passing[0] : first;
  const number = chosen.lines?.[1]?.slice(0, 10) ?? "";
  // Each place in doubt may hold the shapes' choice or any of the others, whichever text was chosen.
  const shapes = first.lines?.[1] ?? "";
  const doubts = new Map([...others].map(([index, chars]) => [index, [shapes.charAt(index), ...chars]]));
  return { ...chosen, sure: chosen.valid && !otherNumberPasses(number, doubts) };
}

/**
 * Whether another number than `number` (its 9 characters and check digit) passes its check digit, each place in doubt
 * taking any of its characters other than its own: then the check digit cannot tell which was printed. Too many to
 * try: true.
 */
export function otherNumberPasses(number: string, others: Map<number, string[]>): boolean {
  const places = [...others].filter(([index]) => index < 9);
  const count = places.reduce((product, [, chars]) => product * (chars.length + 1), 1);
  if (count > 4_096) return true;
  const digits = [...number.slice(0, 9)];
  const check = number.charAt(9);
  const walk = (at: number, changed: boolean): boolean => {
    if (at === places.length) return changed && checkDigit(digits.join("")) === check;
    const [index, chars] = places[at] ?? [0, []];
    const own = digits[index] ?? "";
    if (walk(at + 1, changed)) return true;
    for (const char of chars) {
      if (char === own || char === "") continue;
      digits[index] = char;
      const passes = walk(at + 1, true);
      digits[index] = own;
      if (passes) return true;
    }
    return false;
  };
  return walk(0, false);
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

export interface Reading {
  /** The engine's text. */
  text: string;
  /** The zone's lines found in it (mrzLinesFrom), repaired. */
  lines: string[] | null;
  /** Whether they are a passport's (TD3) and all their check digits pass. */
  valid: boolean;
  /** Whether it passes and no other choice at the number's places in doubt would pass too (readingOf). */
  sure: boolean;
}

/**
 * The reading settled on among those made so far, or null to read the next preparation: the first that passes and is
 * sure (no other choice at its number's places in doubt would pass the check digit too). Two preparations reading the
 * same is no proof: the engine's mistakes are its classifier's, the same in every preparation.
 */
function settle(readings: readonly Reading[]): Reading | null {
  const last = readings.at(-1);
  return last?.sure && last.lines ? last : null;
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
  for (let i = 0; i < field.length; i++) sum += valueOf(field.charAt(i)) * ([7, 3, 1][i % 3] ?? 1);
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
