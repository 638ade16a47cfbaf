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

export function clientRenderedRoutes(enabled: boolean): Plugin {
  return {
    name: "karama:client-rendered-routes",
    enforce: "pre",
    transform(code, id) {
      if (!enabled || !/\/app\/routes\/[^/]+\.tsx$/.test(id.split("?")[0] ?? "")) return null;
      const changed = unexportLoaders(code);
      return changed === code ? null : { code: changed, map: null };
    },
  };
}
