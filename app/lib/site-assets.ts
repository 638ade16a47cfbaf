/**
 * The site's brand colours and its files for browsers, search engines and link previews. One list for the
 * page head (app/root.tsx, app/lib/seo.ts), the web app manifest (scripts/seo-files.ts), the JSON-LD and
 * scripts/og-image.ts, which draws the PNGs into public/. Settings-free, so scripts can import it.
 */

export const themeColor = "#0b3a53";
export const backgroundColor = "#ffffff";

export const faviconPath = "/favicon.svg";
export const manifestPath = "/site.webmanifest";
export const sitemapPath = "/sitemap.xml";
export const robotsPath = "/robots.txt";

/** The link-preview card. Social sites want a raster image of about 1.91:1; 1200 × 630 is their common size. */
export const ogImage = { path: "/og-image.png", width: 1200, height: 630, type: "image/png" } as const;

export function ogImageAlt(agencyName: string): string {
  return `${agencyName}: Dubai visas, visa change and travel packages from Al Karama, Dubai`;
}

export interface AppIcon {
  path: `/${string}.png`;
  size: number;
  /** "maskable" icons keep the mark inside the central safe circle so that any launcher shape can crop them. */
  purpose: "any" | "maskable";
}

/** The icon search engines show as the agency's logo: a square raster image of at least 112 px. */
export const logoIcon: AppIcon = { path: "/icon-512.png", size: 512, purpose: "any" };

export const appIcons: readonly AppIcon[] = [
  { path: "/icon-192.png", size: 192, purpose: "any" },
  logoIcon,
  { path: "/icon-maskable-512.png", size: 512, purpose: "maskable" },
];

/** iOS ignores the manifest's icons and fills transparent corners with black, so it gets its own opaque square. */
export const appleTouchIcon = { path: "/apple-touch-icon.png", size: 180 } as const;
