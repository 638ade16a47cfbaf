import { resolve } from "node:path";
import type { Plugin } from "vite";

/**
 * The browser build resolves `react-router` to app/lib/page-router/react-router.tsx: what the pages use of it, for
 * pre-rendered pages, in a few hundred bytes instead of 41 KiB (issue 38). The pre-rendering (the server
 * environment), the development server and the component tests keep React Router. Off for the benchmark's
 * client-rendered comparison, which is React Router rendering in the browser.
 */
export function pageRouter(root: string, enabled: boolean): Plugin {
  const standIn = resolve(root, "app/lib/page-router/react-router.tsx");
  return {
    name: "karama:page-router",
    enforce: "pre",
    apply: "build",
    applyToEnvironment: (environment) => enabled && environment.name === "client",
    resolveId: (source) => (source === "react-router" ? standIn : null),
  };
}
