import { readdirSync, statSync } from "node:fs";
import { dirname, join, sep } from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import {
  contentDir,
  contentModuleNames,
  loadContent,
  loadContentModules,
  type ContentModuleName,
  type PhotoReference,
} from "../app/content/load.ts";
import { preparePhotos, type PreparedPhotos } from "./photos.ts";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dataDir = join(root, "app", "content", "data");
/** The module that the build replaces by the table of the photos' copies (app/content/data/photos.ts). */
const photosModule = join(dataDir, "photos.ts");
/** Copies made before, by fingerprint: a rebuild with the same photos makes none. */
const photoCacheDir = join(root, "node_modules", ".cache", "karama-photos");

/** The module of app/content/data that `id` is, if it is one. */
export function dataModuleOf(id: string, dir: string = dataDir): ContentModuleName | undefined {
  const file = id.split("?")[0] ?? "";
  if (!file.startsWith(dir + sep)) return undefined;
  const name = file.slice(dir.length + 1).replace(/\.ts$/, "");
  return (contentModuleNames as readonly string[]).includes(name) ? (name as ContentModuleName) : undefined;
}

/**
 * A data module as JavaScript: one constant per key, each a plain literal, so that the bundler keeps only those
 * a page imports. (Texts that several pages share are repeated; brotli sends a repeat for a few bytes.)
 */
export function dataModuleCode(value: Record<string, unknown>): string {
  return Object.entries(value)
    .map(([name, data]) => {
      if (!/^[A-Za-z_$][\w$]*$/.test(name)) throw new Error(`vite-content: "${name}" cannot be an export name`);
      return `export const ${name} = ${JSON.stringify(data)};\n`;
    })
    .join("");
}

/** A fingerprint of the photos named and of the images folder's files: making the copies again when it changes. */
function photosStamp(dir: string, references: readonly PhotoReference[]): string {
  const folder = join(dir, "images");
  let files: string[] = [];
  try {
    files = readdirSync(folder).map((entry) => {
      const stat = statSync(join(folder, entry));
      return `${entry}:${stat.size}:${stat.mtimeMs}`;
    });
  } catch {
    // No folder: every photo named is reported missing.
  }
  return JSON.stringify([dir, references, files]);
}

/** The files (not folders) of a folder; none when it does not exist. */
function filesOf(folder: string): string[] {
  try {
    return readdirSync(folder, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(folder, entry.name));
  } catch {
    return [];
  }
}

const photoRuns = new Map<string, Promise<PreparedPhotos>>();

/**
 * The copies of the photos the content files of `dir` name, made once per change: the client and server builds
 * of one `npm run build` share them. A ContentError when a photo cannot be used.
 */
export function photosOf(dir: string, urlBase: string): Promise<PreparedPhotos> {
  const { photos } = loadContent(dir);
  const stamp = `${urlBase}|${photosStamp(dir, photos)}`;
  let run = photoRuns.get(stamp);
  if (run === undefined) {
    run = preparePhotos(photos, { contentDir: dir, urlBase, cacheDir: photoCacheDir });
    photoRuns.set(stamp, run);
  }
  return run;
}

/**
 * Puts the content files into the build: each module of app/content/data is replaced by its data, read and
 * checked by app/content/load.ts at build time and emitted as a plain literal. The pages get the data and
 * nothing else (no YAML parser, no zod); a mistake in a file stops the build with the file, record and field.
 * The YAML files are watched, so `npm run dev` shows an edit at once.
 */
export function contentFiles(dir: string = contentDir): Plugin {
  let base = "/";
  let urlBase = "/assets/";
  return {
    name: "karama:content-files",
    enforce: "pre",
    configResolved(config) {
      base = config.base;
      urlBase = `${base}${config.build.assetsDir}/`;
    },
    // Read and check the files first: a mistake stops the build once, before any module asks for them. Then the
    // photos they name: a missing or broken one stops it the same way.
    async buildStart() {
      loadContentModules(dir);
      await photosOf(dir, urlBase);
    },
    // The photos' copies are files of the site: written by the browser's build, beside its scripts.
    async generateBundle() {
      if (this.environment.config.consumer !== "client") return;
      for (const file of (await photosOf(dir, urlBase)).files) {
        this.emitFile({ type: "asset", fileName: file.url.slice(base.length), source: file.source });
      }
    },
    // `npm run dev` serves the copies from memory.
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const url = request.url?.split("?")[0] ?? "";
        if (!url.startsWith(`${urlBase}photo-`)) return next();
        photosOf(dir, urlBase).then((photos) => {
          const file = photos.files.find((candidate) => candidate.url === url);
          if (file === undefined) return next();
          response.setHeader("Content-Type", `image/${url.slice(url.lastIndexOf(".") + 1)}`);
          response.end(file.source);
        }, next);
      });
    },
    load(id) {
      if ((id.split("?")[0] ?? "") === photosModule) {
        for (const file of filesOf(dir)) this.addWatchFile(file);
        for (const file of filesOf(join(dir, "images"))) this.addWatchFile(file);
        return photosOf(dir, urlBase).then(({ table }) => ({ code: dataModuleCode({ photos: table }), map: null }));
      }
      const name = dataModuleOf(id);
      if (name === undefined) return null;
      for (const file of filesOf(dir)) this.addWatchFile(file);
      // Read again only when a file changed (see loadContentModules), so the builds share one reading.
      return { code: dataModuleCode(loadContentModules(dir)[name]), map: null };
    },
  };
}
