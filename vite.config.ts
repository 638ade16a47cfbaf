import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { readSettings } from "./app/lib/settings.ts";
import { chunkErrors } from "./scripts/vite-chunk-errors.ts";

export default defineConfig(() => ({
  plugins: [reactRouter(), chunkErrors()],
  // The settings are validated here, at build time: a bad variable stops the build with its name.
  define: { __SITE_SETTINGS__: JSON.stringify(readSettings(process.env)) },
  build: { assetsInlineLimit: 0 },
}));
