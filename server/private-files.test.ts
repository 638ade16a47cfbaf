// @vitest-environment node
import type { FastifyInstance } from "fastify";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSettings } from "../app/lib/settings";
import { buildServer } from "./app";
import { makeFakeClientRoot, makeTempDir, testInboxConfig } from "./testing/fake-client";

/*
 * Findings 1-3 of the attack review: private files by any spelling, the static-host headers file through a dot
 * segment, and a year-long cache on a miss under /assets/. Requests go out raw (node:http sends the path exactly
 * as written), because fetch and inject would normalise the very spellings under test.
 */
const root = makeFakeClientRoot();
const inboxDir = makeTempDir("private-files-");
const secret = "SECRET_TOKEN_1234";
const files: Record<string, string> = {
  ".env": `API_KEY=${secret}`,
  ".git/config": `[remote "origin"] ${secret}`,
  ".git/HEAD": `ref: ${secret}`,
  "assets/.hidden.js": secret,
  _headers: `/*\n  X-Secret: ${secret}\n`,
  "__spa-fallback.html": `<!doctype html>${secret}`,
  "nginx.conf": `server { # ${secret} }`,
  "inbox.sqlite": secret,
  "backup.tar.gz": secret,
  "index.html.bak": secret,
  LICENSE: secret,
  "assets/entry-abc123.js": "export {};",
  "assets/style-abc123.css": "body{}",
  "robots.txt": "User-agent: *",
  ".well-known/security.txt": "Contact: mailto:security@example.com",
};
for (const [path, content] of Object.entries(files)) {
  mkdirSync(join(root, path, ".."), { recursive: true });
  writeFileSync(join(root, path), content);
}

let app: FastifyInstance;
let port = 0;
beforeAll(async () => {
  app = await buildServer({
    root,
    settings: readSettings({}),
    inbox: testInboxConfig(inboxDir),
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  port = (app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
  rmSync(inboxDir, { recursive: true, force: true });
});

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** GET with the path sent byte for byte as given. */
function rawGet(path: string, method = "GET"): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, method, headers: { connection: "close" } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

describe("nothing private is served, by any spelling", () => {
  const spellings = [
    "/.env",
    "/.%65nv",
    "/%2eenv",
    "/%2Eenv",
    "/.env?x=1",
    "/.git/config",
    "/.git/HEAD",
    "/.%67it/config",
    "/%2egit/config",
    "/.git%2fconfig",
    "/assets/.hidden.js",
    "/assets/../.env",
    "/assets/%2e%2e/.env",
    "/./.env",
    "//.env",
    "/.well-known/../.env",
    "/.well-known/%2e%2e/.git/config",
    "/_headers",
    "/./_headers",
    "/%5fheaders",
    "/assets/../_headers",
    "/.%2f_headers",
    "/__spa-fallback.html",
    "/./__spa-fallback.html",
    "/nginx.conf",
    "/./nginx.conf",
    "/inbox.sqlite",
    "/backup.tar.gz",
    "/index.html.bak",
    "/index.html.gz",
    "/index.html.br",
    "/LICENSE",
  ];

  it.each(spellings)("GET %s is the 404 page, without the file", async (path) => {
    const response = await rawGet(path);
    expect(response.status).toBe(404);
    expect(response.body).not.toContain(secret);
    expect(response.body).not.toContain("User-agent");
  });

  it("answers a path that cannot be decoded as a bad request", async () => {
    for (const path of ["/%", "/%zz", "/.%zzenv"]) {
      const response = await rawGet(path);
      expect(response.status, path).toBe(400);
      expect(response.body).not.toContain(secret);
    }
  });

  it("answers HEAD the same way", async () => {
    expect((await rawGet("/./.env", "HEAD")).status).toBe(404);
    expect((await rawGet("/.git/config", "HEAD")).status).toBe(404);
  });

  it("still serves pages, assets, robots.txt and /.well-known/", async () => {
    for (const [path, expected] of [
      ["/", "Home"],
      ["/assets/entry-abc123.js", "export {};"],
      ["/assets/style-abc123.css", "body{}"],
      ["/robots.txt", "User-agent"],
      ["/.well-known/security.txt", "Contact:"],
    ] as const) {
      const response = await rawGet(path);
      expect(response.status, path).toBe(200);
      expect(response.body, path).toContain(expected);
    }
  });
});

describe("caching", () => {
  it("caches an asset that exists for a year", async () => {
    const response = await rawGet("/assets/entry-abc123.js");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("never caches a miss under /assets/ (a later deploy may add the file)", async () => {
    for (const path of ["/assets/entry-later.js", "/assets/", "/assets/sub/x.css", "/assets/.hidden.js"]) {
      const response = await rawGet(path);
      expect(response.status, path).toBe(404);
      expect(response.headers["cache-control"], path).toBe("no-cache");
    }
  });
});
