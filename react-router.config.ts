import type { Config } from "@react-router/dev/config";
import { detailNotFoundPaths, emptyDetailPaths, notFoundPath, offlinePath, pagePaths } from "./app/lib/paths";
import { loadEnvFileOrStop } from "./server/env-file";

// BUILD_DIR may be in the settings file (.env) too.
loadEnvFileOrStop("The build cannot start");

export default {
  // A static site: every page is rendered to HTML at build time, then hydrates.
  ssr: false,
  // BUILD_DIR lets several builds live side by side (e.g. parallel test runs); the server reads the same.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Each path is listed on its own (see app/lib/paths.ts): the 24 pages, the empty-record layout of each
  // detail group and the not-found pages, which the server answers with status 404; and the offline page.
  // CLIENT_RENDERED=1 (only `npm run bench` sets it, into a folder of its own): React Router's SPA mode, the
  // same pages rendered in the browser from an empty shell, to compare against.
  prerender:
    process.env.CLIENT_RENDERED === "1"
      ? false
      : [...pagePaths, ...emptyDetailPaths, ...detailNotFoundPaths, notFoundPath, offlinePath],
} satisfies Config;
