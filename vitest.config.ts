import { defineConfig } from "vitest/config";
import { readSettings } from "./app/lib/settings.ts";

// Unit and component tests run without the React Router plugin, with the default settings.
export default defineConfig({
  define: {
    __SITE_SETTINGS__: JSON.stringify(readSettings({})),
    __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
  },
  test: {
    environment: "jsdom",
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"],
    setupFiles: ["./vitest.setup.ts"],
    restoreMocks: true,
  },
});
