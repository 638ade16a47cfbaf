/**
 * A traveller's paper, made ready to upload in the browser (issue 56): a phone photo made small before it goes, so
 * that a 6 MB photo crosses a cafe's 3G as a few hundred kilobytes.
 *
 * - Images the browser decodes (JPEG, PNG, WebP, GIF, BMP, AVIF; HEIC/HEIF where it can, which is Safari) are
 *   turned upright (their EXIF orientation applied), made at most `longestSide` px on their longest side (never
 *   larger) and encoded as JPEG. A JPEG, PNG or WebP already small (at most `smallBytes` and `longestSide` px) goes
 *   as it came, and so does one within `longestSide` whose JPEG would be no smaller. (Such a file keeps its EXIF
 *   orientation and metadata: the server's re-encoding turns it upright and drops them.)
 * - Always JPEG, never WebP (the type allows it, the module never makes it), because: Safari's canvas cannot encode
 *   WebP (it hands back a PNG), so the result would depend on the phone; measured in Chromium at 4x CPU throttling,
 *   WebP took 2.7 times JPEG's time to encode a grainy 2000 x 1500 photo (1.56 s against 0.57 s) and came out larger
 *   (491 KB against 426 KB), so a trial encode of both to keep the smaller would cost a slow phone more than it
 *   saves; and the server decodes and encodes every image again anyway (sharp).
 * - A PDF goes unchanged. A HEIC photo the browser cannot decode (every browser but Safari) is refused here with a
 *   message saying what to do: the server would refuse it too, after the upload.
 * - Anything else, and an image the browser cannot decode, goes unchanged: the server reads its real type and
 *   gives its own clear refusal.
 *
 * The decoding is createImageBitmap's (off the page's thread in Chromium), the scaling one drawImage onto an
 * OffscreenCanvas, the encoding its convertToBlob (asynchronous); a browser without them uses an <img> and a
 * <canvas>. The page's thread is held for a few hundred milliseconds at most, at a slow phone's speed
 * (e2e/case-shrink.spec.ts measures it).
 */

export type Shrunk = {
  blob: Blob;
  name: string;
  /** What the bytes are, read from the bytes; "application/octet-stream" for what is none of these (sent as it came). */
  type: "image/jpeg" | "image/webp" | "application/pdf" | "image/png" | "application/octet-stream";
  width: number | null;
  height: number | null;
  /** True when the bytes were made anew (smaller, upright), false when they are the picked file's own. */
  shrunk: boolean;
};
export type ShrinkRefusal = { refused: true; message: string };

export const defaultLongestSide = 2000;
export const defaultQuality = 0.82;
/** An image at most this size (and at most the longest side) is sent as it is. */
export const smallBytes = 600 * 1024;

export const heicMessage =
  "This photo is in Apple's HEIC format, which this browser cannot open. On the iPhone, choose Settings > Camera > " +
  "Formats > Most Compatible and take the photo again, or take a screenshot of it, or send it as a JPEG.";

/** "5.8 MB", "412 KB", "900 bytes": a size for the progress text (1 KB = 1024 bytes). */
export function describeSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "0 bytes";
  if (bytes < 1024) return `${Math.round(bytes)} ${Math.round(bytes) === 1 ? "byte" : "bytes"}`;
  const kb = bytes / 1024;
  // 1023.6 KB would round to "1024 KB": shown as megabytes from there.
  if (Math.round(kb) < 1024) return `${Math.round(kb)} KB`;
  const mb = kb / 1024;
  return `${mb < 9.95 ? mb.toFixed(1) : Math.round(mb)} MB`;
}

type Kind = "jpeg" | "png" | "webp" | "gif" | "bmp" | "avif" | "heic" | "pdf" | "other";

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** What a file is, from its first bytes (a picked file's name and type are only what its name says). */
export function kindOf(head: Uint8Array): Kind {
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpeg";
  if (ascii(head, 0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 12) === "WEBP") return "webp";
  if (ascii(head, 0, 4) === "GIF8") return "gif";
  if (ascii(head, 0, 2) === "BM") return "bmp";
  if (ascii(head, 0, 5) === "%PDF-") return "pdf";
  if (ascii(head, 4, 8) === "ftyp") {
    const brand = ascii(head, 8, 12);
    if (brand === "avif" || brand === "avis") return "avif";
    if (["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"].includes(brand)) return "heic";
  }
  return "other";
}

const typeOf: Partial<Record<Kind, Shrunk["type"]>> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  pdf: "application/pdf",
};

/** The picked name's stem with a new extension ("IMG_1234.HEIC" -> "IMG_1234.jpg"); a name-less file is "photo". */
export function renamed(name: string, extension: string): string {
  const base = name.split(/[/\\]/).pop() ?? "";
  const stem = base.replace(/\.[^.]*$/, "").trim();
  return `${stem || "photo"}.${extension}`;
}

/** The size that fits `longestSide` on the longest side, never larger than the image. */
export function fitted(width: number, height: number, longestSide: number): { width: number; height: number } {
  const scale = Math.min(1, longestSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

interface Decoded {
  width: number;
  height: number;
  /** Drawn at the given size onto a canvas's context. */
  draw(context: CanvasDrawingContext, width: number, height: number): void;
  close(): void;
}

type CanvasDrawingContext = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;

/** Decoded upright by createImageBitmap, or by an <img> (which browsers turn upright by default). */
async function decode(file: Blob): Promise<Decoded | null> {
  if (typeof createImageBitmap === "function") {
    try {
      const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
      return {
        width: bitmap.width,
        height: bitmap.height,
        draw(context, width, height) {
          // Scaled by drawImage: createImageBitmap's own resizing (resizeWidth) held the page's thread longer in
          // Chromium (measured at 4x CPU throttling: about 220-330 ms against 30-120 ms).
          context.imageSmoothingQuality = "high";
          context.drawImage(bitmap, 0, 0, width, height);
        },
        close: () => bitmap.close(),
      };
    } catch {
      // Not decodable this way: the <img> below may still open it (older Safari with HEIC).
    }
  }
  if (typeof document === "undefined" || typeof Image === "undefined") return null;
  const url = URL.createObjectURL(file);
  const image = new Image();
  try {
    image.src = url;
    await image.decode();
  } catch {
    URL.revokeObjectURL(url);
    return null;
  }
  return {
    width: image.naturalWidth,
    height: image.naturalHeight,
    draw(context, width, height) {
      context.imageSmoothingQuality = "high";
      context.drawImage(image, 0, 0, width, height);
    },
    close: () => URL.revokeObjectURL(url),
  };
}

/** A canvas of this size, an OffscreenCanvas where there is one. */
function canvasOf(
  width: number,
  height: number,
): {
  context: CanvasDrawingContext | null;
  encode(type: string, quality: number): Promise<Blob | null>;
} {
  if (typeof OffscreenCanvas === "function") {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext("2d");
    if (context && typeof canvas.convertToBlob === "function") {
      return { context, encode: (type, quality) => canvas.convertToBlob({ type, quality }).catch(() => null) };
    }
  }
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  return {
    context: canvas.getContext("2d"),
    encode: (type, quality) => new Promise((resolve) => canvas.toBlob(resolve, type, quality)),
  };
}

/** A picked file -> what to upload (see the top of this file). */
export async function shrinkForUpload(
  file: File,
  options: { longestSide?: number; quality?: number } = {},
): Promise<Shrunk | ShrinkRefusal> {
  const longestSide = options.longestSide ?? defaultLongestSide;
  const quality = options.quality ?? defaultQuality;
  const kind = kindOf(new Uint8Array(await file.slice(0, 16).arrayBuffer()));
  const asItCame = (width: number | null = null, height: number | null = null): Shrunk => ({
    blob: file,
    name: file.name,
    type: typeOf[kind] ?? "application/octet-stream",
    width,
    height,
    shrunk: false,
  });
  if (kind === "pdf" || kind === "other") return asItCame();

  const decoded = await decode(file);
  if (!decoded) return kind === "heic" ? { refused: true, message: heicMessage } : asItCame();
  try {
    const { width, height } = decoded;
    const sendable = kind === "jpeg" || kind === "png" || kind === "webp";
    if (sendable && file.size <= smallBytes && Math.max(width, height) <= longestSide) {
      return asItCame(width, height);
    }
    const size = fitted(width, height, longestSide);
    const canvas = canvasOf(size.width, size.height);
    if (!canvas.context) return kind === "heic" ? { refused: true, message: heicMessage } : asItCame(width, height);
    // A JPEG has no transparency: a screenshot's or scan's transparent parts become white, not black.
    canvas.context.fillStyle = "#fff";
    canvas.context.fillRect(0, 0, size.width, size.height);
    decoded.draw(canvas.context, size.width, size.height);
    const blob = await canvas.encode("image/jpeg", quality);
    if (!blob || blob.type !== "image/jpeg") {
      return kind === "heic" ? { refused: true, message: heicMessage } : asItCame(width, height);
    }
    // Made no smaller, and the original was already fit to send (not too large, upright enough for the server):
    // the original's bytes are the better copy.
    if (sendable && blob.size >= file.size && Math.max(width, height) <= longestSide) return asItCame(width, height);
    return { blob, name: renamed(file.name, "jpg"), type: "image/jpeg", ...size, shrunk: true };
  } finally {
    decoded.close();
  }
}
