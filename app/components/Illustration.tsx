import { useState } from "react";
import { illustrationNames, illustrationSize, type IllustrationName } from "../content/illustrations";
import { isHydrating } from "../lib/early-taps";
import styles from "./Illustration.module.css";

/**
 * File types that may stand for an illustration, best first. A photo with the same base name as the
 * drawing wins over the drawing, so the agency can swap a picture by dropping one file into the folder.
 */
const extensionsByPreference = ["avif", "webp", "jpg", "jpeg", "png", "svg"] as const;

const folder = "app/assets/illustrations";

function isIllustrationName(value: string): value is IllustrationName {
  return (illustrationNames as readonly string[]).includes(value);
}

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

/**
 * The drawings' SVG text, in the pre-rendering build only (the browser's bundle has none of it): the page's top
 * picture is written into the HTML itself, so the first screen is whole without a second request.
 */
const svgText: Record<string, string> = import.meta.env.SSR
  ? import.meta.glob<string>("../assets/illustrations/*.svg", { query: "?raw", import: "default", eager: true })
  : {};

/** The URL of an illustration's file (the photo if the agency added one, otherwise the SVG). */
export function illustrationUrl(name: IllustrationName): string {
  return urls[name];
}

interface IllustrationProps {
  name: IllustrationName;
  /** What the picture shows, for screen readers; "" when it is only decoration. */
  alt: string;
  /** For the one image at the top of a page: loaded at once and with high priority. */
  priority?: boolean;
  className?: string;
  /**
   * The width the image takes in the layout, for choosing among the widths of a srcset. HTML allows it only
   * beside a srcset; every illustration has a single file today, so it is not rendered yet.
   */
  sizes?: string;
}

/**
 * What the page's top picture is, when it is a drawing: its SVG text when pre-rendering; "" while hydrating that
 * pre-rendered page (the drawing is already in the HTML, and React keeps it); null once the page is live (a page
 * shown by moving to it in the browser loads the file, like any other picture).
 */
function inlineDrawing(name: IllustrationName): string | null {
  // A drawing, not a photo the agency put in its place (Vitest inlines small files as data: URLs).
  if (!/\.svg$|^data:image\/svg/.test(urls[name])) return null;
  if (import.meta.env.SSR) {
    // Cropped to fill its box, as the picture's object-fit: cover does (the carousel's box is wider than 8:5).
    return (
      svgText[`../assets/illustrations/${name}.svg`]?.replace(/^<svg\b/, '<svg preserveAspectRatio="xMidYMid slice"') ??
      null
    );
  }
  return isHydrating() ? "" : null;
}

/** One of the site's illustrations, in a fixed 800 x 500 (8:5) box that scales to its container's width. */
export function Illustration({ name, alt, priority = false, className }: IllustrationProps) {
  // Decided once, on the first render: the element must stay what hydration found.
  const [drawing] = useState(() => (priority ? inlineDrawing(name) : null));
  const classes = [styles.illustration, className].filter(Boolean).join(" ");
  if (drawing !== null) {
    return (
      <span
        role={alt ? "img" : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
        className={`${classes} ${styles.inline}`}
        dangerouslySetInnerHTML={{ __html: drawing }}
      />
    );
  }
  return (
    <img
      src={urls[name]}
      alt={alt}
      width={illustrationSize.width}
      height={illustrationSize.height}
      loading={priority ? "eager" : "lazy"}
      decoding="async"
      fetchPriority={priority ? "high" : undefined}
      className={classes}
    />
  );
}
