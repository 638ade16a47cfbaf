/**
 * The service worker's file, /sw.js, written into the client build by scripts/postbuild.ts (after the pages are
 * final, before the deploy files and the pre-compression): app/service-worker/worker.ts bundled by esbuild
 * (already the office's bundler) with this build's version and the offline page's address; with
 * SERVICE_WORKER=off, app/service-worker/unregister.ts instead, which removes a worker that phones kept from an
 * earlier build. Also turns the offline page into plain HTML: the worker shows it at any address, where its
 * scripts would hydrate the route of that address, which is not there offline.
 */
import { build } from "esbuild";
import { createHash } from "node:crypto";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { offlinePath, serviceWorkerPath } from "../app/lib/paths";
import type { SiteSettings } from "../app/lib/settings";
import { adminFolder } from "../server/admin";
import { htmlFileOf } from "../server/pages";

/** The worker's file in the client build. */
export const serviceWorkerFile = serviceWorkerPath.slice(1);

const sources = join(import.meta.dirname, "..", "app", "service-worker");

/**
 * The build's version: a hash of every page and asset a visitor may load (names and content), the editor's
 * files and the compressed copies aside. Another build of other pages gets other caches.
 */
export async function buildVersion(clientDir: string): Promise<string> {
  const entries = await readdir(clientDir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(clientDir, join(entry.parentPath, entry.name)).split("\\").join("/"))
    .filter((file) => file.split("/")[0] !== adminFolder && !/\.(br|gz)$/.test(file) && file !== serviceWorkerFile)
    .sort();
  const hash = createHash("sha256");
  for (const file of files) hash.update(`${file}\n`).update(await readFile(join(clientDir, file)));
  return hash.digest("hex").slice(0, 12);
}

/** A page without its scripts (its data blocks, JSON-LD, stay) and without the links that preload them. */
export function withoutScripts(html: string): string {
  return html
    .replace(/<script\b([^>]*)>[\s\S]*?<\/script\s*>/gi, (tag, attributes: string) =>
      /\btype\s*=\s*["']?application\/ld\+json/i.test(attributes) ? tag : "",
    )
    .replace(/<link\b[^>]*\brel\s*=\s*["']?modulepreload[^>]*>/gi, "");
}

/** The worker's code: the full one, or the one that removes itself (SERVICE_WORKER=off). */
export async function bundleServiceWorker(version: string | null): Promise<string> {
  const result = await build({
    entryPoints: [join(sources, version === null ? "unregister.ts" : "worker.ts")],
    bundle: true,
    minify: true,
    format: "iife",
    target: "es2022",
    platform: "browser",
    write: false,
    legalComments: "none",
    define: {
      __SW_VERSION__: JSON.stringify(version ?? ""),
      __SW_OFFLINE_PAGE__: JSON.stringify(offlinePath),
    },
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error("service worker: esbuild wrote nothing");
  return output.text;
}

/** Writes /sw.js (the worker, or its removal) and makes the offline page plain HTML. Returns the version. */
export async function writeServiceWorker(clientDir: string, settings: SiteSettings): Promise<string | null> {
  const offlineFile = join(clientDir, htmlFileOf(offlinePath));
  await writeFile(offlineFile, withoutScripts(await readFile(offlineFile, "utf8")));
  const version = settings.serviceWorker ? await buildVersion(clientDir) : null;
  await writeFile(join(clientDir, serviceWorkerFile), await bundleServiceWorker(version));
  return version;
}
