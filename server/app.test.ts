import { createHash } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readSettings } from "../app/lib/settings";
import { buildServer } from "./app";
import { makeFakeClientRoot, makeTempDir, testInboxConfig } from "./testing/fake-client";

const root = makeFakeClientRoot();
const inboxDir = makeTempDir("app-test-");
const inlineScript = "window.__context = {};";
writeFileSync(join(root, "index.html"), `<!doctype html><title>Home</title><script>${inlineScript}</script>`);
writeFileSync(join(root, "_headers"), "/*\n  X-Test: 1\n");
writeFileSync(join(root, "__spa-fallback.html"), "<!doctype html><title>SPA</title>");
mkdirSync(join(root, "assets"));
writeFileSync(join(root, "assets", "entry-abc123.js"), "export {};");

const app = await buildServer({
  root,
  settings: readSettings({}),
  inbox: testInboxConfig(inboxDir),
});

afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
  rmSync(inboxDir, { recursive: true, force: true });
});

describe("the production server's headers", () => {
  it("allows the served pages' own inline scripts by hash in the Content-Security-Policy", async () => {
    const response = await app.inject({ method: "GET", url: "/" });
    const hash = createHash("sha256").update(inlineScript).digest("base64");
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  });

  it("sends the page-only headers (policy, framing) with pages, and only what applies to them with assets", async () => {
    const page = await app.inject({ method: "GET", url: "/" });
    expect(page.headers).toHaveProperty("x-frame-options", "DENY");
    expect(page.headers).toHaveProperty("x-content-type-options", "nosniff");
    const asset = await app.inject({ method: "GET", url: "/assets/entry-abc123.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers).toHaveProperty("x-content-type-options", "nosniff");
    expect(asset.headers).toHaveProperty("cache-control", "public, max-age=31536000, immutable");
    expect(asset.headers).not.toHaveProperty("content-security-policy");
    expect(asset.headers).not.toHaveProperty("x-frame-options");
  });

  it("does not serve the files written for other hosts, nor React Router's SPA fallback", async () => {
    for (const url of ["/_headers", "/__spa-fallback.html"]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain("X-Test");
    }
  });
});
