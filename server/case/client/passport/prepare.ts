/**
 * The photo made ready for the OCR engine: decoded (the camera's EXIF orientation honoured), the machine-readable
 * zone found on a small copy (zone.ts), then cut out of the full photo with a margin, turned level, scaled so that
 * its characters are about 34 px high, and its light evened out. Runs where OffscreenCanvas is (a Web Worker:
 * prep-worker.ts; the page itself when the browser has no such worker). Returns a PNG of the zone.
 */
import { binarise, evenOut, findZone, grayOf, sharpen } from "./zone";

export interface Prepared {
  /**
   * The zone's preparations, read one after the other until a reading settles (reader.ts, choose.ts): its light
   * evened out, in grays; then made black and white (Otsu); sharpened then made black and white; at another scale,
   * sharpened then made black and white, and only made black and white. Each as a PNG for the engine and as grays
   * (for telling look-alike characters apart: glyph-match.ts), with the grays before black and white beside them.
   */
  images: PreparedImage[];
  /** The zone's box in the photo's pixels (upright), or null when it was not found (the bottom third was read). */
  zone: { x: number; y: number; w: number; h: number } | null;
}

export interface PreparedImage {
  png: Blob;
  gray: Uint8Array;
  width: number;
  /** The grays before they were made black and white, when they were (the photo's own shapes: choose.ts). */
  shades?: Uint8Array;
}

/** The small copy's width, in which the zone is looked for. */
const smallWidth = 560;
/** The characters' height wanted in the crop. */
const charHeight = 34;
/** The characters' height of the last preparation tried. */
const otherCharHeight = 40;

function context(canvas: OffscreenCanvas): OffscreenCanvasRenderingContext2D {
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (!context) throw new Error("no 2d canvas");
  return context;
}

export async function preparePhoto(image: Blob): Promise<Prepared> {
  const bitmap = await createImageBitmap(image, { imageOrientation: "from-image" });
  try {
    const scale = Math.min(1, smallWidth / bitmap.width);
    const sw = Math.max(1, Math.round(bitmap.width * scale));
    const sh = Math.max(1, Math.round(bitmap.height * scale));
    const small = new OffscreenCanvas(sw, sh);
    const smallContext = context(small);
    smallContext.imageSmoothingQuality = "high";
    smallContext.drawImage(bitmap, 0, 0, sw, sh);
    const zone = findZone(grayOf(smallContext.getImageData(0, 0, sw, sh).data, sw, sh), sw, sh);

    // In the photo's pixels: the zone with a margin of a line's height above and below, and two characters' width
    // at each end (a character cut in half is a character lost).
    const k = 1 / scale;
    const margin = zone.lineHeight * 1.1;
    const x0 = (zone.x - margin * 1.5) * k;
    const y0 = (zone.y - margin) * k;
    const w = (zone.w + margin * 3) * k;
    const h = (zone.h + margin * 2) * k;
    // Scaled so that a character is about charHeight pixels high, and never wider than the engine likes.
    const cos = Math.cos(zone.angle);
    const sin = Math.sin(zone.angle);
    /** The zone turned level, cut and scaled so that a character is `height` px high, its light evened out. */
    const render = (height: number) => {
      // Never wider than the engine likes.
      const factor = Math.min(height / (zone.lineHeight * k), 2_400 / w, 4);
      const ow = Math.max(1, Math.round(w * factor));
      const oh = Math.max(1, Math.round(h * factor));
      const out = new OffscreenCanvas(ow, oh);
      const outContext = context(out);
      outContext.fillStyle = "#fff";
      outContext.fillRect(0, 0, ow, oh);
      outContext.imageSmoothingQuality = "high";
      // The photo's point (x, y) goes to factor · (x·cos + y·sin − x0, −x·sin + y·cos − y0): turned level, then cut.
      outContext.setTransform(factor * cos, -factor * sin, factor * sin, factor * cos, -factor * x0, -factor * y0);
      outContext.drawImage(bitmap, 0, 0);
      outContext.setTransform(1, 0, 0, 1, 0, 0);
      const pixels = outContext.getImageData(0, 0, ow, oh);
      const gray = evenOut(grayOf(pixels.data, ow, oh), ow, oh, Math.round(height * 1.5));
      /** The grays as a PNG; `shades`: the grays they were made from, when they are black and white. */
      const png = (values: Uint8Array, shades?: Uint8Array) => {
        for (let i = 0, p = 0; i < values.length; i++, p += 4) {
          const value = values[i] ?? 0;
          pixels.data[p] = value;
          pixels.data[p + 1] = value;
          pixels.data[p + 2] = value;
          pixels.data[p + 3] = 255;
        }
        outContext.putImageData(pixels, 0, 0);
        return out
          .convertToBlob({ type: "image/png" })
          .then((blob): PreparedImage => ({ png: blob, gray: values, width: ow, ...(shades ? { shades } : {}) }));
      };
      return { gray, ow, oh, png };
    };
    const main = render(charHeight);
    const images = [
      await main.png(main.gray),
      await main.png(binarise(main.gray), main.gray),
      await main.png(binarise(sharpen(main.gray, main.ow, main.oh, Math.round(charHeight / 8), 1)), main.gray),
    ];
    // At another scale: sharpened first (where a blurred photo's 4 and B are read right, as at the first scale), then
    // only made black and white.
    const large = render(otherCharHeight);
    images.push(
      await large.png(
        binarise(sharpen(large.gray, large.ow, large.oh, Math.round(otherCharHeight / 8), 1)),
        large.gray,
      ),
    );
    images.push(await large.png(binarise(large.gray), large.gray));
    // The zone's upright bounding box in the photo, for the page to show where it read.
    const corners = [
      [x0, y0],
      [x0 + w, y0],
      [x0, y0 + h],
      [x0 + w, y0 + h],
    ].map(([u = 0, v = 0]) => [u * cos - v * sin, u * sin + v * cos] as const);
    const xs = corners.map(([x]) => x);
    const ys = corners.map(([, y]) => y);
    const left = Math.max(0, Math.min(...xs));
    const top = Math.max(0, Math.min(...ys));
    const box = {
      x: Math.round(left),
      y: Math.round(top),
      w: Math.round(Math.min(bitmap.width, Math.max(...xs)) - left),
      h: Math.round(Math.min(bitmap.height, Math.max(...ys)) - top),
    };
    return { images, zone: zone.found ? box : null };
  } finally {
    bitmap.close();
  }
}
