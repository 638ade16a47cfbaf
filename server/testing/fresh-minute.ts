import { onTestFinished, vi } from "vitest";

/**
 * For a test that counts requests against a per-minute limit: moves the clock (Date only; timers stay real and it
 * keeps running) to the start of the minute after next, so the requests fall in one fresh minute. Without it such
 * a test fails whenever the clock's minute turns while it runs (the inbox's and the office's windows are the
 * clock's minutes; the statistics' starts with its first request). Call it inside the test; it is undone when the test ends.
 */
export function inAFreshMinute(): void {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
  vi.setSystemTime(now - (now % 60_000) + 120_000);
  onTestFinished(() => {
    vi.useRealTimers();
  });
}
