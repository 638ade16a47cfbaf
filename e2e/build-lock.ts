import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";

/**
 * Builds that the end-to-end tests make of their own (the photo and editor tests) run one at a time: each
 * `react-router build` rewrites the project's .react-router/ folder, and two at once in the two workers trip over
 * each other's files. The lock is a folder, made atomically; a build waits for the other to finish.
 */
const lock = join(import.meta.dirname, "..", ".react-router", "e2e-build.lock");

export async function oneBuildAtATime<T>(build: () => Promise<T> | T, timeoutMs = 180_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      mkdirSync(join(lock, ".."), { recursive: true });
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      if (Date.now() > deadline) throw new Error(`another end-to-end build held ${lock} for ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return await build();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
