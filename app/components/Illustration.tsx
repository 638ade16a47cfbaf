import { photos } from "../content/data/photos";
import {
  isIllustrationName,
  isPhotoName,
  photoHeight,
  photoSrcSet,
  photoUrl,
  type ImageName,
  type PhotoCopies,
  type PhotoName,
} from "../content/images";
import { illustrationNames, illustrationSize, type IllustrationName } from "../content/illustrations";
import styles from "./Illustration.module.css";

/**
 * File types that may stand for an illustration, best first. A photo with the same base name as the
 * drawing wins over the drawing, so the agency can swap a picture by dropping one file into the folder.
 */
const extensionsByPreference = ["avif", "webp", "jpg", "jpeg", "png", "svg"] as const;

const folder = "app/assets/illustrations";

/**
 * Picks one URL per illustration name from the files found in the folder (path -> URL), preferring a photo
 * over the SVG. Throws when a file has a name that is not an illustration name, or a name has no file.
 */
export function pickIllustrationUrls(files: Record<string, string>): Record<IllustrationName, string> {
  const chosen = new Map<IllustrationName, { rank: number; url: string }>();
  for (const [path, url] of Object.entries(files)) {
    const fileName = path.slice(path.lastIndexOf("/") + 1);
    const dot = fileName.lastIndexOf(".");
    const baseName = fileName.slice(0, dot);
    const rank = extensionsByPreference.indexOf(fileName.slice(dot + 1) as (typeof extensionsByPreference)[number]);
    if (rank === -1) continue;
    if (!isIllustrationName(baseName)) {
      throw new Error(
        `${folder}/${fileName}: "${baseName}" is not an illustration name. ` +
          `Name the file after one of: ${illustrationNames.join(", ")} (see app/content/illustrations.ts).`,
      );
    }
    const current = chosen.get(baseName);
    if (!current || rank < current.rank) chosen.set(baseName, { rank, url });
  }

  const missing = illustrationNames.filter((name) => !chosen.has(name));
  if (missing.length > 0) {
    throw new Error(`${folder} has no file for: ${missing.join(", ")}. Add <name>.svg (or a photo) for each.`);
  }
  // Every name was checked just above, so the record is complete.
  return Object.fromEntries(illustrationNames.map((name) => [name, chosen.get(name)?.url ?? ""])) as Record<
    IllustrationName,
    string
  >;
}

const urls = pickIllustrationUrls(
  import.meta.glob<string>("../assets/illustrations/*.{avif,webp,jpg,jpeg,png,svg}", {
    eager: true,
    query: "?url",
    import: "default",
  }),
);

/** The URL of an illustration's file (the photo if the agency added one, otherwise the SVG). */
export function illustrationUrl(name: IllustrationName): string {
  return urls[name];
}

interface IllustrationProps {
  /** A drawing, or a photo of content/images (`images/<file>`). */
  name: ImageName;
  /** What the picture shows, for screen readers; "" when it is only decoration. */
  alt: string;
  /** For the one image at the top of a page: loaded at once and with high priority. */
  priority?: boolean;
  className?: string;
  /**
   * The width the image takes in the layout, for choosing among the widths of a photo's srcset (the whole
   * screen's width when not given). HTML allows it only beside a srcset: a drawing, one file, has none.
   */
  sizes?: string;
}

/** The width of the copy that stands in the <img> itself: what a browser that ignores srcset shows. */
const fallbackWidth = 800;

/** A photo's copies, as the build made them (scripts/photos.ts). */
export function photoCopies(name: PhotoName): PhotoCopies {
  const copies = photos[name];
  if (copies === undefined) throw new Error(`Illustration: the build made no copies of the photo ${name}`);
  return copies;
}

/**
 * One of the site's pictures, in a fixed 8:5 box that scales to its container's width: a drawing (800 x 500),
 * or a photo as a <picture> of AVIF and WebP copies at several widths, of which the browser downloads the one
 * that `sizes` and the screen's density ask for.
 */
export function Illustration({ name, alt, priority = false, className, sizes = "100vw" }: IllustrationProps) {
  const common = {
    loading: priority ? "eager" : "lazy",
    decoding: "async",
    fetchPriority: priority ? "high" : undefined,
    className: [styles.illustration, className].filter(Boolean).join(" "),
  } as const;
  if (!isPhotoName(name)) {
    return (
      <img src={urls[name]} alt={alt} width={illustrationSize.width} height={illustrationSize.height} {...common} />
    );
  }
  const copies = photoCopies(name);
  const largest = copies.widths[copies.widths.length - 1] ?? fallbackWidth;
  const fallback = copies.widths.findLast((width) => width <= fallbackWidth) ?? largest;
  return (
    <picture className={styles.picture}>
      <source type="image/avif" srcSet={photoSrcSet(copies, "avif")} sizes={sizes} />
      <img
        src={photoUrl(copies, fallback, "webp")}
        alt={alt}
        srcSet={photoSrcSet(copies, "webp")}
        sizes={sizes}
        width={largest}
        height={photoHeight(largest)}
        {...common}
      />
    </picture>
  );
}
