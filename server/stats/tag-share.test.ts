import { describe, expect, it } from "vitest";
import { addressGroup, addressesKept, TagShare, tagsPerAddress } from "./tag-share";

describe("the day's campaign tags shared between addresses (issue 55)", () => {
  it("names an address's first tags, then counts its others as other; a tag it sent before stays named", () => {
    const share = new TagShare();
    const day = "2026-11-29";
    for (let n = 0; n < tagsPerAddress; n++) expect(share.allows("10.0.0.1", day, `t-${n}`)).toBe(true);
    expect(share.allows("10.0.0.1", day, "one-more")).toBe(false);
    expect(share.allows("10.0.0.1", day, "t-0")).toBe(true);
    // Another address has a share of its own.
    expect(share.allows("10.0.0.2", day, "one-more")).toBe(true);
  });

  it("starts each day afresh", () => {
    const share = new TagShare(1);
    expect(share.allows("10.0.0.1", "2026-11-29", "a")).toBe(true);
    expect(share.allows("10.0.0.1", "2026-11-29", "b")).toBe(false);
    expect(share.allows("10.0.0.1", "2026-11-30", "b")).toBe(true);
    expect(share.size).toBe(1);
  });

  it("holds no address itself, and at most its number of addresses", () => {
    const share = new TagShare(1, 3);
    for (const n of [1, 2, 3]) expect(share.allows(`10.0.0.${n}`, "2026-11-29", "a")).toBe(true);
    expect(share.allows("10.0.0.4", "2026-11-29", "a")).toBe(false);
    expect(share.size).toBe(3);
    expect(JSON.stringify([...(share as unknown as { sent: Map<string, unknown> }).sent.keys()])).not.toContain("10.0");
    expect(addressesKept).toBeGreaterThan(1000);
  });

  it("counts an IPv6 address by its /64", () => {
    expect(addressGroup("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressGroup("2001:0db8:0001:0002:ffff:1:2:3")).toBe("2001:db8:1:2::/64");
    expect(addressGroup("2001:db8::5")).toBe("2001:db8:0:0::/64");
    expect(addressGroup("::ffff:10.0.0.1")).toBe("::ffff:10.0.0.1");
    expect(addressGroup("10.0.0.1")).toBe("10.0.0.1");
    const share = new TagShare(1);
    expect(share.allows("2001:db8:1:2::1", "2026-11-29", "a")).toBe(true);
    expect(share.allows("2001:db8:1:2::ffff", "2026-11-29", "b")).toBe(false);
  });
});
