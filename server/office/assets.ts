import { build, type BuildOptions, version as esbuildVersion } from "esbuild";
import { createHash, randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Assets } from "./pages/layout";

export interface Asset {
  body: Buffer;
  /** The same, compressed once at start (the font is compressed already). */
  br: Buffer | null;
  gzip: Buffer | null;
  type: string;
}

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

const sha256 = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");

const hashed = (name: string, extension: string, body: Buffer) =>
  `${name}.${createHash("sha256").update(body).digest("base64url").slice(0, 10)}.${extension}`;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const bundleOptions = {
  bundle: true,
  minify: true,
  format: "esm",
  target: "es2022",
  write: false,
  legalComments: "none",
} satisfies BuildOptions;

/** Writes a file whole or not at all: a server reading the cache at the same moment never sees half of one. */
async function writeAtomically(path: string, data: string | Uint8Array): Promise<void> {
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, path);
}

/** The cache is only a saving: a folder that cannot be read or written (a read-only install) changes nothing. */
const quietly = <T>(promise: Promise<T>): Promise<T | null> => promise.catch(() => null);

/**
 * Brotli's best (quality 11) and gzip's (9), from the cache when these bytes were compressed before: the
 * compressed files are named by a hash of what they hold compressed, so they cannot be stale.
 */
async function compressed(
  body: Buffer,
  cacheDir: string | null,
): Promise<Pick<Asset, "body" | "br" | "gzip"> & { cached: boolean }> {
  const key = cacheDir ? join(cacheDir, sha256(body)) : null;
  if (key) {
    const [br, gzipped] = await Promise.all([quietly(readFile(`${key}.br`)), quietly(readFile(`${key}.gz`))]);
    if (br && gzipped) return { body, br, gzip: gzipped, cached: true };
  }
  const [br, gzipped] = await Promise.all([
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gz(body, { level: 9 }),
  ]);
  if (key) await quietly(Promise.all([writeAtomically(`${key}.br`, br), writeAtomically(`${key}.gz`, gzipped)]));
  return { body, br, gzip: gzipped, cached: false };
}

/** What a bundle was made from: the files esbuild read, and the folders it resolved them in. */
interface Sources {
  files: string[];
  folders: string[];
}

/**
 * One hash of everything a bundle depends on: the content of each file esbuild read; the names in each folder
 * those files are in (a new file there can change what an import resolves to); the packages installed
 * (package-lock.json) and the TypeScript settings esbuild reads (tsconfig.json); esbuild's version and options.
 * A file or folder that is gone hashes as such, and so no longer matches.
 */
async function fingerprint(entry: string, sources: Sources): Promise<string> {
  const files = [...sources.files, join(repoRoot, "package-lock.json"), join(repoRoot, "tsconfig.json")];
  const parts = await Promise.all([
    ...files.map(async (file) => `file ${file} ${sha256((await quietly(readFile(file))) ?? "(none)")}`),
    ...sources.folders.map(
      async (folder) =>
        `folder ${folder} ${sha256(((await quietly(readdir(folder))) ?? ["(none)"]).sort().join("\n"))}`,
    ),
  ]);
  return sha256([`esbuild ${esbuildVersion}`, entry, JSON.stringify(bundleOptions), ...parts].join("\n"));
}

async function bundle(entry: string): Promise<{ script: Buffer; sources: Sources }> {
  const result = await build({ ...bundleOptions, entryPoints: [entry], metafile: true });
  // The metafile names each input relative to the working folder; a namespaced one ("(disabled):…") is no file.
  const files = Object.keys(result.metafile.inputs)
    .filter((input) => !/^\(?[a-z-]+\)?:/.test(input))
    .map((input) => resolve(input));
  const folders = [...new Set(files.map((file) => dirname(file)))];
  return { script: Buffer.from(result.outputFiles[0]?.contents ?? ""), sources: { files, folders } };
}

interface Manifest {
  fingerprint: string;
  sources: Sources;
  /** The bundle's hash, its file's name in the cache. */
  script: string;
}

/**
 * The bundled script, from the cache when every file it was made from is unchanged (fingerprint); else bundled
 * now, twice, and kept only when both bundles and the fingerprint before and after agree: a source saved while
 * esbuild read it is never recorded under its new content.
 */
async function officeScript(entry: string, cacheDir: string | null): Promise<{ script: Buffer; cached: boolean }> {
  if (!cacheDir) return { script: (await bundle(entry)).script, cached: false };
  const manifestPath = join(cacheDir, `${sha256(entry).slice(0, 16)}.json`);
  const manifest = await quietly(readFile(manifestPath, "utf8").then((text) => JSON.parse(text) as Manifest));
  if (manifest && (await fingerprint(entry, manifest.sources)) === manifest.fingerprint) {
    const script = await quietly(readFile(join(cacheDir, `${manifest.script}.js`)));
    if (script && sha256(script) === manifest.script) return { script, cached: true };
  }
  const first = await bundle(entry);
  const before = await fingerprint(entry, first.sources);
  const second = await bundle(entry);
  const after = await fingerprint(entry, second.sources);
  if (before === after && first.script.equals(second.script)) {
    const script = sha256(second.script);
    await quietly(
      (async () => {
        await mkdir(cacheDir, { recursive: true });
        await writeAtomically(join(cacheDir, `${script}.js`), second.script);
        await writeAtomically(manifestPath, JSON.stringify({ fingerprint: after, sources: second.sources, script }));
      })(),
    );
  }
  return { script: second.script, cached: false };
}

/** Removes what the cache holds besides the latest manifest, script and compressed files. */
async function prune(cacheDir: string, keep: string[]): Promise<void> {
  const names = (await quietly(readdir(cacheDir))) ?? [];
  await Promise.all(
    names
      .filter((name) => !keep.some((prefix) => name.startsWith(prefix)) && !name.endsWith(".json"))
      .map((name) => quietly(rm(join(cacheDir, name), { force: true }))),
  );
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
  const { script, cached } = await officeScript(entry, cacheDir);
  const workerScript = await officeScript(workerEntry, cacheDir);
  const font = await readFile(
    createRequire(import.meta.url).resolve("@fontsource-variable/inter/files/inter-latin-wght-normal.woff2"),
  );
  const fontName = hashed("inter", "woff2", font);
  // The agency's colours first, from the one file the public site uses too.
  const brand = await readFile(join(repoRoot, "app", "styles", "brand.css"), "utf8");
  const office = await readFile(join(import.meta.dirname, "office.css"), "utf8");
  const css = Buffer.from(brand + office.replace('url("inter.woff2")', `url("${fontName}")`));
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
