import { setTimeout as sleep } from "node:timers/promises";

/** SQLITE_BUSY and its extended codes: another connection holds the lock this one needs. */
export function isBusy(error: unknown): boolean {
  return (
    typeof error === "object" &&
    error !== null &&
    "code" in error &&
    typeof error.code === "string" &&
    error.code.startsWith("SQLITE_BUSY")
  );
}

/** Thrown when the database stayed locked for longer than the caller would wait. */
export class StillBusyError extends Error {
  override name = "StillBusyError";
}

/**
 * Runs a database call, and while another process (the enquiries command, a backup) holds SQLite's lock, tries
 * again after a short pause, up to `waitMs`. The server's connection has busy_timeout 0, so a lock never makes
 * SQLite sleep inside the call: the waits are timers, and the event loop keeps serving pages meanwhile.
 * (PostgreSQL waits for its row locks itself, without holding the event loop.)
 */
export async function whenFree<T>(call: () => T | Promise<T>, waitMs: number): Promise<T> {
  const deadline = Date.now() + waitMs;
  for (let pause = 2; ; pause = Math.min(pause * 2, 100)) {
    try {
      return await call();
    } catch (error) {
      if (!isBusy(error)) throw error;
      if (Date.now() >= deadline) throw new StillBusyError(`The database stayed locked for ${waitMs} ms`);
    }
    await sleep(Math.min(pause, Math.max(1, deadline - Date.now())));
  }
}
