// @vitest-environment node
import { describe, expect, it } from "vitest";
import { blockingPart, blockingSources, formatBlockingSources, formatRealLongTasks, realLongTasks } from "./blocking";

const page = "http://127.0.0.1:4000/services";

describe("blockingPart", () => {
  it("counts what a task runs after FCP beyond its first 50 ms, as Lighthouse's TBT does", () => {
    // Wholly after FCP: 120 ms, of which 70 block.
    expect(blockingPart({ startTime: 800, duration: 120 }, 700)).toBe(70);
    // Started before FCP at 600 and ran to 840: 140 ms of it after FCP, 90 of them blocking.
    expect(blockingPart({ startTime: 600, duration: 240 }, 700)).toBe(90);
  });

  it("counts nothing of a task that ends before FCP, or runs under 50 ms after it", () => {
    expect(blockingPart({ startTime: 500, duration: 150 }, 700)).toBe(0);
    expect(blockingPart({ startTime: 660, duration: 80 }, 700)).toBe(0);
    expect(blockingPart({ startTime: 900, duration: 50 }, 700)).toBe(0);
  });
});

describe("blockingSources", () => {
  it("puts each long task's blocking part with where it comes from", () => {
    const sources = blockingSources(
      [
        // Chromium committing the navigation: unattributable, and simulated from before FCP.
        { url: "Unattributable", startTime: 610, duration: 200 },
        // The page's HTML: its parse, style and layout, its inline scripts.
        { url: page, startTime: 820, duration: 80 },
        { url: page, startTime: 1000, duration: 60 },
        { url: "http://127.0.0.1:4000/assets/menu-DkQau9UA.js", startTime: 1400, duration: 75 },
        // After FCP and unattributable: a garbage collection, an SVG image's own document.
        { url: "Unattributable", startTime: 1100, duration: 66 },
      ],
      700,
      page,
    );
    expect(sources).toEqual({ navigation: 60, page: 40, scripts: 25, unattributed: 16 });
  });

  it("gives Lighthouse's own scripts and any URL that is not the site's to the unattributed part", () => {
    expect(
      blockingSources(
        [
          { url: "_lighthouse-eval.js", startTime: 900, duration: 70 },
          { url: "chrome-extension://abc/x.js", startTime: 1000, duration: 60 },
        ],
        700,
        page,
      ),
    ).toEqual({ navigation: 0, page: 0, scripts: 0, unattributed: 30 });
  });

  it("skips items without a start or a duration rather than counting them as zero-length tasks at 0 ms", () => {
    expect(blockingSources([{ url: page }, { url: page, startTime: 800 }], 700, page)).toEqual({
      navigation: 0,
      page: 0,
      scripts: 0,
      unattributed: 0,
    });
  });
});

describe("formatBlockingSources", () => {
  it("names each part, in milliseconds, for the run's log line", () => {
    expect(formatBlockingSources({ navigation: 60.4, page: 40, scripts: 25.5, unattributed: 0 })).toBe(
      "long tasks after FCP: navigation commit 60, page 40, scripts 26, other 0 ms",
    );
  });
});

describe("realLongTasks", () => {
  const page = "http://127.0.0.1:4000/contact";
  const navigation = {
    name: "navigationStart",
    pid: 7,
    tid: 1,
    ts: 1_000_000,
    args: { data: { documentLoaderURL: page, isLoadingMainFrame: true } },
  };
  const task = (ts: number, durMs: number, threadMs: number | undefined, where = { pid: 7, tid: 1 }) => ({
    name: "RunTask",
    ph: "X",
    ...where,
    ts,
    dur: durMs * 1000,
    ...(threadMs === undefined ? {} : { tdur: threadMs * 1000 }),
  });

  it("sums the page's main-thread tasks that the 4× simulation makes long, in wall time and in thread time", () => {
    const events = [
      navigation,
      task(1_020_000, 40, 11),
      task(1_200_000, 15, 12),
      // Too short to become a long task at 4×.
      task(1_300_000, 12, 12),
      // Another thread, another process, and a task before the navigation.
      task(1_400_000, 30, 30, { pid: 7, tid: 2 }),
      task(1_400_000, 30, 30, { pid: 8, tid: 1 }),
      task(900_000, 30, 30),
    ];
    expect(realLongTasks(events, page)).toEqual({ wallMs: 55, threadMs: 23 });
  });

  it("gives nothing when the trace has no navigation to the page or no thread times", () => {
    expect(realLongTasks([task(1_020_000, 40, 11)], page)).toBeNull();
    expect(realLongTasks([navigation, task(1_020_000, 40, undefined)], page)).toBeNull();
  });
});

describe("formatRealLongTasks", () => {
  it("says how much of the long tasks' time the main thread ran", () => {
    expect(formatRealLongTasks({ wallMs: 55.4, threadMs: 23.2 })).toBe(
      "real tasks of 12.5 ms or more: 55 ms, 23 of them on a CPU",
    );
  });
});
