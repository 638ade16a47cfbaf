/**
 * The server's own browser scripts (the office's, the traveller's case room's): bundled by esbuild at start, kept in
 * a cache folder between starts under a fingerprint of every file they were made from, and compressed at brotli's
 * and gzip's best. Each area keeps its own cache folder and its own names; this is the machinery they share.
 */
import { build, type BuildOptions, version as esbuildVersion } from "esbuild";
import { createHash, randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

export interface Asset {
  body: Buffer;
  /** The same, compressed once at start (the font is compressed already). */
  br: Buffer | null;
  gzip: Buffer | null;
  type: string;
}

const repoRoot = join(import.meta.dirname, "..");

export const sha256 = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");

export const hashed = (name: string, extension: string, body: Buffer) =>
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
export async function compressed(
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
export interface Sources {
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
export async function cachedScript(
  entry: string,
  cacheDir: string | null,
): Promise<{ script: Buffer; cached: boolean }> {
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
export async function prune(cacheDir: string, keep: string[]): Promise<void> {
  const names = (await quietly(readdir(cacheDir))) ?? [];
  await Promise.all(
    names
      .filter((name) => !keep.some((prefix) => name.startsWith(prefix)) && !name.endsWith(".json"))
      .map((name) => quietly(rm(join(cacheDir, name), { force: true }))),
  );
}

/**
 * A style sheet of the server's own pages: the agency's colours first (app/styles/brand.css, the public site's too),
 * then `file`, whose `url("inter.woff2")` becomes the font's hashed name; and that font (Inter), to serve beside it.
 */
export async function styleSheetWithFont(file: string): Promise<{ css: Buffer; font: Buffer; fontName: string }> {
  const font = await readFile(
    createRequire(import.meta.url).resolve("@fontsource-variable/inter/files/inter-latin-wght-normal.woff2"),
  );
  const fontName = hashed("inter", "woff2", font);
  const brand = await readFile(join(repoRoot, "app", "styles", "brand.css"), "utf8");
  const own = await readFile(file, "utf8");
  return { css: Buffer.from(brand + own.replace('url("inter.woff2")', `url("${fontName}")`)), font, fontName };
}
