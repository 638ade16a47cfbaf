import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

const chunkLoading = fileURLToPath(new URL("../app/lib/chunk-loading.ts", import.meta.url));

const routeImport = /await import\(\s*\/\* @vite-ignore \*\/\s*\/\* webpackIgnore: true \*\/\s*route\.module\s*\)/;
const reloadOnFailure = /window\.location\.reload\(\);\s*return new Promise\(\(\) => \{\s*\}\);/;
const marker = "reloading page...";

/**
 * React Router reloads the page, silently, when a route chunk fails to load, and waits for ever when it never
 * arrives. We want the visitor told ("Loading chunk {n} failed", with a reload button) and a 120 s limit, so
 * its route-module loader is rewired to app/lib/chunk-loading.ts. If an upgrade of React Router changes that
 * code, the build fails here rather than quietly losing the behaviour.
 */
export function rewireRouteChunkLoading(code: string): string {
  if (!code.includes(marker)) return code;
  if (!routeImport.test(code) || !reloadOnFailure.test(code)) {
    throw new Error(
      "vite-chunk-errors: React Router's loadRouteModule no longer has the expected shape; update scripts/vite-chunk-errors.ts",
    );
  }
  return (
    `import { loadRouteChunk as __loadRouteChunk } from ${JSON.stringify(chunkLoading)};\n` +
    code.replace(routeImport, "await __loadRouteChunk(route.id, route.module)").replace(reloadOnFailure, "throw error;")
  );
}

/** React Router's published modules: one file per module since version 8 (`.mjs` bundles before). */
const reactRouterDist = /[\\/]react-router[\\/]dist[\\/].*\.m?js$/;

export function chunkErrors(): Plugin {
  let rewired = false;
  return {
    name: "karama:chunk-errors",
    // Only the browser bundle loads route chunks; the development server pre-bundles React Router unchanged.
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    transform(code, id) {
      if (!reactRouterDist.test(id)) return null;
      const result = rewireRouteChunkLoading(code);
      if (result === code) return null;
      rewired = true;
      return { code: result, map: null };
    },
    buildEnd(error) {
      // A React Router that moved its loader out of reach would otherwise lose the behaviour without a word.
      if (!error && !rewired) {
        this.error(
          "vite-chunk-errors: React Router's route-module loader was not found in the client build; update scripts/vite-chunk-errors.ts",
        );
      }
    },
  };
}
