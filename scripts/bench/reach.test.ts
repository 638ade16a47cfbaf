// @vitest-environment node
import { describe, expect, it } from "vitest";
import { formatDistance, formatReachTable, nearest, reachRow, scrollToSee } from "./reach";

describe("scrollToSee", () => {
  it("is 0 for what the first screen shows whole, above any bar at the foot", () => {
    expect(scrollToSee({ bottom: 700, fixed: false }, 844, 64)).toBe(0);
    expect(scrollToSee({ bottom: 780, fixed: false }, 844, 64)).toBe(0);
  });

  it("counts the pixels until the box clears the bar at the foot of the window", () => {
    expect(scrollToSee({ bottom: 781, fixed: false }, 844, 64)).toBe(1);
    expect(scrollToSee({ bottom: 2000.4, fixed: false }, 844, 0)).toBe(1157);
  });

  it("is 0 for a fixed element inside the window, and never for one outside it", () => {
    expect(scrollToSee({ bottom: 836, fixed: true }, 844, 64)).toBe(0);
    expect(scrollToSee({ bottom: 900, fixed: true }, 844, 64)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe("nearest", () => {
  it("takes the candidate in sight soonest, and null when there is none", () => {
    const boxes = [
      { bottom: 3000, fixed: false },
      { bottom: 1000, fixed: false },
    ];
    expect(nearest(boxes, 844, 0)).toBe(156);
    expect(nearest([], 844, 0)).toBeNull();
    expect(nearest([{ bottom: 900, fixed: true }], 844, 0)).toBeNull();
  });
});

describe("the table", () => {
  it("prints 0 for the first screen, pixels and screens beyond it, and – for none", () => {
    expect(formatDistance(0, 844)).toBe("0");
    expect(formatDistance(1266, 844)).toBe("1,266 px (1.5 screens)");
    expect(formatDistance(null, 844)).toBe("–");
  });

  it("has a row per route with the three figures", () => {
    const row = reachRow("/about", {
      viewportHeight: 844,
      bottomChrome: 0,
      price: [],
      call: [{ bottom: 5000, fixed: false }],
      field: [{ bottom: 844, fixed: false }],
    });
    expect(row).toEqual({ route: "/about", price: null, call: 4156, field: 0 });
    const table = formatReachTable([row]).split("\n");
    expect(table[0]).toMatch(/^\| route +\| first price \| call link +\| form's first field \|$/);
    expect(table[2]).toMatch(/^\| `\/about` \| – +\| 4,156 px \(4\.9 screens\) \| 0 +\|$/);
  });
});
