// @vitest-environment node
import { readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { chunkErrors, rewireRouteChunkLoading } from "./vite-chunk-errors";

const require = createRequire(import.meta.url);
const distDir = join(dirname(require.resolve("react-router/package.json")), "dist");

/** Every published module of the installed React Router that holds its route-module loader. */
function chunksWithLoader(): string[] {
  return ["development", "production"].flatMap((flavour) =>
    readdirSync(join(distDir, flavour), { recursive: true, encoding: "utf8" })
      .filter((name) => /\.m?js$/.test(name))
      .map((name) => readFileSync(join(distDir, flavour, name), "utf8"))
      .filter((code) => code.includes("reloading page...")),
  );
}

describe("rewireRouteChunkLoading", () => {
  it("finds React Router's route-module loader in the installed version, in both builds", () => {
    expect(chunksWithLoader().length).toBeGreaterThanOrEqual(2);
  });

  it("replaces the silent reload with our loader and a thrown error", () => {
    for (const code of chunksWithLoader()) {
      const rewired = rewireRouteChunkLoading(code);
      expect(rewired).toContain("await __loadRouteChunk(route.id, route.module)");
      expect(rewired).not.toMatch(/window\.location\.reload\(\);\s*return new Promise/);
    }
  });

  it("leaves other code alone and fails loudly on an unexpected shape", () => {
    expect(rewireRouteChunkLoading("const a = 1;")).toBe("const a = 1;");
    expect(() => rewireRouteChunkLoading("console.error('reloading page...')")).toThrow(/expected shape/);
  });
});

describe("chunkErrors plugin", () => {
  type Hook = (this: unknown, ...args: unknown[]) => unknown;
  const context = {
    error(message: string): never {
      throw new Error(message);
    },
  };
  const run = (hook: unknown, ...args: unknown[]) => (hook as Hook).call(context, ...args);

  it("fails the client build when no React Router module was rewired", () => {
    const plugin = chunkErrors();
    expect(run(plugin.transform, "const a = 1;", "/x/node_modules/react-router/dist/production/index.js")).toBeNull();
    expect(() => run(plugin.buildEnd)).toThrow(/loader was not found/);
  });

  it("passes once React Router's loader was rewired", () => {
    const plugin = chunkErrors();
    const [loader] = chunksWithLoader();
    const id = "/x/node_modules/react-router/dist/production/lib/dom/ssr/routeModules.js";
    expect(run(plugin.transform, loader, id)).toMatchObject({ code: expect.stringContaining("__loadRouteChunk") });
    expect(() => run(plugin.buildEnd)).not.toThrow();
  });
});
