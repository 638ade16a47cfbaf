import { readdirSync } from "node:fs";
import { dirname, join, sep } from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import { contentDir, contentModuleNames, loadContentModules, type ContentModuleName } from "../app/content/load.ts";

const dataDir = join(dirname(fileURLToPath(import.meta.url)), "..", "app", "content", "data");

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

/**
 * Puts the content files into the build: each module of app/content/data is replaced by its data, read and
 * checked by app/content/load.ts at build time and emitted as a plain literal. The pages get the data and
 * nothing else (no YAML parser, no zod); a mistake in a file stops the build with the file, record and field.
 * The YAML files are watched, so `npm run dev` shows an edit at once.
 */
export function contentFiles(dir: string = contentDir): Plugin {
  return {
    name: "karama:content-files",
    enforce: "pre",
    // Read and check the files first: a mistake stops the build once, before any module asks for them.
    buildStart() {
      loadContentModules(dir);
    },
    load(id) {
      const name = dataModuleOf(id);
      if (name === undefined) return null;
      for (const entry of readdirSync(dir)) this.addWatchFile(join(dir, entry));
      // Read again only when a file changed (see loadContentModules), so the builds share one reading.
      return { code: dataModuleCode(loadContentModules(dir)[name]), map: null };
    },
  };
}
