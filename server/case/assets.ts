/**
 * The case room's files (issue 56): its script (client/case.ts: photos made smaller on the phone, resumable uploads
 * with tus-js-client), its style sheet (the site's colours and the room's own) and the font, each under a name
 * holding a hash of its content; and its service worker (client/worker.ts) at /case/sw.js, which keeps all of them
 * (and the engine below) on the phone after their first use. Made at start like the office's (server/bundles.ts, its own cache folder) and
 * served by this server alone: nothing of it is in a public page's build.
 *
 * The passport reader (issue 57) beside them: its own bundle (client/passport/reader.ts), which the case page's
 * script loads only when the traveller asks for a read; the worker that prepares the photo
 * (client/passport/prep-worker.ts); and the OCR engine (tesseract.js's worker, its WebAssembly core with and
 * without SIMD, the English data) under ocr/<a hash of all of them>/. Each bundle gets the address of the next
 * written into it (the engine's folder into the reader, the reader's into the case script), so every name changes
 * with what it leads to. The engine is tesseract's legacy one (its LSTM engine reads the zone's fillers as K and
 * L); its English data is carved out of the package's full file at start (ocr-data.ts: 1.1 MB of 23 MB), served
 * un-gzipped, compressed in transit.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { type Asset, cachedScript, compressed, hashed, prune, sha256, styleSheetWithFont } from "../bundles";
import { passportEnglish } from "./ocr-data";
import type { CaseAssets } from "./pages";

export const caseAssetsPath = "/case/assets/";

const repoRoot = join(import.meta.dirname, "..", "..");
const require = createRequire(import.meta.url);

/** Where the case room's bundle is kept between starts (beside the office's). */
export const caseCacheDir = join(repoRoot, "node_modules", ".cache", "karama-case");

export interface PassportFiles {
  /** The reader bundle's address (client/passport/load.ts imports it). */
  reader: string;
  /** The preparing worker's address. */
  prepWorker: string;
  /** The engine's folder, /case/assets/ocr/<hash>/, and its files by name (uncompressed). */
  engineFolder: string;
  engine: Map<string, Buffer>;
  /** Each file the reader may download: its bytes, and its bytes as sent with brotli. */
  sizes: () => { name: string; url: string; bytes: number; br: number }[];
}

export interface CaseAssetFiles {
  urls: CaseAssets;
  /** By path under /case/assets/ (a name, or ocr/<hash>/<name>). */
  files: Map<string, Asset>;
  passport: PassportFiles;
  /** The service worker (client/worker.ts), at a fixed address: /case/sw.js, its scope /case/. */
  worker: Asset;
}

/** Where the case room's service worker is served (its scope: /case/). */
export const caseWorkerPath = "/case/sw.js";

const javascript = "text/javascript; charset=utf-8";

/**
 * The engine's files, each with where it comes from in node_modules: the cores with tesseract's legacy engine (the
 * ones without "-lstm" in their name), with and without SIMD. The English data is ours: carved out of the package's
 * full file (ocr-data.ts).
 */
const engineSources = {
  "worker.min.js": "tesseract.js/dist/worker.min.js",
  "tesseract-core-simd.js": "tesseract.js-core/tesseract-core-simd.js",
  "tesseract-core-simd.wasm": "tesseract.js-core/tesseract-core-simd.wasm",
  "tesseract-core.js": "tesseract.js-core/tesseract-core.js",
  "tesseract-core.wasm": "tesseract.js-core/tesseract-core.wasm",
} as const;

const typeOf = (name: string) =>
  name.endsWith(".wasm") ? "application/wasm" : name.endsWith(".js") ? javascript : "application/octet-stream";

async function engineFiles(): Promise<Map<string, Buffer>> {
  const files = await Promise.all(
    Object.entries(engineSources).map(
      async ([name, source]) => [name, await readFile(require.resolve(source))] as const,
    ),
  );
  return new Map([...files, ["eng.traineddata", await passportEnglish()]]);
}

/** The engine's folder: named by a hash of every file's name and content. */
export function engineFolderOf(files: Map<string, Buffer>): string {
  const parts = [...files.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, body]) => `${name} ${sha256(body)}`);
  return `${caseAssetsPath}ocr/${Buffer.from(sha256(parts.join("\n")), "hex")
    .toString("base64url")
    .slice(0, 10)}/`;
}

/** A bundle with the address it leads to written in at its placeholder (which must be there). */
function filled(script: Buffer, values: Record<string, string>): Buffer {
  let text = script.toString("utf8");
  for (const [placeholder, value] of Object.entries(values)) {
    if (!text.includes(placeholder)) throw new Error(`case assets: ${placeholder} is not in the bundle`);
    text = text.replaceAll(placeholder, value);
  }
  return Buffer.from(text);
}

export async function buildCaseAssets(
  options: { cacheDir?: string | null; entry?: string } = {},
): Promise<CaseAssetFiles> {
  const cacheDir = options.cacheDir === undefined ? caseCacheDir : options.cacheDir;
  const client = join(import.meta.dirname, "client");
  const engine = await engineFiles();
  const engineFolder = engineFolderOf(engine);
  const prepScript = (await cachedScript(join(client, "passport", "prep-worker.ts"), cacheDir)).script;
  const prepName = hashed("passport-prep", "js", prepScript);
  const readerScript = filled((await cachedScript(join(client, "passport", "reader.ts"), cacheDir)).script, {
    "@@passport-engine-folder@@": engineFolder,
    "@@passport-prep-worker@@": caseAssetsPath + prepName,
  });
  const readerName = hashed("passport-reader", "js", readerScript);
  const script = filled((await cachedScript(options.entry ?? join(client, "case.ts"), cacheDir)).script, {
    "@@passport-reader@@": caseAssetsPath + readerName,
  });
  const { css, font, fontName } = await styleSheetWithFont(join(import.meta.dirname, "case.css"));
  const jsName = hashed("case", "js", script);
  const cssName = hashed("case", "css", css);

  const workerScript = (await cachedScript(join(client, "worker.ts"), cacheDir)).script;

  const bodies: [string, Buffer, string][] = [
    [caseWorkerPath, workerScript, javascript],
    [jsName, script, javascript],
    [cssName, css, "text/css; charset=utf-8"],
    [readerName, readerScript, javascript],
    [prepName, prepScript, javascript],
    ...[...engine].map(([name, body]): [string, Buffer, string] => [
      `${engineFolder.slice(caseAssetsPath.length)}${name}`,
      body,
      typeOf(name),
    ]),
  ];
  const made = await Promise.all(
    bodies.map(async ([path, body, type]) => ({ path, type, ...(await compressed(body, cacheDir)) })),
  );
  if (cacheDir && !made.every((file) => file.cached)) {
    await prune(
      cacheDir,
      bodies.map(([, body]) => sha256(body)),
    );
  }
  const files = new Map<string, Asset>(made.map(({ path, type, body, br, gzip }) => [path, { body, br, gzip, type }]));
  files.set(fontName, { body: font, br: null, gzip: null, type: "font/woff2" });
  const worker = files.get(caseWorkerPath);
  files.delete(caseWorkerPath);
  if (!worker) throw new Error("case assets: the service worker was not made");
  const reader = caseAssetsPath + readerName;
  return {
    urls: { js: caseAssetsPath + jsName, css: caseAssetsPath + cssName },
    files,
    worker,
    passport: {
      reader,
      prepWorker: caseAssetsPath + prepName,
      engineFolder,
      engine,
      sizes: () =>
        [reader, caseAssetsPath + prepName, ...[...engine.keys()].map((name) => engineFolder + name)].map((url) => {
          const file = files.get(url.slice(caseAssetsPath.length));
          return {
            name: url.split("/").at(-1) ?? url,
            url,
            bytes: file?.body.length ?? 0,
            br: file?.br?.length ?? file?.body.length ?? 0,
          };
        }),
    },
  };
}

/** A path under /case/assets/ that could be one of ours: a name, or ocr/<hash>/<name>; no climbing out. */
const assetPath = /^(?:ocr\/[\w-]{10}\/)?[\w-][\w.-]{0,80}$/;

/** Answers GET /case/assets/<path>: the file, brotli or gzip when the browser takes them, else 404. */
export function serveCaseAsset(assets: CaseAssetFiles, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const path = (request.params as { "*"?: string })["*"] ?? "";
  const asset = assetPath.test(path) ? assets.files.get(path) : undefined;
  if (!asset) return reply.code(404).type("text/plain").send("Not found");
  return sendAsset(request, reply, asset);
}

/** A file of the room, compressed as the browser takes it. */
export function sendAsset(request: FastifyRequest, reply: FastifyReply, asset: Asset): FastifyReply {
  const accepts = String(request.headers["accept-encoding"] ?? "");
  reply.type(asset.type).header("vary", "accept-encoding");
  if (asset.br && /\bbr\b/.test(accepts)) return reply.header("content-encoding", "br").send(asset.br);
  if (asset.gzip && /\bgzip\b/.test(accepts)) return reply.header("content-encoding", "gzip").send(asset.gzip);
  return reply.send(asset.body);
}
