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
import { useState } from "react";
import { illustrationSize, type IllustrationName } from "../content/illustrations";
import { isHydrating } from "../lib/early-taps";
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

/**
 * The drawings' SVG text, in the pre-rendering build only (the browser's bundle has none of it): the page's top
 * picture is written into the HTML itself, so the first screen is whole without a second request.
 */
const svgText: Record<string, string> = import.meta.env.SSR
  ? import.meta.glob<string>("../assets/illustrations/*.svg", { query: "?raw", import: "default", eager: true })
  : {};

/**
 * What the page's top picture is, when it is a drawing: its SVG text when pre-rendering; "" while hydrating that
 * pre-rendered page (the drawing is already in the HTML, and React keeps it); null once the page is live (a page
 * shown by moving to it in the browser loads the file, like any other picture).
 */
function inlineDrawing(name: IllustrationName): string | null {
  if (import.meta.env.SSR) {
    // Cropped to fill its box, as the picture's object-fit: cover does (the carousel's box is wider than 8:5).
    return (
      svgText[`../assets/illustrations/${name}.svg`]?.replace(/^<svg\b/, '<svg preserveAspectRatio="xMidYMid slice"') ??
      null
    );
  }
  return isHydrating() ? "" : null;
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
  // The page's top drawing, inline; decided once, on the first render: the element must stay what hydration found.
  const [drawing] = useState(() => (priority && !namesPhoto(name) ? inlineDrawing(name) : null));
  const common = {
    loading: priority ? "eager" : "lazy",
    decoding: "async",
    fetchPriority: priority ? "high" : undefined,
    className: [styles.illustration, className].filter(Boolean).join(" "),
  } as const;
  if (drawing !== null) {
    return (
      <span
        role={alt ? "img" : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
        className={`${common.className} ${styles.inline}`}
        dangerouslySetInnerHTML={{ __html: drawing }}
      />
    );
  }
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
