import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

/**
 * The benchmark's client-rendered comparison (CLIENT_RENDERED=1) builds the same routes in React Router's SPA
 * mode, which refuses a route module that exports `loader` (a loader runs at pre-render, and SPA mode renders
 * nothing ahead). Each route that has one also has a `clientLoader` that gives the same data in the browser, so
 * the comparison build keeps the loader as a plain, unexported function.
 */
export function unexportLoaders(code: string): string {
  return code.replace(/^export (async )?function loader\(/gm, (_match, isAsync: string | undefined) => {
    return `${isAsync ?? ""}function loader(`;
  });
}

/** The comparison's browser entry: React Router's own router (the site's is app/lib/page-router). */
const clientRenderedEntry = fileURLToPath(new URL("./client-rendered-entry.tsx", import.meta.url));

export function clientRenderedRoutes(enabled: boolean): Plugin {
  return {
    name: "karama:client-rendered-routes",
    enforce: "pre",
    load(id) {
      if (!enabled || !/\/app\/entry\.client\.tsx$/.test(id.split("?")[0] ?? "")) return null;
      return readFileSync(clientRenderedEntry, "utf8").replace('"../app/', '"./');
    },
    transform(code, id) {
      if (!enabled || !/\/app\/routes\/[^/]+\.tsx$/.test(id.split("?")[0] ?? "")) return null;
      const changed = unexportLoaders(code);
      return changed === code ? null : { code: changed, map: null };
    },
  };
}
