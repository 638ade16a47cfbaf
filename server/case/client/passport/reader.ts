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
import { type EngineLine, ReadingChoice } from "./choose";
import type { Prepared } from "./prepare";

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

/** The engine's lines of characters, each with its box in the image it read. */
function engineLines(data: Page): EngineLine[] {
  return (data.blocks ?? [])
    .flatMap((block) => block.paragraphs.flatMap((paragraph) => paragraph.lines))
    .map((line) =>
      line.words.flatMap((word) => word.symbols).map((symbol) => ({ text: symbol.text, bbox: symbol.bbox })),
    );
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
  const choice = new ReadingChoice(new Date());
  for (const image of prepared.images) {
    const { data } = await reader.recognize(image.png, {}, { text: true, blocks: true });
    if (choice.add(engineLines(data), image)) break;
  }
  const text = choice.text();
  return { text, lines: linesOf(text), zone: prepared.zone, ms: Math.round(performance.now() - started) };
}

// The rules the passport form applies to what was read (server/papers/passport/rules.ts), in this bundle so that the
// case page's own script stays small: the form loads them with the reader.
export { mrzLinesFrom, passportProblems, readMrz } from "../../../papers/passport/rules";
