import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import sharp from "sharp";
import { createWorker, OEM } from "tesseract.js";
import { describe, expect, it } from "vitest";
import {
  carveTessdata,
  fullEnglishSource,
  legacyParts,
  lstmParts,
  passportEnglish,
  readTessdata,
  tessdataParts,
  writeTessdata,
} from "./ocr-data";
import { mrzLinesFrom, readMrz } from "../papers/passport/rules";

/*
 * Issue 57: the passport reader's English data, carved out of the package's 4.0.0 file by our own code: the legacy
 * engine's parts kept, the dictionaries and the LSTM model left out; a valid archive that tesseract.js loads and
 * reads a zone with.
 */
const require = createRequire(import.meta.url);
const full = gunzipSync(await readFile(require.resolve(fullEnglishSource)));
const carved = await passportEnglish();

describe("the tessdata archive", () => {
  it("reads the package's file: its parts and their sizes", () => {
    const parts = readTessdata(full);
    expect(full.readInt32LE(0)).toBe(24);
    expect(tessdataParts).toHaveLength(24);
    const sizes = Object.fromEntries([...parts].map(([name, body]) => [name, body.length]));
    expect(sizes).toMatchObject({
      unicharset: 7477,
      unicharambigs: 1047,
      inttemp: 976552,
      pffmtable: 844,
      normproto: 13408,
      "punc-dawg": 4322,
      "word-dawg": 1082890,
      "number-dawg": 6426,
      "freq-dawg": 1410,
      shapetable: 63346,
      "bigram-dawg": 16109842,
      lstm: 1487588,
      version: 80,
    });
    // Every byte after the header belongs to one part.
    expect(4 + 8 * 24 + Object.values(sizes).reduce((sum, size) => sum + size, 0)).toBe(full.length);
    expect(parts.get("version")?.toString()).toMatch(/^4\.00\.00alpha:eng:/);
  });

  it("writes an archive as tesseract does: the package's file read and written again is the same bytes", () => {
    expect(writeTessdata(readTessdata(full)).equals(full)).toBe(true);
  });

  it("keeps the legacy engine's parts only, each byte for byte, in a file of about 1 MB", async () => {
    const parts = readTessdata(carved);
    expect([...parts.keys()].sort()).toEqual([...legacyParts].sort());
    const original = readTessdata(full);
    for (const [name, body] of parts) expect(body.equals(original.get(name) ?? Buffer.alloc(0)), name).toBe(true);
    for (const name of ["word-dawg", "bigram-dawg", "lstm", "lstm-word-dawg"] as const) {
      expect(parts.has(name), name).toBe(false);
    }
    expect(carved.length).toBeLessThan(1_100_000);
    // Absent parts are written as −1.
    expect(carved.readBigInt64LE(4 + 8 * tessdataParts.indexOf("bigram-dawg"))).toBe(-1n);
    // With the LSTM's parts (for both engines at once), its 3.7 MB dictionary still left out.
    const both = readTessdata(await passportEnglish({ lstm: true }));
    expect([...both.keys()].sort()).toEqual([...legacyParts, ...lstmParts].sort());
    expect(both.has("lstm-word-dawg")).toBe(false);
  });

  it("refuses what is not an archive, or one whose entries point out of it", () => {
    expect(() => readTessdata(Buffer.from("no"))).toThrow(/too short/);
    expect(() => readTessdata(Buffer.from("not a tessdata file at all"))).toThrow(/not an archive/);
    const broken = Buffer.from(carveTessdata(full, ["unicharset", "version"]));
    broken.writeBigInt64LE(BigInt(broken.length + 10), 4 + 8 * tessdataParts.indexOf("unicharset"));
    expect(() => readTessdata(broken)).toThrow(/out of bounds/);
  });
});

describe("tesseract.js on the carved data", () => {
  it("loads it with the legacy engine and reads a zone drawn in OCR-B, every check digit passing", async () => {
    const lines = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"];
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="1400" height="200"><rect width="100%" height="100%" fill="#fff"/>` +
      lines
        .map(
          (line, index) =>
            `<text x="40" y="${80 + index * 70}" font-family="OCR B" font-size="40" textLength="1300" ` +
            `lengthAdjust="spacing" xml:space="preserve">${line.replace(/</g, "&lt;")}</text>`,
        )
        .join("") +
      "</svg>";
    const png = await sharp(Buffer.from(svg)).png().toBuffer();
    const folder = await mkdtemp(join(tmpdir(), "karama-ocr-data-"));
    try {
      await writeFile(join(folder, "eng.traineddata"), carved);
      const worker = await createWorker(
        "eng",
        OEM.TESSERACT_ONLY,
        { langPath: folder, gzip: false, cacheMethod: "none", legacyCore: true, legacyLang: true },
        { load_system_dawg: "0", load_freq_dawg: "0" },
      );
      try {
        await worker.setParameters({ tessedit_char_whitelist: "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<" });
        const { data } = await worker.recognize(png);
        const found = mrzLinesFrom(data.text);
        expect(found, data.text).toEqual(lines);
        expect(readMrz(found ?? [], new Date(2010, 0, 1)).valid).toBe(true);
      } finally {
        await worker.terminate();
      }
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 60_000);
});
