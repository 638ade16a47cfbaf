// Imports of this folder carry .ts here: vite.config.ts loads this module (scripts/vite-content.ts).
import { illustrationNames, type IllustrationName } from "./illustrations.ts";

/**
 * What a record's `image` field may name: one of the site's drawings (./illustrations.ts), or a photo of the
 * agency's own in content/images, written `images/<file name>` (content/images/README.md). At build time
 * scripts/photos.ts turns each photo named into AVIF and WebP copies at several widths; the pages show them
 * through app/components/Illustration.tsx.
 */
export type PhotoName = `images/${string}`;
export type ImageName = IllustrationName | PhotoName;

/** The file types a photo may have (any case): what phones, WhatsApp and image editors save. */
export const photoExtensions = ["jpg", "jpeg", "png", "webp", "avif"] as const;

/** `images/` and a file name of that folder (no sub-folder), with one of the photo extensions. */
export const photoNamePattern = new RegExp(`^images/[^/\\\\]+\\.(${photoExtensions.join("|")})$`, "i");

export function isPhotoName(value: string): value is PhotoName {
  return photoNamePattern.test(value);
}

/**
 * Whether a checked image name (content/*.yaml passed the schema) is a photo's rather than a drawing's: the
 * pages' one test, small enough for the browser's bundle.
 */
export function namesPhoto(name: ImageName): name is PhotoName {
  return name.startsWith("images/");
}

export function isIllustrationName(value: string): value is IllustrationName {
  return (illustrationNames as readonly string[]).includes(value);
}

/**
 * Every photo is cut to the drawings' 8:5 box (800 x 500) so nothing shifts and no byte is spent on what the
 * box would crop. The widths (multiples of 8, so each height is a whole number) are the copies made: the
 * smallest for a card on a phone, the largest for a banner on a wide high-density screen.
 */
export const photoAspect = { width: 8, height: 5 } as const;
export const photoWidths = [320, 480, 640, 800, 1200, 1600] as const;

/** The copies made of one photo, as the build wrote them: `${base}-${width}.avif` and `.webp` for each width. */
export interface PhotoCopies {
  /** URL of the copies without the width and extension, e.g. `/assets/photo-3f9a1c0d2e`. */
  base: string;
  /** The widths made, smallest first; the last is the largest. */
  widths: readonly number[];
}

/** The height of a copy `width` pixels wide. */
export function photoHeight(width: number): number {
  return Math.round((width * photoAspect.height) / photoAspect.width);
}

/**
 * The widths to make of a photo `width` x `height` pixels (after turning it upright): the standard widths
 * below the widest 8:5 cut it allows, and that cut itself when it is narrower than the largest standard
 * width. A photo is never enlarged.
 */
export function photoWidthsFor(width: number, height: number): number[] {
  const widest = Math.floor(Math.min(width, (height * photoAspect.width) / photoAspect.height) / 8) * 8;
  const largest = photoWidths[photoWidths.length - 1] ?? 0;
  if (widest >= largest) return [...photoWidths];
  return [...photoWidths.filter((candidate) => candidate < widest), Math.max(widest, 8)];
}

export type PhotoFormat = "avif" | "webp";

export function photoUrl(copies: PhotoCopies, width: number, format: PhotoFormat): string {
  return `${copies.base}-${width}.${format}`;
}

/** The `srcset` of one format: every copy with its width. */
export function photoSrcSet(copies: PhotoCopies, format: PhotoFormat): string {
  return copies.widths.map((width) => `${photoUrl(copies, width, format)} ${width}w`).join(", ");
}
