import { resolve } from "node:path";
import type { Plugin } from "vite";

/**
 * The pages are written against React's API and run on Preact (preact/compat): the same components, a fifth of
 * the JavaScript. Every import of React, React DOM and the JSX runtime, the app's and React Router's, resolves to
 * Preact, for the browser, for the pre-rendering at build time and for the component tests. `react` itself resolves
 * to app/lib/react-runtime.ts, which adds what React Router needs and preact/compat lacks.
 */
export function preactRuntime(root: string): Plugin {
  return {
    name: "karama:preact-runtime",
    enforce: "pre",
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
          { find: /^react-dom\/server$/, replacement: "preact/compat/server" },
          { find: /^react-dom\/test-utils$/, replacement: "preact/test-utils" },
          { find: /^react\/jsx-runtime$/, replacement: "preact/compat/jsx-runtime" },
          { find: /^react\/jsx-dev-runtime$/, replacement: "preact/compat/jsx-dev-runtime" },
          { find: /^react-dom$/, replacement: "preact/compat" },
          { find: /^react$/, replacement: resolve(root, "app/lib/react-runtime.ts") },
        ],
      },
      // The pre-rendering bundles React Router too, so that its imports of React resolve to Preact as well.
      ssr: { noExternal: true },
    }),
  };
}
