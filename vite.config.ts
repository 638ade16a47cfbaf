import { resolve } from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { readSettings } from "./app/lib/settings.ts";
import { loadEnvFileOrStop } from "./server/env-file.ts";
import { chunkErrors } from "./scripts/vite-chunk-errors.ts";
import { chunkReport } from "./scripts/vite-chunk-report.ts";
import { clientRenderedRoutes } from "./scripts/vite-client-rendered.ts";
import { pageRouter } from "./scripts/vite-page-router.ts";
import { contentFiles } from "./scripts/vite-content.ts";
import { preactRuntime } from "./scripts/vite-preact.ts";

// The settings file beside the project (.env), under what the environment sets, as the server reads it.
loadEnvFileOrStop("The build cannot start");

export default defineConfig(() => ({
  // contentFiles: the pages get the content files (content/*.yaml) as plain data, checked at build time, and the
  // photos they name as copies. CONTENT_DIR builds from another content folder (the editor's and the photo tests use a copy).
  plugins: [
    preactRuntime(import.meta.dirname),
    contentFiles(process.env.CONTENT_DIR || undefined),
    // The benchmark's client-rendered comparison only (CLIENT_RENDERED=1): see the plugin.
    clientRenderedRoutes(process.env.CLIENT_RENDERED === "1"),
    // The browser runs the pages without React Router (app/lib/page-router), but for that comparison.
    pageRouter(import.meta.dirname, process.env.CLIENT_RENDERED !== "1"),
    reactRouter(),
    // React Router's loader of route chunks, rewired: only where React Router runs in the browser.
    ...(process.env.CLIENT_RENDERED === "1" ? [chunkErrors()] : []),
    // For `npm run bench`: which modules each browser chunk holds (written beside client/, not served).
    chunkReport(import.meta.dirname, resolve(import.meta.dirname, process.env.BUILD_DIR ?? "build")),
  ],
  // The settings are validated here, at build time: a bad variable stops the build with its name.
  define: {
    __SITE_SETTINGS__: JSON.stringify(readSettings(process.env)),
    // The year the pages were rendered in: what the pre-rendered HTML shows, so hydration matches it.
    __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
  },
  build: { assetsInlineLimit: 0 },
  // The spam guard's worker (app/lib/forms/spam-guard.worker.ts) is started as a module, as in development.
  worker: { format: "es" as const },
}));
