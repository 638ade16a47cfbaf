/**
 * The case room's files (issue 56): its script (client/case.ts: photos made smaller on the phone, resumable uploads
 * with tus-js-client), its style sheet (the site's colours and the room's own) and the font, each under a name
 * holding a hash of its content; and its service worker (client/worker.ts) at /case/sw.js. Made at start like the office's (server/bundles.ts, its own cache folder) and
 * served by this server alone: nothing of it is in a public page's build.
 */
import { join } from "node:path";
import { type Asset, cachedScript, compressed, hashed, prune, sha256, styleSheetWithFont } from "../bundles";
import type { CaseAssets } from "./pages";

export const caseAssetsPath = "/case/assets/";

const repoRoot = join(import.meta.dirname, "..", "..");

/** Where the case room's bundle is kept between starts (beside the office's). */
export const caseCacheDir = join(repoRoot, "node_modules", ".cache", "karama-case");

export interface CaseAssetFiles {
  urls: CaseAssets;
  files: Map<string, Asset>;
  /** The service worker (client/worker.ts), at a fixed address: /case/sw.js, its scope /case/. */
  worker: Asset;
}

/** Where the case room's service worker is served (its scope: /case/). */
export const caseWorkerPath = "/case/sw.js";

export async function buildCaseAssets(
  options: { cacheDir?: string | null; entry?: string } = {},
): Promise<CaseAssetFiles> {
  const cacheDir = options.cacheDir === undefined ? caseCacheDir : options.cacheDir;
  const { script } = await cachedScript(options.entry ?? join(import.meta.dirname, "client", "case.ts"), cacheDir);
  const worker = await cachedScript(join(import.meta.dirname, "client", "worker.ts"), cacheDir);
  const { css, font, fontName } = await styleSheetWithFont(join(import.meta.dirname, "case.css"));
  const jsName = hashed("case", "js", script);
  const cssName = hashed("case", "css", css);
  const [js, style, sw] = await Promise.all([
    compressed(script, cacheDir),
    compressed(css, cacheDir),
    compressed(worker.script, cacheDir),
  ]);
  if (cacheDir && !(js.cached && style.cached && sw.cached)) {
    await prune(cacheDir, [sha256(script), sha256(css), sha256(worker.script)]);
  }
  return {
    urls: { js: caseAssetsPath + jsName, css: caseAssetsPath + cssName },
    files: new Map([
      [jsName, { body: js.body, br: js.br, gzip: js.gzip, type: "text/javascript; charset=utf-8" }],
      [cssName, { body: style.body, br: style.br, gzip: style.gzip, type: "text/css; charset=utf-8" }],
      [fontName, { body: font, br: null, gzip: null, type: "font/woff2" }],
    ]),
    worker: { body: sw.body, br: sw.br, gzip: sw.gzip, type: "text/javascript; charset=utf-8" },
  };
}
