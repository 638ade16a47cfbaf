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
    });
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
