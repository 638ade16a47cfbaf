/**
 * First-load JavaScript, measured on the built files rather than through Lighthouse: the brotli bytes of every
 * script a page makes the browser load before it hydrates (its `<script src>`, its `<link rel="modulepreload">`,
 * the modules its inline module scripts import, statically or not, the files its `page-scripts` block names, and what
 * those import statically), as the server sends them
 * (the pre-compressed `.br` beside each file). Response headers are not counted. A breakdown says where the
 * bytes go, from the build's chunk report (scripts/vite-chunk-report.ts).
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import { type ChunkReportEntry, chunkReportFile } from "../vite-chunk-report";

const attribute = (tag: string, name: string): string | null =>
  new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i")
    .exec(tag)
    ?.slice(1)
    .find((value) => value !== undefined) ?? null;

/** Static imports of a module's code: `import … from "x"`, `import "x"`, `export … from "x"` (not `import("x")`). */
export function staticImports(code: string): string[] {
  const found: string[] = [];
  for (const match of code.matchAll(/\b(?:import|export)\s*(?:[\w*${}\s,]+?\s*from\s*)?["'`]([^"'`]+)["'`]/g)) {
    const specifier = match[1];
    if (specifier !== undefined) found.push(specifier);
  }
  return found;
}

/** The scripts a page's HTML asks for before hydration, as absolute paths on the site, in order, once each. */
export function pageScripts(html: string): string[] {
  const urls: string[] = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attribute(tag, "src");
    if (src) urls.push(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const href = attribute(tag, "href");
    if (href && attribute(tag, "rel")?.toLowerCase() === "modulepreload") urls.push(href);
  }
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = "", code = ""] = match;
    if (!/\btype\s*=\s*["']?module/i.test(attributes)) continue;
    // The page's boot script: whatever it imports, statically or not, it loads in order to hydrate.
    urls.push(...staticImports(code));
    for (const call of code.matchAll(/\bimport\(\s*["'`]([^"'`]+)["'`]\s*\)/g)) if (call[1]) urls.push(call[1]);
  }
  // The page's scripts block (scripts/defer-hydration.ts): what its one boot script loads.
  const block = /<script\b[^>]*\bid="page-scripts"[^>]*>([^<]*)<\/script>/i.exec(html)?.[1];
  if (block) {
    const scripts = JSON.parse(block) as { entry: string; modules: Record<string, string>; preloads: string[] };
    urls.push(...scripts.preloads, ...Object.values(scripts.modules), scripts.entry);
  }
  return [...new Set(urls.map((url) => new URL(url, "http://site/").pathname))];
}

/** The whole static import graph from those scripts: what the browser loads before any of it runs. */
export function scriptClosure(entries: readonly string[], readScript: (path: string) => string): string[] {
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    for (const specifier of staticImports(readScript(path))) {
      if (/^(?:\.{0,2}\/)/.test(specifier)) visit(new URL(specifier, `http://site${path}`).pathname);
    }
  };
  entries.forEach(visit);
  return [...seen];
}

export const jsParts = ["preact", "react-router", "other libraries", "site code", "content", "detail records"] as const;
export type JsPart = (typeof jsParts)[number];

/** Which part of the first-load JavaScript a source module (a path relative to the project) belongs to. */
export function partOf(module: string): JsPart {
  // The UI runtime: Preact, and the module that gives it React's API (scripts/vite-preact.ts).
  if (/node_modules\/preact\/|^app\/lib\/react-runtime\.ts$/.test(module)) return "preact";
  if (/node_modules\/react-router\/|virtual:react-router/.test(module)) return "react-router";
  if (/node_modules\//.test(module) || /^\0|\bvite\//.test(module)) return "other libraries";
  if (/^app\/content\/data\/details(?:\.ts|\/)/.test(module)) return "detail records";
  if (/^app\/content\//.test(module)) return "content";
  return "site code";
}

export interface FirstLoadJs {
  /** Brotli bytes of every first-load script. */
  bytes: number;
  scripts: { path: string; bytes: number }[];
  /** The same bytes split by part; each chunk's bytes shared out by its modules' lengths (an estimate). */
  parts: Record<JsPart, number>;
}

function brotliSize(file: string): number {
  if (existsSync(`${file}.br`)) return statSync(`${file}.br`).size;
  return brotliCompressSync(readFileSync(file), {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
  }).length;
}

/** The first-load JavaScript of a page's HTML, with the files in `clientDir` and the build's chunk report. */
export function firstLoadJs(html: string, clientDir: string, report: readonly ChunkReportEntry[]): FirstLoadJs {
  const fileOf = (path: string) => join(clientDir, decodeURIComponent(path));
  // A specifier that names no built file (a string in a library that only looks like an import) is not followed.
  const paths = scriptClosure(pageScripts(html), (path) =>
    existsSync(fileOf(path)) ? readFileSync(fileOf(path), "utf8") : "",
  ).filter((path) => existsSync(fileOf(path)));
  const chunks = new Map(report.map((chunk) => [`/${chunk.file}`, chunk.modules]));
  const parts = Object.fromEntries(jsParts.map((part) => [part, 0])) as Record<JsPart, number>;
  const scripts = paths.map((path) => ({ path, bytes: brotliSize(fileOf(path)) }));
  for (const { path, bytes } of scripts) {
    const modules = Object.entries(chunks.get(path) ?? {});
    const total = modules.reduce((sum, [, length]) => sum + length, 0);
    if (total === 0) {
      parts["site code"] += bytes;
      continue;
    }
    for (const [module, length] of modules) parts[partOf(module)] += (bytes * length) / total;
  }
  return { bytes: scripts.reduce((sum, script) => sum + script.bytes, 0), scripts, parts };
}

/** First-load JavaScript of each route: its HTML as the server answers it, its scripts as built files. */
export async function measureJs(baseUrl: string, buildDir: string, routes: readonly string[]): Promise<FirstLoadJs[]> {
  const reportFile = chunkReportFile(buildDir);
  const report: ChunkReportEntry[] = existsSync(reportFile)
    ? (JSON.parse(readFileSync(reportFile, "utf8")) as ChunkReportEntry[])
    : [];
  return Promise.all(
    routes.map(async (route) => {
      const html = await (await fetch(`${baseUrl}${route}`)).text();
      return firstLoadJs(html, join(buildDir, "client"), report);
    }),
  );
}
