/**
 * Reading a passport's machine-readable zone in the traveller's browser (issue 57): the photo made ready in a Web
 * Worker (prep-worker.ts: the zone found, cut out, turned level, cleaned), then read by tesseract.js in its own
 * Web Worker, restricted to A–Z, 0–9 and <. The engine's worker, core (WebAssembly) and English data come from
 * this server alone, under a folder named by a hash of their content (server/case/assets.ts), which the site's
 * service worker keeps after the first use: reading then works offline.
 *
 * A bundle of its own (/case/assets/passport-reader.<hash>.js), loaded by the case page only when the traveller
 * asks for a read (load.ts). Parsing the lines is server/papers/passport/rules.ts's.
 */
import { createWorker, OEM, type Page, PSM, type Worker as Engine } from "tesseract.js";
import { mrzLinesFrom, readMrz } from "../../../papers/passport/rules";
import { matchLookAlike } from "./glyph-match";
import type { Prepared, PreparedImage } from "./prepare";

/** Set by server/case/assets.ts when it serves this bundle: the engine's folder, and the preparing worker's file. */
const engineFolder = "@@passport-engine-folder@@";
const prepWorkerUrl = "@@passport-prep-worker@@";

export const mrzCharacters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<";

export interface PassportRead {
  /** What the engine read, as it read it. */
  text: string;
  /** Its lines, spaces taken out, empty ones left out. */
  lines: string[];
  /** Where the zone was found in the photo (upright pixels), or null when it was not (the bottom third was read). */
  zone: { x: number; y: number; w: number; h: number } | null;
  /** The read's time, from the photo to the text, in milliseconds. */
  ms: number;
}

export interface ReadOptions {
  /** Told how far the work has gone: "preparing", then "reading". */
  onStage?: (stage: "preparing" | "reading") => void;
}

/** Whether this browser runs WebAssembly SIMD (a tiny module that uses it validates). */
function hasSimd(): boolean {
  try {
    return WebAssembly.validate(
      new Uint8Array([
        0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11,
      ]),
    );
  } catch {
    return false;
  }
}

/** The engine's files, by name, in its folder (the same names server/case/assets.ts serves). */
export const engineFiles = {
  worker: "worker.min.js",
  // The cores with tesseract's legacy engine (those with "-lstm" in their name have only the LSTM one).
  core: hasSimd() ? "tesseract-core-simd.js" : "tesseract-core.js",
  data: "eng.traineddata",
};

let engine: Promise<Engine> | null = null;

/** Parameters read when the engine starts only: no dictionary is loaded (the data has no word list either). */
const initParameters = {
  load_system_dawg: "0",
  load_freq_dawg: "0",
  load_punc_dawg: "0",
  load_number_dawg: "0",
  load_unambig_dawg: "0",
  load_bigram_dawg: "0",
  // No adapting to what it read before (a read's result would hang on the reads before it), no document dictionary.
  classify_enable_learning: "0",
  tessedit_enable_doc_dict: "0",
};

/**
 * The engine, made once and kept: its worker started, its core compiled, its English data loaded. Call it early
 * (when the traveller opens the reading) to have it ready; readPassportLines calls it too.
 */
export function loadPassportEngine(): Promise<Engine> {
  engine ??= (async () => {
    // Tesseract's legacy engine (OEM 0), a classifier of single characters: its LSTM engine, trained on words,
    // reads the zone's runs of < as K and L and O for 0 in its codes. Its dictionaries off: the zone holds no words.
    const made = await createWorker(
      "eng",
      OEM.TESSERACT_ONLY,
      {
        workerPath: engineFolder + engineFiles.worker,
        corePath: engineFolder + engineFiles.core,
        langPath: engineFolder.replace(/\/$/, ""),
        // Our server sends the data compressed in transit (brotli); the service worker keeps it, not tesseract's
        // own IndexedDB copy (which would be a second copy under a name that does not change with its content).
        gzip: false,
        cacheMethod: "none",
        // The worker from our own address, not a blob: the page's policy needs no blob: worker, and the engine's
        // core finds its .wasm beside the worker.
        workerBlobURL: false,
        // The data and the core with the legacy engine (ours have nothing else).
        legacyCore: true,
        legacyLang: true,
      },
      initParameters,
    );
    await made.setParameters({
      tessedit_char_whitelist: mrzCharacters,
      tessedit_pageseg_mode: PSM.SINGLE_BLOCK,
      preserve_interword_spaces: "0",
      // The zone mixes letters and digits in one "word" (AB1234561): no penalty for changing kind or case inside it.
      language_model_penalty_chartype: "0",
      language_model_penalty_case: "0",
      language_model_penalty_non_dict_word: "0",
      language_model_penalty_non_freq_dict_word: "0",
    });
    return made;
  })();
  engine.catch(() => {
    engine = null;
  });
  return engine;
}

/** Ends the engine and the preparing worker (the next read starts them again). */
export async function closePassportReader(): Promise<void> {
  const running = engine;
  engine = null;
  prep?.terminate();
  prep = null;
  if (running) await (await running.catch(() => null))?.terminate();
}

let prep: Worker | null = null;
let nextId = 1;

/** The photo made ready, in the preparing worker where the browser has OffscreenCanvas there; else in the page. */
async function prepare(image: Blob): Promise<Prepared> {
  if (typeof OffscreenCanvas === "undefined") throw new Error("This browser cannot prepare the photo.");
  try {
    prep ??= new Worker(prepWorkerUrl, { type: "module" });
  } catch {
    const { preparePhoto } = await import("./prepare");
    return preparePhoto(image);
  }
  const worker = prep;
  const id = nextId++;
  return new Promise<Prepared>((resolve, reject) => {
    const listener = (event: MessageEvent<{ id: number; prepared?: Prepared; error?: string }>) => {
      if (event.data.id !== id) return;
      worker.removeEventListener("message", listener);
      if (event.data.prepared) resolve(event.data.prepared);
      else reject(new Error(event.data.error ?? "The photo could not be prepared."));
    };
    worker.addEventListener("message", listener);
    worker.addEventListener("error", () => reject(new Error("The photo could not be prepared.")), { once: true });
    worker.postMessage({ id, image });
  });
}

/** The engine's lines: spaces taken out (the zone has none), empty lines left out. */
export function linesOf(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, ""))
    .filter((line) => line !== "");
}

/**
 * Reads the machine-readable zone of a passport photo: the zone found and cleaned, then read. Throws when the
 * photo cannot be decoded or the engine cannot start (an old browser, the files unreachable): reading is a help,
 * the traveller can still type the fields.
 */
export async function readPassportLines(image: Blob, options: ReadOptions = {}): Promise<PassportRead> {
  const ready = loadPassportEngine();
  const started = performance.now();
  options.onStage?.("preparing");
  const prepared = await prepare(image);
  const reader = await ready;
  options.onStage?.("reading");
  const today = new Date();
  const readings: Reading[] = [];
  let settled: Reading | null = null;
  for (const image of prepared.images) {
    const texts = textsOf((await reader.recognize(image.png, {}, { text: true, blocks: true })).data, image);
    const reading = readingOf(texts, today);
    readings.push(reading);
    settled = settle(readings);
    if (settled) break;
  }
  const text = settled ? settled.lines?.join("\n") + "\n" : unsettled(readings);
  return { text, lines: linesOf(text), zone: prepared.zone, ms: Math.round(performance.now() - started) };
}

/**
 * The engine's text, each character that has look-alikes checked against their OCR-B shapes (glyph-match.ts) in
 * the grays it was read from; then, where the shapes and the engine disagree on the last line (line 2), the texts
 * with the engine's choice at some of those places (at most 6 places, 63 texts more).
 */
function textsOf(data: Page, image: PreparedImage): string[] {
  if (!data.blocks) return [data.text ?? ""];
  const lines = data.blocks
    .flatMap((block) => block.paragraphs.flatMap((paragraph) => paragraph.lines))
    .map((line) =>
      line.words
        .flatMap((word) => word.symbols)
        .map((symbol) => ({
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

// The rules the passport form applies to what was read (server/papers/passport/rules.ts), in this bundle so that the
// case page's own script stays small: the form loads them with the reader.
export { mrzLinesFrom, passportProblems, readMrz } from "../../../papers/passport/rules";
