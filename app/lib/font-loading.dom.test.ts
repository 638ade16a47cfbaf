import { describe, expect, it, vi } from "vitest";
import { fontClass, fontScript, loadFontForNextPage, applyFontOnNewPage, type FontLoading } from "./font-loading";

const coreUrl = "/assets/inter-latin-core-wght-AbC123.woff2";
const key = "karama:font:v1";
/** A loaded face, as far as the code looks at one: it is there. */
const face = {} as FontFace;

/** A browser's storage, in memory; or one that throws on every use, as where the browser blocks site data. */
function memoryStorage(items: Record<string, string> = {}): Storage {
  const map = new Map(Object.entries(items));
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (name) => map.get(name) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (name) => void map.delete(name),
    setItem: (name, value) => void map.set(name, String(value)),
  };
}
const blockedStorage = new Proxy(memoryStorage(), {
  get() {
    throw new DOMException("The operation is insecure.", "SecurityError");
  },
});

/** A fresh document, with the head script run as the page runs it, and a FontFaceSet whose loads we decide. */
function page(storage: Storage | (() => Storage), load: () => Promise<FontFace[]> = () => Promise.resolve([face])) {
  const doc = document.implementation.createHTMLDocument();
  const window = {
    get localStorage() {
      return typeof storage === "function" ? storage() : storage;
    },
  };
  new Function("window", "document", fontScript(coreUrl))(window, doc);
  const fonts = { load: vi.fn(load) };
  const loading: FontLoading = { document: doc, fonts, storage: () => window.localStorage, url: coreUrl };
  return { doc, fonts, loading, uses: () => doc.documentElement.classList.contains(fontClass) };
}

describe("the site's font: the first paint never waits for it", () => {
  it("a first visit is painted in the fallback: the head script leaves the font out", () => {
    expect(page(memoryStorage()).uses()).toBe(false);
  });

  it("a phone that has the font from an earlier page uses it from the first paint", () => {
    expect(page(memoryStorage({ [key]: coreUrl })).uses()).toBe(true);
  });

  it("a font of another build is not taken for this one (its file name changed)", () => {
    expect(page(memoryStorage({ [key]: "/assets/inter-latin-core-wght-Old999.woff2" })).uses()).toBe(false);
  });

  it("where the browser blocks site data, the head script does not fail: the page keeps the fallback", () => {
    expect(page(() => blockedStorage).uses()).toBe(false);
  });

  it("after hydration, the font is fetched for the next page, and the phone remembers it has it", async () => {
    const storage = memoryStorage();
    const { fonts, loading, uses } = page(storage);
    await loadFontForNextPage(loading);
    expect(fonts.load).toHaveBeenCalledWith('1em "Inter Variable"');
    expect(storage.getItem(key)).toBe(coreUrl);
    expect(uses(), "this page stays in the fallback: nothing swaps under the reader").toBe(false);
  });

  it("a page already in the font fetches nothing", async () => {
    const { fonts, loading } = page(memoryStorage({ [key]: coreUrl }));
    await loadFontForNextPage(loading);
    expect(fonts.load).not.toHaveBeenCalled();
  });

  it("a font that fails to load is not remembered, and never used", async () => {
    const storage = memoryStorage();
    const { loading, uses } = page(storage, () => Promise.reject(new Error("network")));
    await loadFontForNextPage(loading);
    expect(storage.getItem(key)).toBeNull();
    applyFontOnNewPage(loading);
    expect(uses()).toBe(false);
  });

  it("a font that loads as nothing (no face matched) is not remembered either", async () => {
    const storage = memoryStorage();
    const { loading } = page(storage, () => Promise.resolve([]));
    await loadFontForNextPage(loading);
    expect(storage.getItem(key)).toBeNull();
  });

  it("the next page shown in this document uses the font once it has loaded, not before", async () => {
    let arrive: (faces: FontFace[]) => void = () => undefined;
    const { loading, uses } = page(memoryStorage(), () => new Promise((resolve) => (arrive = resolve)));
    const loaded = loadFontForNextPage(loading);
    applyFontOnNewPage(loading);
    expect(uses(), "still on its way").toBe(false);
    arrive([face]);
    await loaded;
    expect(uses(), "this page stays as it is").toBe(false);
    applyFontOnNewPage(loading);
    expect(uses()).toBe(true);
  });

  it("where site data is blocked, the font still serves the next page in this document", async () => {
    const { loading, uses } = page(() => blockedStorage);
    await loadFontForNextPage(loading);
    applyFontOnNewPage(loading);
    expect(uses()).toBe(true);
  });
});
