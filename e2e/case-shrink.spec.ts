import { build } from "esbuild";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import type * as ShrinkModule from "../server/case/client/shrink";
import { expect, test } from "./fixtures";

/*
 * Issue 56: "A 6 MB phone photo on a 3G connection in a cafe must arrive. Images are made smaller in the browser
 * before they go (longest side about 2,000 px, JPEG or WebP, typically under 600 KB)." The traveller's page's
 * module (server/case/client/shrink.ts), bundled by esbuild as the office's script is, run in Chromium on a blank
 * page (it needs no server), fed files made here with sharp.
 */

const entry = join(import.meta.dirname, "..", "server", "case", "client", "shrink.ts");

/** The module as one script that sets window.shrink. */
async function bundled(): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: "iife",
    globalName: "shrink",
    target: "es2022",
    write: false,
  });
  return result.outputFiles[0]?.text ?? "";
}

interface Picked {
  bytes: Buffer;
  name: string;
  type: string;
}

interface Result {
  refused?: true;
  message?: string;
  bytes?: Buffer;
  name?: string;
  type?: string;
  width?: number | null;
  height?: number | null;
  shrunk?: boolean;
  /** Milliseconds shrinkForUpload took, in the page. */
  took: number;
  /** The longest the page's thread was held while it ran (a 10 ms heartbeat's largest gap), ms. */
  longestBlock: number;
}

let script = "";

async function open(page: Page): Promise<void> {
  await page.setContent("<!doctype html><title>Your papers</title><p>Sending…</p>");
  await page.addScriptTag({ content: script });
}

/** The picked file, as the page's file input would hand it over, through shrinkForUpload. */
async function shrinkIn(page: Page, file: Picked, options?: { longestSide?: number }): Promise<Result> {
  const result = await page.evaluate(
    async ({ base64, name, type, options }) => {
      const binary = atob(base64);
      const data = new Uint8Array(binary.length);
      for (let index = 0; index < binary.length; index++) data[index] = binary.charCodeAt(index);
      const picked = new File([data], name, { type });
      let last = performance.now();
      let longestBlock = 0;
      const heartbeat = setInterval(() => {
        const now = performance.now();
        longestBlock = Math.max(longestBlock, now - last);
        last = now;
      }, 10);
      const started = performance.now();
      const { shrinkForUpload } = (window as unknown as { shrink: typeof ShrinkModule }).shrink;
      const outcome = await shrinkForUpload(picked, options);
      const took = performance.now() - started;
      clearInterval(heartbeat);
      if ("refused" in outcome) return { ...outcome, took, longestBlock };
      const out = new Uint8Array(await outcome.blob.arrayBuffer());
      let text = "";
      for (let index = 0; index < out.length; index += 0x8000) {
        text += String.fromCharCode(...out.subarray(index, index + 0x8000));
      }
      return {
        name: outcome.name,
        type: outcome.type,
        width: outcome.width,
        height: outcome.height,
        shrunk: outcome.shrunk,
        base64: btoa(text),
        took,
        longestBlock,
      };
    },
    { base64: file.bytes.toString("base64"), name: file.name, type: file.type, options },
  );
  const { base64, ...rest } = result as Result & { base64?: string };
  return { ...rest, ...(base64 === undefined ? {} : { bytes: Buffer.from(base64, "base64") }) };
}

/** A 4000 x 3000 phone photo with a sensor's grain: about 6 MB, as a phone saves it. */
async function phonePhoto(): Promise<Buffer> {
  const [width, height] = [4000, 3000];
  const scene = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="500" height="375"><defs><linearGradient id="s" x2="0" y2="1">` +
      `<stop offset="0" stop-color="#2f6fc0"/><stop offset=".65" stop-color="#f4c76a"/><stop offset="1" stop-color="#a4623a"/>` +
      `</linearGradient></defs><rect width="500" height="375" fill="url(#s)"/><circle cx="360" cy="110" r="46" fill="#fff2c0"/>` +
      `<rect x="70" y="170" width="60" height="208" fill="#3b4150"/><rect x="160" y="120" width="48" height="258" fill="#4a5060"/>` +
      `<rect x="250" y="200" width="180" height="120" rx="8" fill="#e8e2d4"/><text x="262" y="240" font-size="18">PASSPORT</text></svg>`,
  );
  const grain = await sharp({
    create: { width, height, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 40 } },
  })
    .raw()
    .toBuffer();
  return sharp(scene)
    .resize(width, height)
    .composite([{ input: grain, raw: { width, height, channels: 3 }, blend: "soft-light" }])
    .jpeg({ quality: 95 })
    .toBuffer();
}

/** A photo taken with the phone held upright: stored 3000 x 2000, red above and blue below, EXIF orientation 6. */
async function sidewaysPhoto(): Promise<Buffer> {
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200"><rect width="300" height="100" fill="#ff0000"/>` +
      `<rect y="100" width="300" height="100" fill="#0000ff"/></svg>`,
  );
  return sharp(svg).resize(3000, 2000).jpeg({ quality: 90 }).withMetadata({ orientation: 6 }).toBuffer();
}

/** A phone's screenshot (1290 x 2796), its top left transparent, with lines of "text". */
async function screenshot(): Promise<Buffer> {
  const lines = Array.from(
    { length: 40 },
    (_, index) =>
      `<rect x="60" y="${400 + index * 56}" width="${600 + ((index * 137) % 500)}" height="24" fill="#222"/>`,
  ).join("");
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1290" height="2796"><rect x="300" width="990" height="300" fill="#0a7"/>` +
      `<rect y="300" width="1290" height="2496" fill="#f4f4f4"/>${lines}</svg>`,
  );
  return sharp(svg).png().toBuffer();
}

const pixel = async (jpeg: Buffer, x: number, y: number) => {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at], data[at + 1], data[at + 2]] as [number, number, number];
};

const files: Record<string, Picked> = {};

test.beforeAll(async () => {
  test.setTimeout(60_000);
  script = await bundled();
  files.photo = { bytes: await phonePhoto(), name: "IMG_4031.JPG", type: "image/jpeg" };
  files.sideways = { bytes: await sidewaysPhoto(), name: "IMG_4032.jpeg", type: "image/jpeg" };
  files.small = {
    bytes: await sharp({ create: { width: 800, height: 600, channels: 3, background: "#c9b27c" } })
      .jpeg({ quality: 85 })
      .toBuffer(),
    name: "passport-last-page.jpg",
    type: "image/jpeg",
  };
  files.smallPng = {
    bytes: await sharp({ create: { width: 600, height: 400, channels: 4, background: "#336699" } })
      .png()
      .toBuffer(),
    name: "visa.png",
    type: "image/png",
  };
  files.screenshot = { bytes: await screenshot(), name: "Screenshot 2026-03-02 at 10.14.png", type: "image/png" };
  files.pdf = {
    bytes: Buffer.from(
      "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n" +
        "trailer<</Root 1 0 R>>\n%%EOF\n",
    ),
    name: "entry-permit.pdf",
    type: "application/pdf",
  };
  files.heic = {
    bytes: Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from("ftypheic\0\0\0\0mif1heic"),
      Buffer.alloc(4096, 7),
    ]),
    name: "IMG_4033.HEIC",
    type: "image/heic",
  };
  files.text = { bytes: Buffer.from("my passport number is in the photo\n"), name: "notes.txt", type: "text/plain" };
});

test.beforeEach(async ({ page }) => {
  await open(page);
});

test("a 6 MB phone photo goes as a JPEG at most 2000 px on its longest side, under 600 KB", async ({ page }) => {
  const photo = files.photo!;
  expect(photo.bytes.length).toBeGreaterThan(5 * 1024 * 1024);
  const result = await shrinkIn(page, photo);
  expect(result.refused).toBeUndefined();
  const out = await sharp(result.bytes).metadata();
  console.log(
    `case-shrink: 4000 x 3000 photo ${photo.bytes.length} bytes -> ${out.width} x ${out.height} ` +
      `${result.bytes?.length} bytes (${result.took.toFixed(0)} ms, page held at most ${result.longestBlock.toFixed(0)} ms)`,
  );
  expect(out.format).toBe("jpeg");
  expect([out.width, out.height]).toEqual([2000, 1500]);
  expect(result).toMatchObject({ type: "image/jpeg", width: 2000, height: 1500, shrunk: true, name: "IMG_4031.jpg" });
  expect(result.bytes!.length).toBeLessThan(600 * 1024);
});

test("a photo taken upright (EXIF orientation 6) comes out upright: portrait, the top where it was seen", async ({
  page,
}) => {
  const result = await shrinkIn(page, files.sideways!);
  const out = await sharp(result.bytes).metadata();
  expect([out.width, out.height]).toEqual([1333, 2000]);
  expect(result).toMatchObject({ width: 1333, height: 2000, shrunk: true, type: "image/jpeg" });
  // Stored with red above; turned a quarter clockwise, as the phone's viewer shows it: red on the right.
  const [right, left] = [await pixel(result.bytes!, 1200, 1000), await pixel(result.bytes!, 100, 1000)];
  expect(right[0]).toBeGreaterThan(200);
  expect(right[2]).toBeLessThan(60);
  expect(left[2]).toBeGreaterThan(200);
  expect(left[0]).toBeLessThan(60);
});

test("a small photo, a small PNG and a PDF go as they came, the same bytes", async ({ page }) => {
  for (const [file, type, size] of [
    [files.small!, "image/jpeg", [800, 600]],
    [files.smallPng!, "image/png", [600, 400]],
    [files.pdf!, "application/pdf", [null, null]],
  ] as const) {
    const result = await shrinkIn(page, file);
    expect(result).toMatchObject({ shrunk: false, type, name: file.name, width: size[0], height: size[1] });
    expect(result.bytes!.equals(file.bytes)).toBe(true);
  }
});

test("a tall PNG screenshot goes as a JPEG 2000 px tall, its transparent part white", async ({ page }) => {
  const result = await shrinkIn(page, files.screenshot!);
  const out = await sharp(result.bytes).metadata();
  console.log(
    `case-shrink: 1290 x 2796 PNG screenshot ${files.screenshot!.bytes.length} bytes -> ${out.width} x ${out.height} ` +
      `JPEG ${result.bytes?.length} bytes`,
  );
  expect(out.format).toBe("jpeg");
  expect([out.width, out.height]).toEqual([923, 2000]);
  expect(result).toMatchObject({ name: "Screenshot 2026-03-02 at 10.14.jpg", type: "image/jpeg", shrunk: true });
  const corner = await pixel(result.bytes!, 20, 20);
  expect(Math.min(...corner)).toBeGreaterThan(240);
});

test("an iPhone's HEIC photo, which Chromium cannot open, is refused with what to do instead", async ({ page }) => {
  const result = await shrinkIn(page, files.heic!);
  expect(result.refused).toBe(true);
  expect(result.message).toContain("This photo is in Apple's HEIC format");
  expect(result.message).toContain("Settings > Camera > Formats > Most Compatible");
  expect(result.message).toContain("screenshot");
  expect(result.message).toContain("JPEG");
});

test("a text file goes as it came, for the server to refuse in its own words", async ({ page }) => {
  const result = await shrinkIn(page, files.text!);
  expect(result).toMatchObject({ shrunk: false, name: "notes.txt", type: "application/octet-stream" });
  expect(result.bytes!.equals(files.text!.bytes)).toBe(true);
});

test("on a phone four times slower, the 6 MB photo is made small in a stated time", async ({ page }) => {
  test.setTimeout(90_000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  const result = await shrinkIn(page, files.photo!);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  console.log(
    `case-shrink: at 4x CPU throttling, ${files.photo!.bytes.length} bytes -> ${result.bytes?.length} bytes ` +
      `in ${result.took.toFixed(0)} ms; the page's thread held at most ${result.longestBlock.toFixed(0)} ms at once`,
  );
  expect(result.shrunk).toBe(true);
  expect(result.took).toBeLessThan(20_000);
});
