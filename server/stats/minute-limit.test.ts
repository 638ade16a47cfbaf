import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MinuteLimit } from "./minute-limit";

describe("the collector's per-address limit (issue 34)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("lets an address send its limit in a minute, then refuses it until the next minute", () => {
    const limit = new MinuteLimit(3);
    const now = Date.now();
    expect([1, 2, 3, 4].map(() => limit.over("192.0.2.1", now))).toEqual([false, false, false, true]);
    expect(limit.over("192.0.2.2", now + 1_000)).toBe(false);
    expect(limit.over("192.0.2.1", now + 60_000)).toBe(false);
  });

  it("forgets a flood's addresses when the minute ends, though no beacon comes after it", () => {
    const limit = new MinuteLimit(120);
    const now = Date.now();
    for (let n = 0; n < 20_000; n++) limit.over(`10.0.${n >> 8}.${n & 255}`, now);
    expect(limit.size).toBe(20_000);
    vi.advanceTimersByTime(59_999);
    expect(limit.size).toBe(20_000);
    vi.advanceTimersByTime(1);
    expect(limit.size).toBe(0);
  });

  it("keeps no timer once cleared, so a closing server is not held", () => {
    const limit = new MinuteLimit(120);
    limit.over("192.0.2.1", Date.now());
    expect(vi.getTimerCount()).toBe(1);
    limit.clear();
    expect(vi.getTimerCount()).toBe(0);
    expect(limit.size).toBe(0);
  });
});
