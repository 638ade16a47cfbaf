import { defineConfig } from "vitest/config";
import { readSettings } from "./app/lib/settings.ts";
import { contentFiles } from "./scripts/vite-content.ts";
import { preactRuntime } from "./scripts/vite-preact.ts";

// Unit and component tests run without the React Router plugin, with the default settings. Only the component
// tests (*.test.tsx) and the tests of code that needs a document (*.dom.test.ts) pay for a DOM: the rest run in
// Node.
// Both get the content files the way the pages do (scripts/vite-content.ts).

/** Test files that replace a module with vi.mock: with a module graph shared between files, the mock would leak. */
const mockingModules = ["server/new-field.test.ts"];

/** The Node tests' environment, shared by the project of most files and the isolated one. */
const nodeTests = {
  environment: "node" as const,
  // The server's tests start servers, PostgreSQL connections and child processes (four servers migrating one
  // database at once, npm run office…). Vitest's 5 s default failed them on a busy two-core machine (CI, or any run
  // beside other work) while each finished well within this on its own.
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // A throwaway PostgreSQL cluster for the data layer's tests, which run on both engines.
  globalSetup: ["./server/data/testing/global-setup.ts"],
};

export default defineConfig({
  plugins: [preactRuntime(import.meta.dirname), contentFiles()],
  define: {
    __SITE_SETTINGS__: JSON.stringify(readSettings({})),
    __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
  },
  test: {
    // A developer's settings file (.env) never reaches a test, nor the servers and commands the tests start:
    // each test sets what it needs (server/env-file.ts).
    env: { ENV_FILE: "off" },
    restoreMocks: true,
    // A stubbed variable or global goes with its test: the Node project's files share a module graph.
    unstubEnvs: true,
    unstubGlobals: true,
    // expect.poll waits for what a server writes in its own time (the statistics' batches): Vitest's 1 s default
    // failed it while other work ran beside the suite. A poll that is answered returns at once; this is only how
    // long a wrong answer is given before the test fails.
    expect: { poll: { timeout: 15_000 } },
    // One worker per core. Vitest's default leaves one core free, which on a two-core machine ran the files one
    // at a time (node project 44 s, 24 s with both cores).
    maxWorkers: "100%",
    projects: [
      {
        extends: true,
        test: {
          name: "node",
          ...nodeTests,
          include: ["app/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: ["**/*.dom.test.ts", "**/node_modules/**", ...mockingModules],
          // One module graph per worker rather than a new process and graph per file: a new one per file cost
          // 135 process starts and a sixth of the suite's time (the server's modules loaded again for each file).
          // So a file leaves nothing behind (each removes its servers, folders and databases after it), and a
          // file that replaces a module (vi.mock) runs in the project below, isolated.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "node-isolated",
          ...nodeTests,
          include: mockingModules,
        },
      },
      {
        extends: true,
        test: {
          name: "dom",
          environment: "jsdom",
          include: ["app/**/*.test.tsx", "app/**/*.dom.test.ts"],
          // One DOM per worker rather than per file (half this project's time): Testing Library unmounts after
          // each test and restoreMocks resets the spies; the component tests keep no state of their own.
          isolate: false,
          setupFiles: ["./vitest.setup.ts"],
        },
      },
    ],
  },
});
