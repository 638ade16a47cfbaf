/**
 * The English data the passport reader's engine runs on (issue 57), carved at start out of the npm package's
 * @tesseract.js-data/eng 4.0.0 file: only the parts tesseract's legacy engine reads for a zone of A–Z, 0–9 and <.
 *
 * Why: tesseract's LSTM engine reads runs of the zone's filler < as K and L, and O for 0 in its codes; its legacy
 * engine, a shape classifier of single characters, reads them right (bench:passport). The package's file that has
 * the legacy parts is 23 MB, most of it a 16 MB bigram dictionary, a 1 MB word dictionary and the LSTM model with
 * its own dictionaries, none of which a zone of codes and fillers needs; what is left is about 1 MB.
 *
 * The file (tesseract's TessdataManager format) is an archive: an int32 count of entries, then an int64 offset per
 * entry (−1 when it is absent), then the entries' bytes in their order, each ending where the next present one
 * starts. Little-endian, as every file of the package is.
 */
import { createReadStream } from "node:fs";
import { createRequire } from "node:module";
import { createGunzip } from "node:zlib";

/** The entries of a tessdata archive, by number (tesseract's TessdataType). */
export const tessdataParts = [
  "lang-config",
  "unicharset",
  "unicharambigs",
  "inttemp",
  "pffmtable",
  "normproto",
  "punc-dawg",
  "word-dawg",
  "number-dawg",
  "freq-dawg",
  "fixed-length-dawgs",
  "cube-unicharset",
  "cube-word-dawg",
  "shapetable",
  "bigram-dawg",
  "unambig-dawg",
  "params-model",
  "lstm",
  "lstm-punc-dawg",
  "lstm-word-dawg",
  "lstm-number-dawg",
  "lstm-unicharset",
  "lstm-recoder",
  "version",
] as const;

export type TessdataPart = (typeof tessdataParts)[number];

/** What the legacy engine needs to read single characters, and its small punctuation, number and frequent-word lists. */
export const legacyParts: readonly TessdataPart[] = [
  "unicharset",
  "unicharambigs",
  "inttemp",
  "pffmtable",
  "normproto",
  "punc-dawg",
  "number-dawg",
  "freq-dawg",
  "shapetable",
  "version",
];

/** The LSTM model with its character set and recoder (its 3.7 MB word dictionary left out): for OEM 2. */
export const lstmParts: readonly TessdataPart[] = [
  "lstm",
  "lstm-punc-dawg",
  "lstm-number-dawg",
  "lstm-unicharset",
  "lstm-recoder",
];

/** The parts of a tessdata archive, by name; throws on a file that is not one. */
export function readTessdata(file: Buffer): Map<TessdataPart, Buffer> {
  if (file.length < 4) throw new Error("tessdata: too short");
  const count = file.readInt32LE(0);
  const header = 4 + 8 * count;
  if (count < 1 || count > tessdataParts.length || file.length < header) throw new Error("tessdata: not an archive");
  const offsets = Array.from({ length: count }, (_, index) => Number(file.readBigInt64LE(4 + 8 * index)));
  const parts = new Map<TessdataPart, Buffer>();
  offsets.forEach((offset, index) => {
    if (offset < 0) return;
    const end = offsets.slice(index + 1).find((next) => next >= 0) ?? file.length;
    if (offset < header || end < offset || end > file.length) throw new Error("tessdata: an entry out of bounds");
    const name = tessdataParts[index];
    if (name) parts.set(name, file.subarray(offset, end));
  });
  return parts;
}

/** A tessdata archive of these parts (every entry numbered, the absent ones −1), as tesseract writes one. */
export function writeTessdata(parts: Map<TessdataPart, Buffer>): Buffer {
  const header = Buffer.alloc(4 + 8 * tessdataParts.length);
  header.writeInt32LE(tessdataParts.length, 0);
  const bodies: Buffer[] = [];
  let offset = header.length;
  tessdataParts.forEach((name, index) => {
    const body = parts.get(name);
    header.writeBigInt64LE(BigInt(body && body.length > 0 ? offset : -1), 4 + 8 * index);
    if (body && body.length > 0) {
      bodies.push(body);
      offset += body.length;
    }
  });
  return Buffer.concat([header, ...bodies]);
}

/** The archive with only the named parts kept. */
export function carveTessdata(file: Buffer, keep: readonly TessdataPart[]): Buffer {
  const parts = readTessdata(file);
  return writeTessdata(new Map([...parts].filter(([name]) => keep.includes(name))));
}

const require = createRequire(import.meta.url);

/** Where the package's full English data is (with the legacy parts; its 4.0.0_best_int file has none). */
export const fullEnglishSource = "@tesseract.js-data/eng/4.0.0/eng.traineddata.gz";

/**
 * The passport reader's English data: the legacy parts of the package's file (and the LSTM's, with `lstm`). The
 * file is read as it is unzipped and only the kept parts' bytes are held: the whole 23 MB never is, so the
 * server's start does not leave it in its memory.
 */
export async function passportEnglish(options: { lstm?: boolean } = {}): Promise<Buffer> {
  const keep = options.lstm ? [...legacyParts, ...lstmParts] : legacyParts;
  return writeTessdata(await keptParts(require.resolve(fullEnglishSource), keep));
}

/** The `keep` parts of a gzipped tessdata archive, read as a stream: an entry's bytes are kept, the rest let go. */
async function keptParts(file: string, keep: readonly TessdataPart[]): Promise<Map<TessdataPart, Buffer>> {
  let head = Buffer.alloc(0);
  let ranges: { name: TessdataPart; start: number; end: number }[] | null = null;
  const pieces = new Map<TessdataPart, Buffer[]>();
  let position = 0;
  const take = (chunk: Buffer) => {
    for (const range of ranges ?? []) {
      const from = Math.max(range.start, position);
      const to = Math.min(range.end, position + chunk.length);
      if (from < to) pieces.get(range.name)?.push(Buffer.from(chunk.subarray(from - position, to - position)));
    }
    position += chunk.length;
  };
  for await (const chunk of createReadStream(file).pipe(createGunzip()) as AsyncIterable<Buffer>) {
    if (ranges) {
      take(chunk);
      continue;
    }
    head = Buffer.concat([head, chunk]);
    if (head.length < 4) continue;
    const count = head.readInt32LE(0);
    if (count < 1 || count > tessdataParts.length) throw new Error("tessdata: not an archive");
    if (head.length < 4 + 8 * count) continue;
    const offsets = Array.from({ length: count }, (_, index) => Number(head.readBigInt64LE(4 + 8 * index)));
    ranges = offsets.flatMap((start, index) => {
      const name = tessdataParts[index];
      if (start < 0 || !name || !keep.includes(name)) return [];
      const end = offsets.slice(index + 1).find((next) => next >= 0) ?? Number.POSITIVE_INFINITY;
      return [{ name, start, end }];
    });
    for (const range of ranges) pieces.set(range.name, []);
    take(head);
    head = Buffer.alloc(0);
  }
  return new Map([...pieces].map(([name, list]) => [name, Buffer.concat(list)]));
}
