import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { type Asset, cachedScript, compressed, hashed, prune, sha256, styleSheetWithFont } from "../bundles";
import type { Assets } from "./pages/layout";

export type { Asset };

/** The office's files: its script, style sheet and font, each under a name holding a hash of its content. */
export interface OfficeAssets {
  urls: Assets;
  files: Map<string, Asset>;
  /**
   * The service worker (client/worker.ts), served at a fixed address (/office/sw.js, its scope /office/): a
   * browser checks it for changes itself.
   */
  worker: Asset;
  /** The app's icons for its manifest (/office/manifest.webmanifest): the site's own, under the office's names. */
  icons: { src: string; sizes: string; type: string; purpose: "any" | "maskable" }[];
}

/** …and whether all of them came from the cache (officeCacheDir), not made at this start. */
export interface BuiltOfficeAssets extends OfficeAssets {
  cached: boolean;
}

export const assetsPath = "/office/assets/";

const repoRoot = join(import.meta.dirname, "..", "..");

/** Where the bundled, compressed script is kept between starts (beside the photos' cache, never served). */
export const officeCacheDir = join(repoRoot, "node_modules", ".cache", "karama-office");

export interface BuildOfficeOptions {
  /** The script's entry point: client/office.ts (a test's own, to see a change reach the bundle). */
  entry?: string;
  /** The service worker's entry point: client/worker.ts. */
  workerEntry?: string;
  /** The cache folder, or null to bundle and compress without one. */
  cacheDir?: string | null;
}

/**
 * Made at start-up, kept in memory, served only by this server: the office's code is never part of the static
 * build a CDN or the public pages could serve. The script is bundled from client/office.ts (with the browser half
 * of SimpleWebAuthn) by esbuild, which tsx already brings, and compressed at brotli's and gzip's best.
 *
 * Both are kept in a cache folder (officeCacheDir, warmed by `npm run build`), so a start, and each test's server,
 * takes them from there instead of making them again: the bundle under a fingerprint of every file it was made
 * from, checked at each start (a changed source is bundled anew, never served stale), the compressed files under a
 * hash of what they compress. The bytes served are the same either way.
 */
export async function buildOfficeAssets(options: BuildOfficeOptions = {}): Promise<BuiltOfficeAssets> {
  const entry = options.entry ?? join(import.meta.dirname, "client", "office.ts");
  const workerEntry = options.workerEntry ?? join(import.meta.dirname, "client", "worker.ts");
  const cacheDir = options.cacheDir === undefined ? officeCacheDir : options.cacheDir;
  const { script, cached } = await cachedScript(entry, cacheDir);
  const workerScript = await cachedScript(workerEntry, cacheDir);
  const { css, font, fontName } = await styleSheetWithFont(join(import.meta.dirname, "office.css"));
  const jsName = hashed("office", "js", script);
  const cssName = hashed("office", "css", css);
  const [js, style] = await Promise.all([compressed(script, cacheDir), compressed(css, cacheDir)]);
  // The site's icons, read at start: the office's manifest names them under /office/assets/, never the site's files.
  const icons = await Promise.all(
    (
      [
        ["icon-192.png", "192x192", "any"],
        ["icon-512.png", "512x512", "any"],
        ["icon-maskable-512.png", "512x512", "maskable"],
        ["apple-touch-icon.png", "180x180", "any"],
      ] as const
    ).map(async ([file, sizes, purpose]) => {
      const body = await readFile(join(repoRoot, "public", file));
      return { name: hashed(file.replace(/\.png$/, ""), "png", body), body, sizes, purpose };
    }),
  );
  const iconUrl = (file: string) => assetsPath + (icons.find((icon) => icon.name.startsWith(file))?.name ?? "");
  // The notification's icon inside the worker's script (client/worker.ts, iconOf): an alert never waits on a fetch.
  const notificationIcon = icons.find((icon) => icon.name.startsWith("icon-192."))?.body;
  const workerBody = Buffer.from(
    workerScript.script
      .toString("utf8")
      .replace(
        "__OFFICE_ICON__",
        notificationIcon ? `data:image/png;base64,${notificationIcon.toString("base64")}` : "",
      ),
  );
  const all = cached && js.cached && style.cached && workerScript.cached;
  if (cacheDir && !all) await prune(cacheDir, [sha256(script), sha256(css), sha256(workerScript.script)]);
  return {
    cached: all,
    urls: { js: assetsPath + jsName, css: assetsPath + cssName, touchIcon: iconUrl("apple-touch-icon.") },
    files: new Map([
      [jsName, { body: js.body, br: js.br, gzip: js.gzip, type: "text/javascript; charset=utf-8" }],
      [cssName, { body: style.body, br: style.br, gzip: style.gzip, type: "text/css; charset=utf-8" }],
      [fontName, { body: font, br: null, gzip: null, type: "font/woff2" }],
      ...icons.map(({ name, body }) => [name, { body, br: null, gzip: null, type: "image/png" }] as const),
    ]),
    worker: { body: workerBody, br: null, gzip: null, type: "text/javascript; charset=utf-8" },
    icons: icons
      .filter(({ name }) => !name.startsWith("apple-touch-icon."))
      .map(({ name, sizes, purpose }) => ({ src: assetsPath + name, sizes, type: "image/png", purpose })),
  };
}
