// @vitest-environment node
import { describe, expect, it } from "vitest";
import { parseBenchArgs } from "./args";

describe("parseBenchArgs", () => {
  it("builds into build-bench, runs every route once and writes bench-results/bench.json by default", () => {
    expect(parseBenchArgs([], {})).toEqual({
      build: true,
      buildDir: "build-bench",
      routes: null,
      runs: 1,
      out: "bench-results/bench.json",
      reach: false,
      real: false,
      compare: true,
      jsOnly: false,
      wire: false,
      vs: null,
      pin: true,
    });
  });

  it("reads BUILD_DIR, --no-build, --routes, --runs and --out", () => {
    expect(
      parseBenchArgs(["--no-build", "--routes=/,/about", "--runs=3", "--out=tmp/b.json"], { BUILD_DIR: "build-x" }),
    ).toEqual({
      build: false,
      buildDir: "build-x",
      routes: ["/", "/about"],
      runs: 3,
      out: "tmp/b.json",
      reach: false,
      real: false,
      compare: true,
      jsOnly: false,
      wire: false,
      vs: null,
      pin: true,
    });
  });

  it("reads --no-pin", () => {
    expect(parseBenchArgs(["--no-pin"], {}).pin).toBe(false);
    expect(parseBenchArgs(["--no-pin", "--vs=build-before"], {})).toMatchObject({ pin: false, vs: "build-before" });
  });

  it("reads --reach", () => {
    expect(parseBenchArgs(["--reach"], {}).reach).toBe(true);
  });

  it("reads --no-compare and --js", () => {
    expect(parseBenchArgs(["--no-compare", "--js"], {})).toMatchObject({ compare: false, jsOnly: true });
  });

  it("reads --real: three runs per route and bench-results/bench-real.json unless told otherwise", () => {
    expect(parseBenchArgs(["--real"], {})).toMatchObject({ real: true, runs: 3, out: "bench-results/bench-real.json" });
    expect(parseBenchArgs(["--real", "--runs=5", "--out=tmp/r.json", "--no-compare"], {})).toMatchObject({
      real: true,
      runs: 5,
      out: "tmp/r.json",
      compare: false,
    });
    expect(parseBenchArgs(["--real", "--runs=1"], {}).runs).toBe(1);
  });

  it("reads --wire: three runs per route, bench-results/bench-wire.json and no client-rendered build", () => {
    expect(parseBenchArgs(["--wire"], {})).toMatchObject({
      wire: true,
      runs: 3,
      out: "bench-results/bench-wire.json",
      compare: false,
      vs: null,
      pin: true,
    });
    expect(
      parseBenchArgs(["--wire", "--no-build", "--runs=1", "--out=tmp/w.json", "--routes=/,/contact"], {
        BUILD_DIR: "build-before",
      }),
    ).toMatchObject({
      wire: true,
      build: false,
      buildDir: "build-before",
      runs: 1,
      out: "tmp/w.json",
      routes: ["/", "/contact"],
      compare: false,
    });
  });

  it("reads --vs with --wire: the other build's directory as given", () => {
    expect(parseBenchArgs(["--wire", "--vs=build-before"], {}).vs).toBe("build-before");
    expect(parseBenchArgs(["--wire", "--vs", "/tmp/other-build"], {}).vs).toBe("/tmp/other-build");
  });

  it("reads --vs without a mode: Lighthouse against that build, and no client-rendered build", () => {
    expect(parseBenchArgs(["--vs=build-before"], {})).toMatchObject({
      vs: "build-before",
      compare: false,
      wire: false,
      runs: 1,
      out: "bench-results/bench.json",
    });
    // --no-compare says no client-rendered build, which --vs needs none of: the two agree.
    expect(parseBenchArgs(["--vs=build-before", "--no-compare"], {})).toMatchObject({
      vs: "build-before",
      compare: false,
    });
  });

  it("reads --vs with --js: the first-load JavaScript of both builds", () => {
    expect(parseBenchArgs(["--js", "--vs=build-before"], {})).toMatchObject({
      jsOnly: true,
      vs: "build-before",
      compare: false,
    });
  });

  it("rejects --vs with --reach or --real, or without a directory", () => {
    expect(() => parseBenchArgs(["--reach", "--vs=build-before"], {})).toThrow(/--vs does not work with --reach/);
    expect(() => parseBenchArgs(["--real", "--vs=build-before"], {})).toThrow(/--vs does not work with --real/);
    expect(() => parseBenchArgs(["--wire", "--vs= "], {})).toThrow(/--vs needs a build directory/);
    expect(() => parseBenchArgs(["--vs="], {})).toThrow(/--vs needs a build directory/);
  });

  it("rejects --wire with --reach, --real or --js: each is a mode of its own", () => {
    expect(() => parseBenchArgs(["--wire", "--reach"], {})).toThrow(/--reach and --wire .*one at a time/);
    expect(() => parseBenchArgs(["--real", "--wire"], {})).toThrow(/--real and --wire .*one at a time/);
    expect(() => parseBenchArgs(["--js", "--wire"], {})).toThrow(/--js and --wire .*one at a time/);
  });

  it("rejects --real with --reach or --js: each is a mode of its own", () => {
    expect(() => parseBenchArgs(["--real", "--reach"], {})).toThrow(/--reach and --real .*one at a time/);
    expect(() => parseBenchArgs(["--js", "--real"], {})).toThrow(/--real and --js .*one at a time/);
    expect(() => parseBenchArgs(["--reach", "--js"], {})).toThrow(/--reach and --js .*one at a time/);
  });

  it("rejects a run count that is not a whole number of at least 1", () => {
    expect(() => parseBenchArgs(["--runs=0"], {})).toThrow(/--runs/);
    expect(() => parseBenchArgs(["--runs=two"], {})).toThrow(/--runs/);
  });

  it("rejects an option it does not know", () => {
    expect(() => parseBenchArgs(["--fast"], {})).toThrow();
  });
});
