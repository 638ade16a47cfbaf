import { brotliDecompressSync, gunzipSync } from "node:zlib";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { buildCaseAssets, caseAssetsPath, engineFolderOf, serveCaseAsset } from "./assets";
import { caseHeaders, casePolicy } from "./headers";
import { passportEnglish } from "./ocr-data";

/*
 * Issue 57: the passport reader's files, served by this server alone: its engine (tesseract.js's worker, its
 * WebAssembly core, the English data) under a folder named by a hash of their content, a year's immutable public
 * cache, the right types, compressed; the reader its own bundle, loaded by the case page's script on demand.
 */
const assets = await buildCaseAssets();

async function serve() {
  const app = Fastify();
  app.get(`${caseAssetsPath}*`, (request, reply) => serveCaseAsset(assets, request, reply));
  app.addHook("onSend", async (request, reply) => {
    reply.headers(caseHeaders({}, request.url.startsWith(caseAssetsPath) && reply.statusCode === 200));
  });
  await app.ready();
  return app;
}

describe("the passport reader's files", () => {
  it("names the engine's folder by a hash of its files, and the reader by its own", () => {
    const folder = assets.passport.engineFolder;
    expect(folder).toMatch(/^\/case\/assets\/ocr\/[\w-]{10}\/$/);
    expect(folder).toBe(engineFolderOf(assets.passport.engine));
    expect(assets.passport.reader).toMatch(/^\/case\/assets\/passport-reader\.[\w-]{10}\.js$/);
    // A different file makes a different folder.
    const changed = new Map(assets.passport.engine);
    changed.set("eng.traineddata", Buffer.from("other"));
    expect(engineFolderOf(changed)).not.toBe(folder);
  });

  it("puts the reader's address in the case page's script, the engine's and the preparing worker's in the reader", () => {
    const caseScript = assets.files.get(assets.urls.js.slice(caseAssetsPath.length))?.body.toString() ?? "";
    expect(caseScript).toContain(assets.passport.reader);
    expect(caseScript).not.toContain("@@passport");
    // The case page's own script stays small: the engine is not in it.
    expect(caseScript).not.toContain("tessedit_char_whitelist");
    // Nor the rules and the mrz library: they come with the reader (the form's reading loads them).
    expect(caseScript).not.toContain("We could not read this clearly");
    // Uploads (tus-js-client is most of it), alerts and the passport form: 20 KB as sent.
    expect(caseScript.length).toBeLessThan(80_000);
    expect(assets.files.get(assets.urls.js.slice(caseAssetsPath.length))?.br?.length).toBeLessThan(20_000);
    const reader = assets.files.get(assets.passport.reader.slice(caseAssetsPath.length))?.body.toString() ?? "";
    expect(reader).toContain(assets.passport.engineFolder);
    expect(reader).toContain(assets.passport.prepWorker);
    expect(reader).toContain("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<");
    expect(reader).toContain("We could not read this clearly");
    expect(reader).not.toContain("@@passport");
    // tesseract.js's own defaults name a public CDN; the reader overrides every one of them (the e2e test,
    // e2e/case-passport-engine.spec.ts, fails any request to another address).
    expect(reader).toContain("workerBlobURL:!1");
  });

  it("serves each engine file with its type, a year's immutable public cache, brotli and gzip", async () => {
    const app = await serve();
    const types: Record<string, RegExp> = {
      "worker.min.js": /^text\/javascript/,
      "tesseract-core-simd.js": /^text\/javascript/,
      "tesseract-core-simd.wasm": /^application\/wasm$/,
      "tesseract-core.js": /^text\/javascript/,
      "tesseract-core.wasm": /^application\/wasm$/,
      "eng.traineddata": /^application\/octet-stream$/,
    };
    expect([...assets.passport.engine.keys()].sort()).toEqual(Object.keys(types).sort());
    // The English data is our carving of the package's full file: the legacy engine's parts alone.
    const data = await passportEnglish();
    for (const [name, type] of Object.entries(types)) {
      const url = `${assets.passport.engineFolder}${name}`;
      const br = await app.inject({ url, headers: { "accept-encoding": "gzip, deflate, br" } });
      expect(br.statusCode, url).toBe(200);
      expect(br.headers["content-type"]).toMatch(type);
      expect(br.headers["content-encoding"]).toBe("br");
      expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(br.headers.vary).toContain("accept-encoding");
      const body = brotliDecompressSync(br.rawPayload);
      expect(body.equals(assets.passport.engine.get(name) ?? Buffer.alloc(0))).toBe(true);
      if (name === "eng.traineddata") expect(body.equals(data)).toBe(true);
      const gz = await app.inject({ url, headers: { "accept-encoding": "gzip" } });
      expect(gz.headers["content-encoding"]).toBe("gzip");
      expect(gunzipSync(gz.rawPayload).equals(body)).toBe(true);
      const plain = await app.inject({ url });
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.rawPayload.equals(body)).toBe(true);
    }
    // The whole download of a browser with SIMD (the reader, its preparing worker, the engine's worker, core and
    // data) within the 4 MB of brotli, the data a small part of it.
    const sizes = assets.passport.sizes();
    expect(sizes.find((size) => size.name === "eng.traineddata")?.br).toBeLessThan(600_000);
    const fetched = sizes.filter((size) => !/^tesseract-core\./.test(size.name));
    expect(fetched.reduce((sum, size) => sum + size.br, 0)).toBeLessThan(4_000_000);
    await app.close();
  });

  it("answers a name it does not have, or a path that climbs out, with 404", async () => {
    const app = await serve();
    for (const url of [
      `${assets.passport.engineFolder}nothing.js`,
      `${caseAssetsPath}ocr/0000000000/worker.min.js`,
      `${assets.passport.engineFolder}../../case.css`,
      `${caseAssetsPath}ocr/${"x".repeat(300)}`,
    ]) {
      expect((await app.inject({ url })).statusCode, url).toBe(404);
    }
    await app.close();
  });
});

describe("the case room's policy", () => {
  it("lets the engine run, and nothing more: WebAssembly compiled, workers from this server only", () => {
    const directives = new Map(
      casePolicy.split("; ").map((directive) => {
        const [name = "", ...values] = directive.split(" ");
        return [name, values] as const;
      }),
    );
    expect(directives.get("script-src")).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(directives.get("worker-src")).toEqual(["'self'"]);
    expect(directives.get("connect-src")).toEqual(["'self'"]);
    expect(casePolicy).not.toContain("'unsafe-eval'");
    expect(casePolicy).not.toContain("unsafe-inline");
    expect(casePolicy).not.toMatch(/https?:/);
    expect(directives.get("default-src")).toEqual(["'none'"]);
  });

  it("keeps the page itself never stored, and its files in any cache for a year", () => {
    expect(caseHeaders({}, false)["cache-control"]).toBe("no-store");
    expect(caseHeaders({}, true)["cache-control"]).toBe("public, max-age=31536000, immutable");
  });
});
