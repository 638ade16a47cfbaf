import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "mrz";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { readMrz } from "../../server/papers/passport/rules.ts";
import { drawDataPage, mrzWidth, pageSize, photograph } from "./draw.ts";
import { makeSet, type TruthEntry } from "./make.ts";
import { checkDigit, td3Lines, truthFields } from "./mrz-writer.ts";
import { randomTravellers, travellerExpiringIn, travellers } from "./travellers.ts";

// The passport test set's recipe (issue 57): the travellers, their lines, a few photos. The whole set is made by
// `npm run passport:set`; this keeps to a few photos so that it takes seconds.

const specimen = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"];
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe("the travellers and their lines", () => {
  it("has at least 30 travellers with names of their own, the ICAO specimen first", () => {
    expect(travellers.length).toBeGreaterThanOrEqual(30);
    expect(new Set(travellers.map((t) => t.id)).size).toBe(travellers.length);
    for (const t of travellers) expect(t.id).toMatch(/^[a-z0-9-]+$/);
    expect(td3Lines(travellers[0] ?? travellers[1] ?? travellerExpiringIn(0, new Date()))).toEqual(specimen);
  });

  it("computes check digits as ICAO 9303 does", () => {
    expect(checkDigit("L898902C3")).toBe("6");
    expect(checkDigit("740812")).toBe("2");
    expect(checkDigit("120415")).toBe("9");
    expect(checkDigit("ZE184226B<<<<<")).toBe("1");
  });

  it("writes every traveller's lines so that the mrz library finds every check digit right", () => {
    for (const t of travellers) {
      const lines = td3Lines(t);
      expect(lines.map((line) => line.length)).toEqual([44, 44]);
      const result = parse(lines);
      const wrong = result.details.filter(
        (d) => !d.valid && !(t.nationality === "UTO" && /state|Nationality/i.test(d.label)),
      );
      expect({ id: t.id, wrong: wrong.map((d) => d.label) }).toEqual({ id: t.id, wrong: [] });
      // And our own reader gives back what the truth says.
      const fields = readMrz(lines, new Date(2026, 4, 20)).fields;
      expect(fields).toEqual({ ...truthFields(t), issuingState: t.issuingState });
    }
  });

  it("cuts a long name at 39 characters and pads a short number with <", () => {
    const long = td3Lines(travellers.find((t) => t.id === "wolfeschlegel") ?? travellerExpiringIn(0, new Date()));
    expect(long[0]).toBe("P<USAWOLFESCHLEGELSTEINHAUSENBERGERDORFF<<HU");
    const short = td3Lines(travellers.find((t) => t.id === "mostafa") ?? travellerExpiringIn(0, new Date()));
    expect(short[1].slice(0, 10)).toBe("A7<<<<<<<1");
  });

  it("draws made-up travellers from a seed for a set the reader was never tuned on: the same seed, the same travellers, their lines right", () => {
    const drawn = randomTravellers(40, 7);
    expect(randomTravellers(40, 7)).toEqual(drawn);
    expect(randomTravellers(40, 8)).not.toEqual(drawn);
    expect(new Set(drawn.map((t) => t.id)).size).toBe(40);
    for (const t of drawn) {
      const lines = td3Lines(t);
      expect(lines.map((line) => line.length)).toEqual([44, 44]);
      expect(parse(lines).valid, t.id).toBe(true);
      expect(readMrz(lines, new Date(2026, 10, 29)).fields).toEqual({
        ...truthFields(t),
        issuingState: t.issuingState,
      });
    }
    // Numbers full of the look-alikes the reader must tell apart.
    expect(
      drawn.filter((t) => /[0O]/.test(t.documentNumber) && /[1I5S8B2Z6G]/.test(t.documentNumber)).length,
    ).toBeGreaterThan(10);
  });

  it("makes a traveller whose passport has the months left that are asked for", () => {
    const today = new Date(2026, 4, 20);
    expect(travellerExpiringIn(5, today).expiryDate).toBe("2026-10-20");
    expect(travellerExpiringIn(6, new Date(2026, 7, 31)).expiryDate).toBe("2027-02-28");
  });
});

describe("the photos", () => {
  it("draws a data page and photographs it six ways, the same seed giving the same bytes", async () => {
    const page = await drawDataPage(travellers[0] ?? travellerExpiringIn(0, new Date()));
    expect(await sharp(page).metadata()).toMatchObject(pageSize);
    const sizes: Record<string, { width?: number; height?: number; format?: string }> = {};
    for (const kind of ["clean", "rotated", "blurred", "jpeg60", "uneven-light", "small-zone"] as const) {
      const photo = await photograph(page, kind, 3);
      const { width, height, format } = await sharp(photo).metadata();
      sizes[kind] = { width, height, format };
      expect(await photograph(page, kind, 3)).toEqual(photo);
    }
    expect(sizes.clean).toEqual({ ...pageSize, format: "jpeg" });
    expect(sizes.jpeg60).toEqual({ ...pageSize, format: "jpeg" });
    expect(sizes.rotated?.width).toBeGreaterThan(pageSize.width);
    // The zone at 60 % of the image's width.
    expect(sizes["small-zone"]?.width).toBe(Math.round(mrzWidth / 0.6));
    // Another seed turns the page another way.
    expect(await photograph(page, "rotated", 4)).not.toEqual(await photograph(page, "rotated", 3));
  });

  it("writes the photos and truth.json as the benchmark reads them", async () => {
    const folder = mkdtempSync(join(tmpdir(), "passport-set-"));
    folders.push(folder);
    const chosen = travellers.filter((t) => ["icao-specimen", "mueller"].includes(t.id));
    const truth = await makeSet(folder, {
      travellers: chosen,
      kinds: ["clean", "small-zone"],
      today: new Date(2026, 4, 20),
    });
    const written: TruthEntry[] = JSON.parse(readFileSync(join(folder, "truth.json"), "utf8"));
    expect(written).toEqual(truth);
    expect(readdirSync(folder).sort()).toEqual([
      "icao-specimen-clean.jpg",
      "icao-specimen-small-zone.jpg",
      "mueller-clean.jpg",
      "mueller-small-zone.jpg",
      "truth.json",
    ]);
    expect(written[0]).toEqual({
      file: "icao-specimen-clean.jpg",
      traveller: "icao-specimen",
      kind: "clean",
      lines: specimen,
      fields: {
        surname: "ERIKSSON",
        givenNames: "ANNA MARIA",
        documentNumber: "L898902C3",
        nationality: "UTO",
        birthDate: "1974-08-12",
        expiryDate: "2012-04-15",
        sex: "F",
      },
    });
    for (const entry of written) {
      const reading = readMrz(entry.lines, new Date(2026, 4, 20));
      expect(Object.values(reading.checks).every(Boolean)).toBe(true);
      expect((await sharp(join(folder, entry.file)).metadata()).format).toBe("jpeg");
    }
    expect(written[2]?.fields.nationality).toBe("D");
    expect(written[2]?.fields.surname).toBe("MUELLER");
  });
});
