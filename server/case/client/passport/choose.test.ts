/**
 * Issue 57: choosing what the zone says from the engine's characters (choose.ts). The zone is drawn here with
 * Debian's OCR-B (fonts-ocr-b) at the reader's size, sharp or blurred as a phone's shake blurs it (the test set's
 * "blurred" kind); the engine's characters are given with their boxes, with the mistakes the engine makes on such
 * photos (a 0 read as O, a stray mark at the line's start), and what the choice makes of them is checked.
 */
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { td3Lines } from "../../../../scripts/passport-set/mrz-writer";
import { travellers } from "../../../../scripts/passport-set/travellers";
import {
  checkDigit,
  type EngineLine,
  otherNumberPasses,
  ReadingChoice,
  readingOf,
  textsOf,
  withoutStrays,
} from "./choose";
import { type Box, PhotoShapes, sexShown } from "./glyph-match";

const fontSize = 48;
/** OCR-B's advance: 44 characters span 31.57 em. */
const advance = (31.57 * fontSize) / 44;
const left = 40;
const baselines = [70, 150];

/** The zone's two lines drawn in OCR-B, blurred by `blur` (a Gaussian's sigma in pixels), as grays. */
async function drawnZone(lines: readonly string[], blur: number) {
  const width = Math.ceil(left * 2 + advance * 44);
  const height = 190;
  const texts = lines
    .map((line, row) =>
      [...line]
        .map(
          (char, index) =>
            `<text x="${(left + index * advance).toFixed(2)}" y="${baselines[row]}">${char === "<" ? "&lt;" : char}</text>`,
        )
        .join(""),
    )
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fff"/><g font-family="OCR B" font-size="${fontSize}" fill="#000">${texts}</g></svg>`;
  let image = sharp(Buffer.from(svg)).flatten({ background: "#ffffff" });
  if (blur > 0) image = image.blur(blur);
  const { data, info } = await image.grayscale().raw().toBuffer({ resolveWithObject: true });
  return { gray: new Uint8Array(data), width: info.width };
}

/** A character's cell, as the engine's loose box around it. */
function cell(row: number, index: number): Box {
  const x0 = Math.round(left + index * advance);
  const baseline = baselines[row] ?? 0;
  return { x0, y0: baseline - Math.round(fontSize * 0.75), x1: Math.round(x0 + advance * 0.95), y1: baseline + 2 };
}

/** The engine's lines: `read` (what it read, its mistakes in it) in the cells of the drawn zone. */
function engineRead(read: readonly string[]): EngineLine[] {
  return read.map((line, row) => [...line].map((text, index) => ({ text, bbox: cell(row, index) })));
}

const traveller = (id: string) => {
  const found = travellers.find((one) => one.id === id);
  if (!found) throw new Error(id);
  return found;
};

/** Every 0 of line 2 read as O, as the engine and the font's shapes read a blurred OCR-B 0. */
const zerosAsO = (lines: readonly string[]) => [lines[0] ?? "", (lines[1] ?? "").replace(/0/g, "O")];

describe("ReadingChoice", () => {
  it("tells a blurred 0 from an O by the photo's own 0s (its dates'), and settles on the right lines", async () => {
    for (const id of ["mueller", "tan", "reyes"]) {
      const lines = td3Lines(traveller(id));
      const image = await drawnZone(lines, 2);
      const choice = new ReadingChoice(new Date("2026-11-29"));
      const engine = engineRead(zerosAsO(lines));
      // Two preparations read the same (a number with look-alikes settles only when two agree).
      choice.add(engine, image);
      choice.add(engine, image);
      expect(choice.text(), id).toBe(`${lines.join("\n")}\n`);
    }
  });

  it("never settles on a blurred number whose 0s and Os it cannot tell (no date 0 of its own), even one that passes", async () => {
    // X00000000 with dates free of any 0 and names free of any O: the photo teaches neither, and the font's shapes do
    // not tell a blurred 0 from O.
    const lines = td3Lines({
      ...traveller("al-hashimi"),
      givenNames: "Lina",
      nationality: "KEN",
      issuingState: "KEN",
      birthDate: "1999-12-31",
      expiryDate: "2033-12-31",
    });
    expect(lines[0]).not.toMatch(/[0ODQ]/);
    expect(lines[1]?.slice(13, 27)).not.toContain("0");
    // The engine's reading: O for the 0s at the number's 2nd and 4th places (weights 3 and 7: the check digit passes).
    const misread = `XO0O00000${lines[1]?.slice(9)}`;
    expect(checkDigit(misread.slice(0, 9))).toBe(lines[1]?.[9]);
    const image = await drawnZone(lines, 2);
    const choice = new ReadingChoice(new Date("2026-11-29"));
    const engine = engineRead([lines[0] ?? "", misread]);
    expect(choice.add(engine, image)).toBe(false);
    expect(choice.add(engine, image)).toBe(false);
    expect(choice.text()).not.toContain(misread);
  });

  it("reads the sex by its shape: a blurred F the engine read as 5 is an F, an M read as H an M", async () => {
    for (const [id, sex] of [
      ["sharma", "F"],
      ["singh", "M"],
    ] as const) {
      const lines = td3Lines(traveller(id));
      expect(lines[1]?.[20]).toBe(sex);
      const image = await drawnZone(lines, 2);
      expect(sexShown(image.gray, image.width, cell(1, 20))).toBe(sex);
      const misread = [lines[0] ?? "", (lines[1] ?? "").slice(0, 20) + (sex === "F" ? "5" : "H") + lines[1]?.slice(21)];
      const { texts } = textsOf(engineRead(misread), image);
      expect(texts[0]?.split("\n")[1]?.[20]).toBe(sex);
    }
  });
});

describe("PhotoShapes", () => {
  it("says a blurred 0 is a 0 and an O is not, against the photo's own 0s", async () => {
    const lines = td3Lines(traveller("reyes"));
    const image = await drawnZone(lines, 2);
    const photo = new PhotoShapes(image.gray, image.width);
    // The birth date's digits (010101): its 0s and 1s.
    for (let index = 13; index <= 18; index++) photo.learn(lines[1]?.[index] ?? "", cell(1, index));
    expect(photo.judge(cell(1, 1), ["0", "O"])).toEqual(
      new Map([
        ["0", "is"],
        ["O", "maybe"],
      ]),
    );
    expect(photo.judge(cell(1, 2), ["0", "O"]).get("0")).toBe("isnt");
  });

  it("cannot tell without the photo's own shape of a character", async () => {
    const lines = td3Lines(traveller("reyes"));
    const image = await drawnZone(lines, 2);
    expect(new PhotoShapes(image.gray, image.width).judge(cell(1, 1), ["0", "O"])).toEqual(
      new Map([
        ["0", "maybe"],
        ["O", "maybe"],
      ]),
    );
  });
});

describe("readingOf", () => {
  it("is sure of a passing reading only when no other choice at its number's places in doubt passes too", () => {
    const lines = td3Lines(traveller("al-hashimi"));
    // O for the 0s at the number's 2nd and 4th places (weights 3 and 7): the check digit passes all the same.
    const misread = `${lines[0]}\nXO0O00000${lines[1]?.slice(9)}`;
    const today = new Date("2026-11-29");
    const unsure = readingOf(
      [misread],
      new Map([
        [1, ["0"]],
        [3, ["0"]],
      ]),
      today,
    );
    expect(unsure.valid).toBe(true);
    expect(unsure.sure).toBe(false);
    // Only one place in doubt: its other choice fails the check digit, so the reading is sure.
    expect(readingOf([misread], new Map([[1, ["0"]]]), today).sure).toBe(true);
    expect(readingOf([misread], new Map(), today).sure).toBe(true);
  });

  it("chooses the one text whose line 2 passes when the shapes' text fails, and is sure of it only when its places allow no other", () => {
    const lines = td3Lines(traveller("al-hashimi"));
    const today = new Date("2026-11-29");
    const failing = `${lines[0]}\nXO0000000${lines[1]?.slice(9)}`;
    const right = `${lines[0]}\n${lines[1]}`;
    const reading = readingOf([failing, right], new Map([[1, ["0"]]]), today);
    expect(reading.lines?.[1]).toBe(lines[1]);
    expect(reading.sure).toBe(true);
  });
});

describe("otherNumberPasses", () => {
  it("is true where a character in doubt could be another the check digit cannot tell from it (8 and S)", () => {
    // D8GSHPX84, check digit 2: S for 8 changes the sum by 20 × 3, a multiple of 10.
    expect(checkDigit("D8GSHPX84")).toBe("2");
    expect(checkDigit("DSGSHPX84")).toBe("2");
    expect(otherNumberPasses("DSGSHPX842", new Map([[1, ["8"]]]))).toBe(true);
  });

  it("is false where every other choice fails the check digit, and true when there are too many to try", () => {
    expect(otherNumberPasses("D8GSHPX842", new Map([[1, ["B"]]]))).toBe(false);
    expect(otherNumberPasses("D8GSHPX842", new Map())).toBe(false);
    const many = new Map(Array.from({ length: 9 }, (_, index) => [index, ["0", "O", "D"]] as [number, string[]]));
    expect(otherNumberPasses("D8GSHPX842", many)).toBe(true);
  });
});

describe("withoutStrays", () => {
  it("drops a tall thin mark at a line's start (a rotated page's edge read as 1) and keeps a cut character's piece inside", () => {
    const symbol = (text: string, x0: number, width: number, height: number) => ({
      text,
      bbox: { x0, y0: 100 - height, x1: x0 + width, y1: 100 },
    });
    const line = [
      symbol("1", 0, 4, 80),
      ...Array.from({ length: 10 }, (_, i) => symbol("A", 40 + i * 30, 20, 32)),
      symbol("I", 340, 4, 32),
      symbol("V", 346, 12, 32),
    ];
    const kept = withoutStrays([...line, symbol("<", 370, 20, 30)]);
    expect(kept.map((one) => one.text).join("")).toBe("AAAAAAAAAAIV<");
  });
});

describe("checkDigit", () => {
  it("computes ICAO 9303's check digit (the specimen's number and dates)", () => {
    expect(checkDigit("L898902C3")).toBe("6");
    expect(checkDigit("740812")).toBe("2");
    expect(checkDigit("120415")).toBe("9");
  });
});
