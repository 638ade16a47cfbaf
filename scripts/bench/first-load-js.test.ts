// @vitest-environment node
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ChunkReportEntry } from "../vite-chunk-report";
import { firstLoadJs, pageScripts, partOf, scriptClosure, staticImports } from "./first-load-js";

describe("pageScripts", () => {
  it("lists script src, modulepreload href and an inline module's imports, static or not, once each", () => {
    const html = [
      `<link rel="modulepreload" href="/assets/a.js"/><link rel="preload" href="/assets/font.woff2" as="font"/>`,
      `<link rel="stylesheet" href="/assets/x.css"/><script src="/assets/b.js" defer></script>`,
      `<script type="application/ld+json">{"import":"x"}</script><script>window.x = 1;</script>`,
      `<script type="module" async="">import "/assets/a.js"; import * as r from "/assets/c.js";`,
      ` await import("/assets/entry.js");</script>`,
    ].join("");
    expect(pageScripts(html)).toEqual(["/assets/b.js", "/assets/a.js", "/assets/c.js", "/assets/entry.js"]);
  });
});

describe("staticImports", () => {
  it("finds minified static imports and re-exports, not dynamic imports", () => {
    const code = `import{a as b}from"./x.js";import"./y.js";export{c}from"./z.js";const l=()=>import("./lazy.js");`;
    expect(staticImports(code)).toEqual(["./x.js", "./y.js", "./z.js"]);
  });
});

describe("scriptClosure", () => {
  it("follows static imports, relative to each module, once each", () => {
    const files: Record<string, string> = {
      "/assets/entry.js": `import{x}from"./shared.js";import"./other.js"`,
      "/assets/shared.js": `export const x=1`,
      "/assets/other.js": `import"./shared.js";import("./lazy.js")`,
    };
    expect(scriptClosure(["/assets/entry.js"], (path) => files[path] ?? "")).toEqual([
      "/assets/entry.js",
      "/assets/shared.js",
      "/assets/other.js",
    ]);
  });
});

describe("partOf", () => {
  it("names the part a module belongs to", () => {
    expect(partOf("node_modules/preact/dist/preact.mjs")).toBe("preact");
    expect(partOf("node_modules/preact/compat/dist/compat.mjs")).toBe("preact");
    expect(partOf("node_modules/preact/hooks/dist/hooks.mjs")).toBe("preact");
    expect(partOf("app/lib/react-runtime.ts")).toBe("preact");
    expect(partOf("node_modules/react-router/dist/production/lib/router/router.js")).toBe("react-router");
    expect(partOf("node_modules/altcha-lib/dist/esm/v2/pow.js")).toBe("other libraries");
    expect(partOf("\0vite/preload-helper.js")).toBe("other libraries");
    expect(partOf("app/content/data/details.ts")).toBe("detail records");
    expect(partOf("app/content/data/details/dubai-visa-1.ts")).toBe("detail records");
    expect(partOf("app/content/data/home.ts")).toBe("content");
    expect(partOf("app/components/carousel/Carousel.tsx")).toBe("site code");
  });
});

describe("firstLoadJs", () => {
  it("sums the .br bytes of the page's scripts and shares each chunk out by its modules' lengths", () => {
    const dir = mkdtempSync(join(tmpdir(), "first-load-"));
    mkdirSync(join(dir, "assets"));
    writeFileSync(join(dir, "assets", "entry.js"), `import"./route.js"`);
    writeFileSync(join(dir, "assets", "entry.js.br"), Buffer.alloc(3000));
    writeFileSync(join(dir, "assets", "route.js"), `export const r=1`);
    writeFileSync(join(dir, "assets", "route.js.br"), Buffer.alloc(1000));
    const report: ChunkReportEntry[] = [
      { file: "assets/entry.js", modules: { "node_modules/preact/x.js": 200, "node_modules/react-router/y.js": 100 } },
      { file: "assets/route.js", modules: { "app/routes/detail.tsx": 10, "app/content/data/details.ts": 30 } },
    ];
    const result = firstLoadJs(`<link rel="modulepreload" href="/assets/entry.js">`, dir, report);
    expect(result.bytes).toBe(4000);
    expect(result.scripts).toEqual([
      { path: "/assets/entry.js", bytes: 3000 },
      { path: "/assets/route.js", bytes: 1000 },
    ]);
    expect(result.parts).toMatchObject({
      preact: 2000,
      "react-router": 1000,
      "site code": 250,
      "detail records": 750,
      content: 0,
    });
  });
});
