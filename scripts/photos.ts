/**
 * The agency's photos (content/images, named by records as `images/<file>`), made fast at build time: each
 * photo is checked, turned upright, cut to the 8:5 box of the site's pictures and written as AVIF and WebP at
 * the widths of app/content/images.ts. A 4 MB phone photo becomes copies of a few to a few tens of kilobytes;
 * the pages list them in a <picture> (app/components/Illustration.tsx) and the browser downloads one.
 *
 * sharp directly rather than vite-imagetools (which runs sharp too): a photo is named by a content file, not
 * imported by a module, so a missing, broken or oversized one must be reported with the content file, record
 * and field (app/content/load.ts) before any module asks for it; one decode serves all twelve copies; the
 * copies get fixed names that the client and server builds agree on; and a cache keyed by the photo's bytes
 * makes a rebuild with the same photos cost nothing.
 */
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import sharp, { type OutputInfo } from "sharp";
import {
  photoHeight,
  photoUrl,
  photoWidthsFor,
  type PhotoCopies,
  type PhotoFormat,
  type PhotoName,
} from "../app/content/images.ts";
import { ContentError, problemAt, type PhotoReference } from "../app/content/load.ts";

/** Larger than this, a file is not a photo to publish: a scan, a RAW, a panorama. */
export const photoLimits = { bytes: 20 * 1024 * 1024, side: 8000 } as const;

/** Encoder settings; part of each copy's fingerprint, so changing them makes new copies. */
const encoders = {
  // Effort 2: a fifth of effort 4's time on two cores, for copies as small or smaller at these widths.
  avif: { quality: 50, effort: 2 },
  webp: { quality: 75, effort: 4 },
} as const satisfies Record<PhotoFormat, object>;
const formats = Object.keys(encoders) as PhotoFormat[];

export interface PhotoFile {
  /** The URL path of the copy, e.g. `/assets/photo-3f9a1c0d2e-640.avif`. */
  url: string;
  source: Uint8Array;
}

export interface PreparedPhotos {
  /** The copies of each photo named, by its name in the content files. */
  table: Record<PhotoName, PhotoCopies>;
  files: PhotoFile[];
}

interface Options {
  contentDir: string;
  /** Folder of the copies' URLs, e.g. `/assets/`. */
  urlBase: string;
  /** Where copies made before are kept between builds. */
  cacheDir: string;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Why a photo cannot be used, or its bytes. */
async function readPhoto(contentDir: string, photo: PhotoName): Promise<{ problem: string } | { bytes: Buffer }> {
  const path = join(contentDir, photo);
  let size: number;
  try {
    size = (await stat(path)).size;
  } catch {
    const folder = join(contentDir, "images");
    const fileName = photo.slice("images/".length);
    const names = await readdir(folder).catch(() => [] as string[]);
    const near = names.find((name) => name.toLowerCase() === fileName.toLowerCase());
    const hint = near === undefined ? "" : ` (there is ${near}: the name must match exactly, capitals too)`;
    return { problem: `the photo ${photo} is not in content/images${hint}` };
  }
  if (size > photoLimits.bytes) {
    return {
      problem: `the photo ${photo} is ${megabytes(size)}, more than the ${megabytes(photoLimits.bytes)} a photo may have: export it again smaller`,
    };
  }
  return { bytes: await readFile(path) };
}

/** The copies of one photo, made or taken from the cache; a string says why the photo cannot be used. */
async function makeCopies(photo: PhotoName, bytes: Buffer, options: Options): Promise<string | PreparedPhotos> {
  const unreadable = (error: unknown) =>
    `the photo ${photo} cannot be read as an image (${error instanceof Error ? error.message : String(error)}): save it again as JPEG, PNG, WebP or AVIF`;
  let width: number;
  let height: number;
  try {
    const metadata = await sharp(bytes).metadata();
    ({ width, height } = metadata.autoOrient);
  } catch (error) {
    return unreadable(error);
  }
  if (width > photoLimits.side || height > photoLimits.side) {
    return `the photo ${photo} is ${width} × ${height} pixels, more than the ${photoLimits.side} a side may have: export it again smaller`;
  }

  const fingerprint = createHash("sha256").update(JSON.stringify(encoders)).update(bytes).digest("hex").slice(0, 10);
  const copies: PhotoCopies = { base: `${options.urlBase}photo-${fingerprint}`, widths: photoWidthsFor(width, height) };
  const largest = copies.widths[copies.widths.length - 1] ?? 0;
  const wanted = copies.widths.flatMap((copyWidth) => formats.map((format) => ({ copyWidth, format })));
  const cachePath = (url: string) => join(options.cacheDir, url.slice(url.lastIndexOf("/") + 1));

  const cached = await Promise.all(
    wanted.map(({ copyWidth, format }) => readFile(cachePath(photoUrl(copies, copyWidth, format))).catch(() => null)),
  );
  let files: PhotoFile[];
  if (cached.every((file) => file !== null)) {
    files = wanted.map(({ copyWidth, format }, index) => ({
      url: photoUrl(copies, copyWidth, format),
      source: cached[index] ?? new Uint8Array(),
    }));
  } else {
    // One decode: the largest cut, kept raw, is the source of every copy.
    let upright: { data: Buffer; info: OutputInfo };
    try {
      upright = await sharp(bytes)
        .autoOrient()
        .resize(largest, photoHeight(largest), { fit: "cover", position: "centre" })
        .raw()
        .toBuffer({ resolveWithObject: true });
    } catch (error) {
      return unreadable(error);
    }
    const raw = { width: upright.info.width, height: upright.info.height, channels: upright.info.channels };
    files = await Promise.all(
      wanted.map(async ({ copyWidth, format }) => {
        const resized = sharp(upright.data, { raw }).resize(copyWidth, photoHeight(copyWidth));
        const source = await (format === "avif" ? resized.avif(encoders.avif) : resized.webp(encoders.webp)).toBuffer();
        return { url: photoUrl(copies, copyWidth, format), source };
      }),
    );
    await mkdir(options.cacheDir, { recursive: true });
    await Promise.all(files.map((file) => writeFile(cachePath(file.url), file.source)));
  }
  return { table: { [photo]: copies }, files };
}

/**
 * Checks and makes the copies of every photo the records name. Throws a ContentError naming, for each photo
 * that cannot be used, every record and field that names it.
 */
export async function preparePhotos(references: readonly PhotoReference[], options: Options): Promise<PreparedPhotos> {
  const prepared: PreparedPhotos = { table: {}, files: [] };
  const problems: string[] = [];
  const photos = [...new Set(references.map((reference) => reference.photo))];
  // One photo at a time: sharp already uses every core for one.
  for (const photo of photos) {
    const read = await readPhoto(options.contentDir, photo);
    const result = "bytes" in read ? await makeCopies(photo, read.bytes, options) : read.problem;
    if (typeof result === "string") {
      for (const reference of references) if (reference.photo === photo) problems.push(problemAt(reference, result));
      continue;
    }
    Object.assign(prepared.table, result.table);
    prepared.files.push(...result.files);
  }
  if (problems.length > 0) throw new ContentError(problems);
  return prepared;
}
