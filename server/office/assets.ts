import { build } from "esbuild";
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
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
}

export const assetsPath = "/office/assets/";

const hashed = (name: string, extension: string, body: Buffer) =>
  `${name}.${createHash("sha256").update(body).digest("base64url").slice(0, 10)}.${extension}`;

const compressed = (body: Buffer) => ({
  body,
  br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  gzip: gzipSync(body, { level: 9 }),
});

/**
 * Made at start-up, kept in memory, served only by this server: the office's code is never part of the static
 * build a CDN or the public pages could serve. The script is bundled from client/office.ts (with the browser half
 * of SimpleWebAuthn) by esbuild, which tsx already brings.
 */
export async function buildOfficeAssets(): Promise<OfficeAssets> {
  const bundle = await build({
    entryPoints: [join(import.meta.dirname, "client", "office.ts")],
    bundle: true,
    minify: true,
    format: "esm",
    target: "es2022",
    write: false,
    legalComments: "none",
  });
  const script = Buffer.from(bundle.outputFiles[0]?.contents ?? "");
  const font = await readFile(
    createRequire(import.meta.url).resolve("@fontsource-variable/inter/files/inter-latin-wght-normal.woff2"),
  );
  const fontName = hashed("inter", "woff2", font);
  // The agency's colours first, from the one file the public site uses too.
  const brand = await readFile(join(import.meta.dirname, "..", "..", "app", "styles", "brand.css"), "utf8");
  const office = await readFile(join(import.meta.dirname, "office.css"), "utf8");
  const css = Buffer.from(brand + office.replace('url("inter.woff2")', `url("${fontName}")`));
  const jsName = hashed("office", "js", script);
  const cssName = hashed("office", "css", css);
  return {
    urls: { js: assetsPath + jsName, css: assetsPath + cssName },
    files: new Map([
      [jsName, { ...compressed(script), type: "text/javascript; charset=utf-8" }],
      [cssName, { ...compressed(css), type: "text/css; charset=utf-8" }],
      [fontName, { body: font, br: null, gzip: null, type: "font/woff2" }],
    ]),
  };
}
