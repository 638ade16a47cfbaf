import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, constants, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { brotliQuality, precompress } from "./postbuild";

describe("precompress", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("writes a brotli and a gzip copy of each text file, each the same bytes once decompressed", async () => {
    const dir = mkdtempSync(join(tmpdir(), "precompress-"));
    dirs.push(dir);
    mkdirSync(join(dir, "admin"));
    const page = "<!doctype html><p>Visa</p>".repeat(50);
    writeFileSync(join(dir, "index.html"), page);
    writeFileSync(join(dir, "admin", "decap-cms.js"), "window.CMS = {};".repeat(50));
    writeFileSync(join(dir, "photo.avif"), "not text");
    expect(await precompress(dir)).toBe(2);
    for (const file of ["index.html", join("admin", "decap-cms.js")]) {
      const original = readFileSync(join(dir, file));
      expect(brotliDecompressSync(readFileSync(join(dir, `${file}.br`)))).toEqual(original);
      expect(gunzipSync(readFileSync(join(dir, `${file}.gz`)))).toEqual(original);
    }
  });

  it("uses brotli's best for the public files, and a quicker level for the editor's bundle", () => {
    const dir = join(tmpdir(), "client");
    expect(brotliQuality(dir, join(dir, "index.html"))).toBe(constants.BROTLI_MAX_QUALITY);
    expect(brotliQuality(dir, join(dir, "assets", "root-abc.js"))).toBe(constants.BROTLI_MAX_QUALITY);
    expect(brotliQuality(dir, join(dir, "administration.html"))).toBe(constants.BROTLI_MAX_QUALITY);
    expect(brotliQuality(dir, join(dir, "admin", "decap-cms.js"))).toBe(9);
  });
});
