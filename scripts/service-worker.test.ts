import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { keptSyncTag } from "../app/lib/forms/kept-copies";
import { readSettings } from "../app/lib/settings";
import { makeTempDir } from "../server/testing/fake-client";
import { buildVersion, bundleServiceWorker, withoutScripts, writeServiceWorker } from "./service-worker";

/**
 * What the kept enquiries' Background Sync adds to the worker (app/service-worker/kept-sync.ts): the send the pages
 * share with it, and the spam guard's solver, which a service worker cannot start a worker of its own for.
 */
const keptSyncBytes = 8_500;

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A client build of three files, the offline page among them. */
function fakeBuild(): string {
  const dir = makeTempDir("karama-sw-");
  made.push(dir);
  mkdirSync(join(dir, "assets"));
  mkdirSync(join(dir, "offline"));
  mkdirSync(join(dir, "admin"));
  writeFileSync(join(dir, "index.html"), "<!doctype html><title>Home</title>");
  writeFileSync(join(dir, "assets", "entry-abc.js"), "console.log(1)");
  writeFileSync(
    join(dir, "offline", "index.html"),
    '<!doctype html><head><script>window.__earlyTaps=[]</script><link rel="modulepreload" href="/assets/entry-abc.js"/>' +
      '<script type="application/ld+json">{"@type":"TravelAgency"}</script></head>' +
      '<body><h1>You are offline</h1><script type="application/json">"[loaderData]"</script><script type="module" async="">import("/assets/entry-abc.js")</script></body>',
  );
  return dir;
}

describe("the offline page", () => {
  it("loses its scripts, their preloads and the router's data, and keeps its JSON-LD and its text", () => {
    const html = withoutScripts(readFileSync(join(fakeBuild(), "offline", "index.html"), "utf8"));
    expect(html).not.toMatch(/__earlyTaps|modulepreload|import\(|loaderData/);
    expect(html).toContain('<script type="application/ld+json">{"@type":"TravelAgency"}</script>');
    expect(html).toContain("<h1>You are offline</h1>");
  });
});

describe("the build's version", () => {
  it("changes with any page or asset, and with nothing else (the editor, the compressed copies, sw.js)", async () => {
    const dir = fakeBuild();
    const first = await buildVersion(dir);
    expect(first).toMatch(/^[0-9a-f]{12}$/);
    writeFileSync(join(dir, "index.html.br"), "x");
    writeFileSync(join(dir, "admin", "index.html"), "editor");
    writeFileSync(join(dir, "sw.js"), "worker");
    expect(await buildVersion(dir)).toBe(first);
    writeFileSync(join(dir, "index.html"), "<!doctype html><title>Home, new</title>");
    expect(await buildVersion(dir)).not.toBe(first);
  });
});

describe("/sw.js", () => {
  it("is the worker, with this build's version and the offline page to keep at install", async () => {
    const code = await bundleServiceWorker("0123456789ab");
    expect(code).toContain("0123456789ab");
    expect(code).toContain('"/offline"');
    expect(code).toMatch(/addEventListener\("fetch"/);
    // Fetched on every visit that checks for a new build (past any cache), never before the page is shown.
    expect(code.length).toBeLessThan(6_000 + keptSyncBytes);
  });

  it("sends the kept enquiries on the browser's Background Sync, with the spam guard's solver of its own", async () => {
    const code = await bundleServiceWorker("0123456789ab");
    expect(code).toMatch(/addEventListener\("sync"/);
    expect(code).toContain(`"${keptSyncTag}"`);
    expect(code).toContain("crypto.subtle.digest");
  });

  it("with SERVICE_WORKER=off, deletes the worker's caches and unregisters itself, answering nothing", async () => {
    const dir = fakeBuild();
    expect(await writeServiceWorker(dir, readSettings({ SERVICE_WORKER: "off" }))).toBeNull();
    const code = readFileSync(join(dir, "sw.js"), "utf8");
    expect(code).toContain("unregister()");
    expect(code).toContain("caches.delete");
    expect(code).not.toMatch(/addEventListener\("fetch"/);
  });

  it("is written with the offline page made plain, whichever the setting", async () => {
    const dir = fakeBuild();
    const version = await writeServiceWorker(dir, readSettings({}));
    expect(readFileSync(join(dir, "sw.js"), "utf8")).toContain(version);
    expect(readFileSync(join(dir, "offline", "index.html"), "utf8")).not.toContain("modulepreload");
  });
});

describe("the setting", () => {
  it("is on by default, reads on and off in any case, and stops the build on anything else", () => {
    expect(readSettings({}).serviceWorker).toBe(true);
    expect(readSettings({ SERVICE_WORKER: "OFF" }).serviceWorker).toBe(false);
    expect(readSettings({ SERVICE_WORKER: " on " }).serviceWorker).toBe(true);
    expect(() => readSettings({ SERVICE_WORKER: "no" })).toThrow(/SERVICE_WORKER: must be on or off/);
  });
});
