import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { parseDocument } from "yaml";
import { photoWidths } from "../app/content/images";
import { ContentError, contentDir, readContentAndPhotos } from "../app/content/load";
import { photoLimits, preparePhotos } from "./photos";

// Each test copies the content folder, names a photo in one record and makes the photos as the build would.

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function folder(prefix: string): string {
  const path = mkdtempSync(join(tmpdir(), prefix));
  folders.push(path);
  return path;
}

/** A copy of the content folder whose first Visa Change page and first home card name `photo`. */
function contentNaming(photo: string): string {
  const content = folder("karama-photos-content-");
  cpSync(contentDir, content, { recursive: true });
  const edit = (file: string, path: (string | number)[]) => {
    const doc = parseDocument(readFileSync(join(content, file), "utf8"));
    doc.setIn(path, photo);
    writeFileSync(join(content, file), doc.toString({ lineWidth: 0 }));
  };
  edit("visa-changes.yaml", ["pages", 0, "image"]);
  edit("home.yaml", ["cards", 0, "image"]);
  return content;
}

async function make(content: string, cacheDir = folder("karama-photos-cache-")) {
  const { photos } = readContentAndPhotos(content);
  return preparePhotos(photos, { contentDir: content, urlBase: "/assets/", cacheDir });
}

/** The message the build stops with. */
async function failure(content: string): Promise<string[]> {
  const error: unknown = await make(content).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ContentError);
  return [...(error as ContentError).problems];
}

/** Both records that name the photo, each with its file, record, field and line. */
const bothRecords = [
  expect.stringMatching(/^home\.yaml, cards\[1\]\.image: .*\(line \d+\)$/),
  expect.stringMatching(/^visa-changes\.yaml, record 1, image: .*\(line \d+\)$/),
];

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } });

describe("the agency's photos at build time", () => {
  it("names the content file, record and field of a photo that is not in the folder", async () => {
    const content = contentNaming("images/office-front.jpg");
    const problems = await failure(content);
    expect(problems).toEqual(bothRecords);
    expect(problems[0]).toContain("the photo images/office-front.jpg is not in content/images");
  });

  it("points at a file whose name differs only in capitals", async () => {
    const content = contentNaming("images/office-front.jpg");
    await photo(64, 40)
      .jpeg()
      .toFile(join(content, "images", "Office-Front.JPG"));
    expect((await failure(content))[0]).toContain("(there is Office-Front.JPG: the name must match exactly");
  });

  it(`stops at a file over ${photoLimits.bytes / 1024 / 1024} MB, before reading it`, async () => {
    const content = contentNaming("images/scan.png");
    const file = join(content, "images", "scan.png");
    writeFileSync(file, "");
    truncateSync(file, photoLimits.bytes + 1);
    const problems = await failure(content);
    expect(problems).toEqual(bothRecords);
    expect(problems[0]).toContain("is 20.0 MB, more than the 20.0 MB a photo may have");
  });

  it(`stops at a photo over ${photoLimits.side} pixels on a side`, async () => {
    const content = contentNaming("images/panorama.png");
    await photo(photoLimits.side + 1, 16)
      .png()
      .toFile(join(content, "images", "panorama.png"));
    expect((await failure(content))[0]).toContain(
      `the photo images/panorama.png is 8001 × 16 pixels, more than the ${photoLimits.side} a side may have`,
    );
  });

  it("stops at a file that is not an image", async () => {
    const content = contentNaming("images/office.jpg");
    writeFileSync(join(content, "images", "office.jpg"), "<html>not a photo</html>");
    const problems = await failure(content);
    expect(problems).toEqual(bothRecords);
    expect(problems[0]).toMatch(/the photo images\/office\.jpg cannot be read as an image \(.+\): save it again/);
  });

  it("stops at a photo cut short (an upload that did not finish)", async () => {
    const content = contentNaming("images/office.jpg");
    const whole = await photo(640, 400).jpeg().toBuffer();
    writeFileSync(join(content, "images", "office.jpg"), whole.subarray(0, whole.length / 2));
    expect((await failure(content))[0]).toMatch(/the photo images\/office\.jpg cannot be read as an image/);
  });

  it("rejects in the content file an image that is neither a drawing nor a photo of the folder", () => {
    for (const image of ["images/office.heic", "photos/office.jpg", "images/a/office.jpg"]) {
      const content = contentNaming(image);
      expect(() => readContentAndPhotos(content)).toThrow(
        /visa-changes\.yaml, record 1, image: expected the name of a drawing \(dubai-skyline, .*\) or a photo of content\/images such as images\/office-front\.jpg \(\.jpg, \.jpeg, \.png, \.webp, \.avif\), found ".*" \(line \d+\)/,
      );
    }
  });

  it("makes AVIF and WebP copies of every width, cut to 8:5 and turned upright, once per photo", async () => {
    const content = contentNaming("images/IMG_2041.JPG");
    // A portrait phone photo stored sideways, as cameras do, with the EXIF orientation that turns it upright.
    await photo(4000, 3000)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toFile(join(content, "images", "IMG_2041.JPG"));
    const cache = folder("karama-photos-cache-");
    const { table, files } = await make(content, cache);
    // Upright it is 3000 x 4000: the widest 8:5 cut is 3000 x 1875, wider than the largest copy.
    const copies = table["images/IMG_2041.JPG"];
    expect(copies?.widths).toEqual([...photoWidths]);
    expect(copies?.base).toMatch(/^\/assets\/photo-[0-9a-f]{10}$/);
    expect(files.map((file) => file.url).sort()).toEqual(
      photoWidths.flatMap((width) => ["avif", "webp"].map((format) => `${copies?.base}-${width}.${format}`)).sort(),
    );
    for (const file of files) {
      const metadata = await sharp(file.source).metadata();
      const width = Number(/-(\d+)\.\w+$/.exec(file.url)?.[1]);
      expect([metadata.width, metadata.height]).toEqual([width, (width * 5) / 8]);
      expect(metadata.format).toBe(file.url.endsWith(".avif") ? "heif" : "webp");
    }
    // The next build takes them from the cache.
    expect(readdirSync(cache)).toHaveLength(files.length);
    for (const name of readdirSync(cache)) writeFileSync(join(cache, name), "cached");
    const again = await make(content, cache);
    expect(again.table).toEqual(table);
    expect(again.files.every((file) => Buffer.from(file.source).toString() === "cached")).toBe(true);
  });

  it("never enlarges a small photo: its widest 8:5 cut is the largest copy", async () => {
    const content = contentNaming("images/small.png");
    mkdirSync(join(content, "images"), { recursive: true });
    await photo(700, 700)
      .png()
      .toFile(join(content, "images", "small.png"));
    const { table } = await make(content);
    expect(table["images/small.png"]?.widths).toEqual([320, 480, 640, 696]);
  });
});
