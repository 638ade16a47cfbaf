import { photos } from "../content/data/photos";
import {
  namesPhoto,
  photoHeight,
  photoSrcSet,
  photoUrl,
  type ImageName,
  type PhotoCopies,
  type PhotoName,
} from "../content/images";
import { illustrationSize, type IllustrationName } from "../content/illustrations";
import styles from "./Illustration.module.css";

/** The drawings' files (app/assets/illustrations/<name>.svg; app/assets/illustrations.test.ts checks each). */
const svgUrls = import.meta.glob<string>("../assets/illustrations/*.svg", {
  eager: true,
  query: "?url",
  import: "default",
});

/** The URL of a drawing's file. */
export function illustrationUrl(name: IllustrationName): string {
  return svgUrls[`../assets/illustrations/${name}.svg`] ?? "";
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
function photoCopies(name: PhotoName): PhotoCopies {
  const copies = photos[name];
  if (copies === undefined) throw new Error(`No copies of ${name}`);
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
  if (!namesPhoto(name)) {
    return (
      <img
        src={illustrationUrl(name)}
        alt={alt}
        width={illustrationSize.width}
        height={illustrationSize.height}
        {...common}
      />
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
