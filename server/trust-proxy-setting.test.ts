import { describe, expect, it } from "vitest";
import { readTrustProxy } from "./trust-proxy";

describe("TRUST_PROXY is read strictly", () => {
  it.each([
    [undefined, false],
    ["", false],
    [" FALSE ", false],
    ["true", true],
    ["127.0.0.1", "127.0.0.1"],
    ["127.0.0.1, ::1", "127.0.0.1,::1"],
    ["10.0.0.0/8,loopback", "10.0.0.0/8,loopback"],
    ["fd00::/8", "fd00::/8"],
  ])("%j is %j", (value, expected) => {
    expect(readTrustProxy(value)).toBe(expected);
  });

  it.each(["1", "yes", "127.0.0.1/33", "::1/129", "nginx", "127.0.0.1,", "10.0.0.0/8/8"])(
    "%j stops the start with a message naming it",
    (value) => {
      expect(() => readTrustProxy(value)).toThrow(/^TRUST_PROXY must be the proxy's addresses/);
    },
  );
});
