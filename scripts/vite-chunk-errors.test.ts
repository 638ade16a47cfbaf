// @vitest-environment node
import { readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { rewireRouteChunkLoading } from "./vite-chunk-errors";

const require = createRequire(import.meta.url);
const distDir = join(dirname(require.resolve("react-router/package.json")), "dist");

function chunksWithLoader(): string[] {
  return ["development", "production"].flatMap((flavour) =>
    readdirSync(join(distDir, flavour))
      .filter((name) => name.endsWith(".mjs"))
      .map((name) => readFileSync(join(distDir, flavour, name), "utf8"))
      .filter((code) => code.includes("reloading page...")),
  );
}

describe("rewireRouteChunkLoading", () => {
  it("finds React Router's route-module loader in the installed version", () => {
    expect(chunksWithLoader().length).toBeGreaterThan(0);
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
