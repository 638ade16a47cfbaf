/**
 * Files for crawlers and browsers, written into the client build after `react-router build` (called from
 * scripts/postbuild.ts, before the pre-compression): sitemap.xml with every indexable page of the path registry,
 * robots.txt pointing at it, and the web app manifest. Their URLs and names come from the settings, so they are
 * built like the pages rather than kept in public/.
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pagePaths } from "../app/lib/paths";
import { readSettings, type SiteSettings } from "../app/lib/settings";
import {
  appIcons,
  backgroundColor,
  manifestPath,
  ogImageAlt,
  robotsPath,
  sitemapPath,
  themeColor,
} from "../app/lib/site-assets";

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** The sitemap protocol's urlset: one absolute URL per path. */
export function sitemapXml(siteUrl: string, paths: readonly string[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...paths.map((path) => `  <url><loc>${escapeXml(siteUrl + path)}</loc></url>`),
    "</urlset>",
    "",
  ].join("\n");
}

/** Every crawler may read everything; the not-found pages keep themselves out of the index with noindex. */
export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}${sitemapPath}\n`;
}

/**
 * The name under a home-screen icon: launchers cut names after about 12 characters, so a longer name keeps its
 * leading words that fit (at least the first word), without a dangling "&" or "-".
 */
export function shortName(name: string, limit = 12): string {
  if (name.length <= limit) return name;
  const words = name.split(/\s+/);
  const kept = [words[0] ?? name];
  for (const word of words.slice(1)) {
    if ([...kept, word].join(" ").length > limit) break;
    kept.push(word);
  }
  while (kept.length > 1 && !/[\p{L}\p{N}]/u.test(kept.at(-1) ?? "")) kept.pop();
  return kept.join(" ");
}

export function webManifest(settings: SiteSettings): string {
  const manifest = {
    name: settings.agencyName,
    short_name: shortName(settings.agencyName),
    description: ogImageAlt(settings.agencyName),
    lang: "en",
    id: "/",
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: themeColor,
    background_color: backgroundColor,
    icons: appIcons.map((icon) => ({
      src: icon.path,
      sizes: `${icon.size}x${icon.size}`,
      type: "image/png",
      purpose: icon.purpose,
    })),
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** Writes the three files into the client build; returns their names. Settings as vite.config.ts reads them. */
export async function writeSeoFiles(clientDir: string, settings = readSettings(process.env)): Promise<string[]> {
  const files: [string, string][] = [
    [sitemapPath, sitemapXml(settings.siteUrl, pagePaths)],
    [robotsPath, robotsTxt(settings.siteUrl)],
    [manifestPath, webManifest(settings)],
  ];
  await Promise.all(files.map(([path, content]) => writeFile(join(clientDir, path), content)));
  return files.map(([path]) => path.slice(1));
}
