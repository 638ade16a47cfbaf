/**
 * Choosing what a passport's zone says from the engine's readings of its preparations (reader.ts reads them one
 * after the other): each reading's look-alike characters checked against their OCR-B shapes, the check digits
 * deciding between the shapes and the engine only where exactly one choice passes, and a reading settled on only when
 * it is sure. Pure: the engine's characters and boxes, and the grays they were read from (tested offline on the
 * test set's readings: scripts/passport-set).
 */
import { mrzLinesFrom, readMrz } from "../../../papers/passport/rules";
import { type Box, matchLookAlike } from "./glyph-match";

/** A line as the engine read it: its characters, each with its box in the image read. */
export type EngineLine = readonly { text: string; bbox: Box }[];

/** The grays an engine's reading was made from, row after row. */
export interface GrayImage {
  gray: Uint8Array;
  width: number;
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
    this.readings.push(readingOf(textsOf(lines, image), this.today));
    this.settled = settle(this.readings);
    return this.settled !== null;
  }

  /** The lines settled on; else the first failing reading's text (the form asks again), never an unsure pass. */
  text(): string {
    return this.settled ? this.settled.lines?.join("\n") + "\n" : unsettled(this.readings);
  }
}

/**
 * The engine's text, each character that has look-alikes checked against their OCR-B shapes (glyph-match.ts) in
 * the grays it was read from; then, where the shapes and the engine disagree on the last line (line 2), the texts
 * with the engine's choice at some of those places (at most 6 places, 63 texts more).
 */
export function textsOf(engine: readonly EngineLine[], image: GrayImage): string[] {
  const lines = engine.map((line) =>
    line.map((symbol) => ({
      read: symbol.text,
      shape: matchLookAlike(image.gray, image.width, symbol.bbox, symbol.text),
    })),
  );
  const base = lines.map((line) => mendSplitM(line.map((char) => char.shape).join("")));
  const last = lines.at(-1) ?? [];
  // Where only a digit can stand (rules.ts maps a letter there to its digit), a doubt is no doubt.
  const digitOnly = (index: number) => last.length === 44 && line2Digits.has(index);
  const doubts = last.flatMap((char, index) => (char.read === char.shape || digitOnly(index) ? [] : [index]));
  const texts = [base.join("\n")];
  if (doubts.length === 0 || doubts.length > 6) return texts;
  for (let mask = 1; mask < 1 << doubts.length; mask++) {
    const chars = last.map((char) => char.shape);
    doubts.forEach((index, bit) => {
      if (mask & (1 << bit)) chars[index] = last[index]?.read ?? "";
    });
    texts.push([...base.slice(0, -1), chars.join("")].join("\n"));
  }
  return texts;
}

/** The places of line 2 where only a digit stands: check digits and dates. */
const line2Digits = new Set([9, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24, 25, 26, 27, 42, 43]);

/**
 * One preparation's reading: its first text (the shapes' choices) when it passes; else the one text among the
 * others whose line 2 passes, when exactly one line 2 does (the check digits decide between the engine and the
 * shapes); else the first text, failing.
 */
function readingOf(texts: readonly string[], today: Date): Reading {
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
 * both 0 and O.
 */
function settle(readings: readonly Reading[]): Reading | null {
  const last = readings.at(-1);
  if (!last?.valid || !last.lines) return null;
  const line2 = last.lines[1] ?? "";
  // A number with both 0 and O: at the reader's size their OCR-B shapes are too close to tell apart, and the same
  // mistake made in every preparation can pass the check digits (bench: one such photo of 216). Never settled.
  if (/0/.test(line2.slice(0, 9)) && /O/.test(line2.slice(0, 9))) return null;
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
