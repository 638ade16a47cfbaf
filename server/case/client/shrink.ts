/**
 * A phone photo made small before it is sent (issue 56): a 6 MB photo from a phone's camera becomes a JPEG of about
 * 2,000 px on its longest side, typically a few hundred KB, on the phone itself, so it arrives over a weak
 * connection. Decoded with the photo's own orientation (EXIF), drawn on white (a transparent screenshot stays
 * readable), encoded as JPEG off the page's thread where the browser can (OffscreenCanvas). PDFs and what is
 * already small go as they are; an iPhone's HEIC photo is turned into JPEG where the browser can read it (Safari),
 * and otherwise refused with what to do; anything the browser cannot read goes as it is, for the server to judge.
 */
export interface Shrunk {
  blob: Blob;
  name: string;
  type: string;
  width: number | null;
  height: number | null;
  /** Whether it was made smaller (false: sent as picked). */
  shrunk: boolean;
}

export interface ShrinkRefusal {
  refused: true;
  message: string;
}

export interface ShrinkOptions {
  longestSide?: number;
  quality?: number;
  /** A JPEG, PNG or WebP this small and no larger than `longestSide` goes as it is. */
  smallEnough?: number;
}

export const heicMessage =
  "This photo is in Apple's HEIC format, which this browser cannot read. On the iPhone choose Settings > Camera > " +
  "Formats > Most Compatible and take it again, or send a screenshot of it.";

const isHeic = (file: File) => /^image\/hei[cf]/i.test(file.type) || /\.hei[cf]$/i.test(file.name);

/** "412 KB", "5.8 MB": sizes as the progress line shows them. */
export function describeSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The picked name's stem with a new extension ("IMG_2041.HEIC" → "IMG_2041.jpg"). */
export function renamed(name: string, extension: string): string {
  const stem = name.replace(/\.[^./\\]*$/, "").trim();
  return `${stem === "" ? "photo" : stem}.${extension}`;
}

function unchanged(file: File, width: number | null = null, height: number | null = null): Shrunk {
  return { blob: file, name: file.name, type: file.type, width, height, shrunk: false };
}

async function encode(bitmap: ImageBitmap, width: number, height: number, quality: number): Promise<Blob> {
  if (typeof OffscreenCanvas !== "undefined") {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext("2d");
    if (context) {
      context.fillStyle = "#fff";
      context.fillRect(0, 0, width, height);
      context.drawImage(bitmap, 0, 0, width, height);
      return canvas.convertToBlob({ type: "image/jpeg", quality });
    }
  }
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("no canvas");
  context.fillStyle = "#fff";
  context.fillRect(0, 0, width, height);
  context.drawImage(bitmap, 0, 0, width, height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("no JPEG"))), "image/jpeg", quality),
  );
}

export async function shrinkForUpload(file: File, options: ShrinkOptions = {}): Promise<Shrunk | ShrinkRefusal> {
  const longestSide = options.longestSide ?? 2000;
  const quality = options.quality ?? 0.82;
  const smallEnough = options.smallEnough ?? 600 * 1024;
  const heic = isHeic(file);
  if (!heic && !/^image\/(jpeg|png|webp)$/i.test(file.type)) return unchanged(file);
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return heic ? { refused: true, message: heicMessage } : unchanged(file);
  }
  try {
    const { width, height } = bitmap;
    const scale = Math.min(1, longestSide / Math.max(width, height));
    if (!heic && scale === 1 && file.size <= smallEnough) return unchanged(file, width, height);
    const w = Math.max(1, Math.round(width * scale));
    const h = Math.max(1, Math.round(height * scale));
    const blob = await encode(bitmap, w, h, quality);
    // Re-encoding made it no smaller (a small, already compressed picture): the original goes.
    if (!heic && scale === 1 && blob.size >= file.size) return unchanged(file, width, height);
    return { blob, name: renamed(file.name, "jpg"), type: "image/jpeg", width: w, height: h, shrunk: true };
  } catch {
    return heic ? { refused: true, message: heicMessage } : unchanged(file);
  } finally {
    bitmap.close();
  }
}
