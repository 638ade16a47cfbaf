import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { runInNewContext } from "node:vm";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { buildOfficeAssets, type OfficeAssets } from "./assets";

const repoRoot = join(import.meta.dirname, "..", "..");
const tokens = (css: string) =>
  [...css.matchAll(/^\s*(--[\w-]+):\s*([^;]+);/gm)].map(([, name, value]) => ({ name, value }));

describe("the office's colours are the site's (issue 36, item 6)", () => {
  const brand = readFileSync(join(repoRoot, "app", "styles", "brand.css"), "utf8");
  const brandNames = new Set(tokens(brand).map((token) => token.name));

  it("are defined once, in app/styles/brand.css, which the site's global.css imports", () => {
    expect(brandNames.has("--navy")).toBe(true);
    const site = readFileSync(join(repoRoot, "app", "styles", "global.css"), "utf8");
    expect(site).toMatch(/^@import "\.\/brand\.css";/m);
    const office = readFileSync(join(import.meta.dirname, "office.css"), "utf8");
    const copied = [...tokens(site), ...tokens(office)].filter((token) => brandNames.has(token.name));
    expect(copied).toEqual([]);
  });

  it("reach the office's browser: its style sheet begins with them", async () => {
    const { urls, files } = await buildOfficeAssets();
    const css = files.get(urls.css.split("/").at(-1) ?? "")?.body.toString() ?? "";
    expect(css.startsWith(brand)).toBe(true);
    expect(css).toContain("var(--navy)");
  });
});

/*
 * The script and the compressed files are kept in a cache folder between starts (assets.ts): a start takes them from
 * there only while every file the script was made from is unchanged, and serves the same bytes either way.
 */
describe("the office's assets, kept between starts", () => {
  const folders: string[] = [];
  const folder = (prefix: string) => {
    const made = mkdtempSync(join(tmpdir(), prefix));
    folders.push(made);
    return made;
  };
  afterAll(() => {
    for (const made of folders) rmSync(made, { recursive: true, force: true });
  });
  const scriptOf = ({ urls, files }: OfficeAssets) => files.get(urls.js.split("/").at(-1) ?? "")?.body.toString() ?? "";

  it("are the same bytes from the cache as made anew, compressed as the names say", async () => {
    const cacheDir = folder("karama-office-cache-");
    const made = await buildOfficeAssets({ cacheDir });
    const kept = await buildOfficeAssets({ cacheDir });
    const uncached = await buildOfficeAssets({ cacheDir: null });
    expect([made.cached, kept.cached]).toEqual([false, true]);
    expect(kept.urls).toEqual(uncached.urls);
    expect(made.urls).toEqual(uncached.urls);
    expect([...kept.files.keys()]).toEqual([...uncached.files.keys()]);
    for (const [name, file] of uncached.files) {
      expect(kept.files.get(name)).toEqual(file);
      if (file.br && file.gzip) {
        expect(brotliDecompressSync(file.br).equals(file.body)).toBe(true);
        expect(gunzipSync(file.gzip).equals(file.body)).toBe(true);
      }
    }
  });

  it("make a new script when a source changes, or a new file changes what an import names", async () => {
    const sources = folder("karama-office-sources-");
    const cacheDir = folder("karama-office-cache-");
    const entry = join(sources, "entry.ts");
    writeFileSync(entry, 'import { word } from "./word";\ndocument.title = word;\n');
    writeFileSync(join(sources, "word.ts"), 'export const word: string = "first word";\n');
    const first = await buildOfficeAssets({ entry, cacheDir });
    expect(scriptOf(first)).toContain("first word");
    const again = await buildOfficeAssets({ entry, cacheDir });
    expect(again.cached).toBe(true);
    expect(again.urls).toEqual(first.urls);

    writeFileSync(join(sources, "word.ts"), 'export const word: string = "second word";\n');
    const changed = await buildOfficeAssets({ entry, cacheDir });
    expect(changed.cached).toBe(false);
    expect(scriptOf(changed)).toContain("second word");
    expect(changed.urls.js).not.toBe(first.urls.js);
    expect((await buildOfficeAssets({ entry, cacheDir })).cached).toBe(true);

    // esbuild resolves "./word" to word.tsx before word.ts: the same files, a different script.
    writeFileSync(join(sources, "word.tsx"), 'export const word: string = "third word";\n');
    const shadowed = await buildOfficeAssets({ entry, cacheDir });
    expect(shadowed.cached).toBe(false);
    expect(scriptOf(shadowed)).toContain("third word");

    // A cache file that is not what its manifest says is not served.
    for (const name of readdirSync(cacheDir).filter((file) => file.endsWith(".js"))) {
      writeFileSync(join(cacheDir, name), "broken");
    }
    const repaired = await buildOfficeAssets({ entry, cacheDir });
    expect(repaired.cached).toBe(false);
    expect(scriptOf(repaired)).toBe(scriptOf(shadowed));
  });
});

/*
 * Issue 55: the notification for a push waited on a fetch of its icon from the server (Chromium loads a
 * notification's icon before it shows it, for up to 90 s), so a phone with a stalled connection, or a busy server,
 * showed the alert late or not while it mattered. The icon now travels inside the worker's script.
 */
describe("the office's service worker", () => {
  /** Runs the served worker in a scope of its own and hands it a push: what it asks the browser to show. */
  async function showsFor(payload: string) {
    const { worker } = await buildOfficeAssets({ cacheDir: null });
    const listeners = new Map<string, (event: unknown) => void>();
    const shown: { title: string; options: NotificationOptions }[] = [];
    const fetched: unknown[] = [];
    const scope = {
      location: new URL("https://office.example/office/sw.js"),
      registration: {
        showNotification: async (title: string, options: NotificationOptions) => {
          shown.push({ title, options });
        },
      },
      clients: { matchAll: async () => [], openWindow: async () => null, claim: async () => {} },
      skipWaiting: async () => {},
      addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
      fetch: (...request: unknown[]) => {
        fetched.push(request);
        return new Promise(() => {});
      },
    };
    runInNewContext(worker.body.toString("utf8"), { self: scope, fetch: scope.fetch, console });
    const waited: Promise<unknown>[] = [];
    listeners.get("push")?.({
      data: { text: () => payload },
      waitUntil: (promise: Promise<unknown>) => waited.push(promise),
    });
    await Promise.all(waited);
    return { shown, fetched };
  }

  it("shows an alert with the office's icon written into it, fetching nothing", async () => {
    const { shown, fetched } = await showsFor(
      JSON.stringify({ title: "New enquiry: Pushed Parveen", body: "Dubai Tourist Visa", url: "/office/enquiries/7" }),
    );
    expect(fetched).toEqual([]);
    expect(shown).toHaveLength(1);
    expect(shown[0]?.title).toBe("New enquiry: Pushed Parveen");
    const icon = String(shown[0]?.options.icon);
    expect(icon).toMatch(/^data:image\/png;base64,/);
    const bytes = Buffer.from(icon.slice(icon.indexOf(",") + 1), "base64");
    expect(bytes.equals(readFileSync(join(repoRoot, "public", "icon-192.png")))).toBe(true);
  });
});
