import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it, vi } from "vitest";
import type { StatEvent, StatVital, StatsStore } from "../data/stats/store";
import { StatsWriter, writerDefaults } from "./writer";

const log = { warn: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger;

function vital(n: number): StatVital {
  return { id: `v-${n}`, day: "2026-11-25", route: "/", device: "phone", metric: "LCP", value: n };
}

const view: StatEvent = { day: "2026-11-25", kind: "view", route: "/", source: "direct", device: "phone" };

/**
 * A store that keeps what each record call received, and whether a macrotask had run before it; the calls that
 * `fails` picks (by their number, from 0) are refused.
 */
function fakeStore(fails: (call: number) => boolean = () => false) {
  const calls: { events: number; vitals: StatVital[]; afterMacrotask: boolean }[] = [];
  let tried = 0;
  let macrotaskRan = false;
  const store = {
    record: (events: readonly StatEvent[], vitals: readonly StatVital[]) => {
      if (fails(tried++)) return Promise.reject(new Error("disk full"));
      calls.push({ events: events.length, vitals: [...vitals], afterMacrotask: macrotaskRan });
      return Promise.resolve();
    },
  } as unknown as StatsStore;
  return { store, calls, markMacrotask: () => setImmediate(() => (macrotaskRan = true)) };
}

describe("StatsWriter", () => {
  it("writes a big batch in transactions of at most rowsPerTransaction rows, in order, the event loop free between", async () => {
    const { store, calls, markMacrotask } = fakeStore();
    const writer = new StatsWriter(() => store, log, { ...writerDefaults, rowsPerTransaction: 250 });
    const vitals = Array.from({ length: 1000 }, (_, n) => vital(n));
    writer.add([view, view], vitals);
    markMacrotask();
    await writer.flush();

    expect(calls.map((call) => call.events + call.vitals.length)).toEqual([250, 250, 250, 250, 2]);
    expect(calls.flatMap((call) => call.vitals)).toEqual(vitals);
    expect(calls.reduce((sum, call) => sum + call.events, 0)).toBe(2);
    // Requests waiting on the event loop (an enquiry's, a page's) are served between two pieces, not after all.
    expect(calls[0]?.afterMacrotask).toBe(false);
    expect(calls.slice(1).every((call) => call.afterMacrotask)).toBe(true);
  });

  it("splits the events too when they fill more than a piece, each row written once", async () => {
    const { store, calls } = fakeStore();
    const writer = new StatsWriter(() => store, log, { ...writerDefaults, rowsPerTransaction: 250 });
    const vitals = Array.from({ length: 100 }, (_, n) => vital(n));
    writer.add(
      Array.from({ length: 300 }, () => view),
      vitals,
    );
    await writer.flush();
    expect(calls.map((call) => [call.events, call.vitals.length])).toEqual([
      [250, 0],
      [50, 100],
    ]);
    expect(calls.flatMap((call) => call.vitals)).toEqual(vitals);
  });

  it("keeps a vital's newest value when its id is written twice across pieces", async () => {
    const { store, calls } = fakeStore();
    const writer = new StatsWriter(() => store, log, { ...writerDefaults, rowsPerTransaction: 2 });
    writer.add([], [vital(1), vital(2), { ...vital(1), value: 99 }]);
    await writer.flush();
    expect(calls.flatMap((call) => call.vitals).at(-1)).toEqual({ ...vital(1), value: 99 });
  });

  it("drops a piece that cannot be written with a log line, and writes the rest", async () => {
    const { store, calls } = fakeStore((call) => call === 0);
    const error = vi.fn();
    const writer = new StatsWriter(() => store, { warn: vi.fn(), error } as unknown as FastifyBaseLogger, {
      ...writerDefaults,
      rowsPerTransaction: 10,
    });
    writer.add(
      [],
      Array.from({ length: 25 }, (_, i) => vital(i)),
    );
    await writer.flush();
    expect(calls.map((call) => call.vitals.length)).toEqual([10, 5]);
    expect(error).toHaveBeenCalledOnce();
    expect(String(error.mock.calls[0]?.[1])).toContain("10 rows could not be written");
  });
});
