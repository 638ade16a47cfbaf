import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import type { Plugin } from "vite";
import { afterEach, describe, expect, it } from "vitest";
import { contentDir, contentModuleNames, loadContentModules } from "../app/content/load";
import { contentFiles, dataModuleCode, dataModuleOf } from "./vite-content";

const dataDir = join(import.meta.dirname, "..", "app", "content", "data");
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** Calls the plugin's load hook as Vite would, collecting the files it asks Vite to watch. */
function load(plugin: Plugin, id: string): { result: unknown; watched: string[] } {
  const watched: string[] = [];
  const hook = plugin.load;
  if (typeof hook !== "function") throw new Error("no load hook");
  const context = { addWatchFile: (file: string) => watched.push(file) };
  const result: unknown = Reflect.apply(hook, context, [id]);
  return { result, watched };
}

describe("the content files in the build", () => {
  it("replaces the photos module by the table of the copies of the photos the files name", async () => {
    const folder = mkdtempSync(join(tmpdir(), "karama-content-"));
    folders.push(folder);
    cpSync(contentDir, folder, { recursive: true });
    const page = join(folder, "visa-changes.yaml");
    writeFileSync(page, readFileSync(page, "utf8").replace(/image: [\w-]+/, "image: images/office.png"));
    await sharp({ create: { width: 800, height: 500, channels: 3, background: "#c84" } })
      .png()
      .toFile(join(folder, "images", "office.png"));
    const { result, watched } = load(contentFiles(folder), join(dataDir, "photos.ts"));
    const { code } = (await result) as { code: string };
    expect(code).toMatch(
      /^export const photos = \{"images\/office\.png":\{"base":"\/assets\/photo-[0-9a-f]{10}","widths":\[320,480,640,800\]\}\};\n$/,
    );
    expect(watched).toContain(join(folder, "images", "office.png"));
    expect(watched).not.toContain(join(folder, "images"));
  });

  it("knows the data modules, and nothing else", () => {
    expect(dataModuleOf(join(dataDir, "home.ts"))).toBe("home");
    expect(dataModuleOf(`${join(dataDir, "details.ts")}?v=1`)).toBe("details");
    expect(dataModuleOf(join(dataDir, "other.ts"))).toBeUndefined();
    expect(dataModuleOf(join(dataDir, "..", "cards.ts"))).toBeUndefined();
  });

  it("replaces a data module by its data as a plain literal, importing nothing", () => {
    const { result, watched } = load(contentFiles(), join(dataDir, "home.ts"));
    const code = (result as { code: string }).code;
    expect(code).not.toMatch(/\bimport\b/);
    const { home } = loadContentModules();
    expect(code).toBe(
      Object.entries(home)
        .map(([name, value]) => `export const ${name} = ${JSON.stringify(value)};\n`)
        .join(""),
    );
    expect(code).toMatch(/"price":"AED [0-9,]+\.[0-9]{2}"/);
    expect(watched).toContain(join(contentDir, "home.yaml"));
  });

  it("leaves every other module alone", () => {
    expect(load(contentFiles(), join(dataDir, "..", "cards.ts")).result).toBeNull();
  });

  it("stops the build on a mistake, with the file, the record and the field", () => {
    const folder = mkdtempSync(join(tmpdir(), "karama-content-"));
    folders.push(folder);
    cpSync(contentDir, folder, { recursive: true });
    const file = join(folder, "visa-changes.yaml");
    writeFileSync(file, readFileSync(file, "utf8").replace("price: AED 590.00", "price: 590"));
    expect(() => load(contentFiles(folder), join(dataDir, "details.ts"))).toThrow(
      /visa-changes\.yaml, record 3, visaTypes\[1\]\.price: expected a price such as AED 190\.00, found 590 \(line \d+\)/,
    );
  });

  it("writes each key as a constant whose literal evaluates back to its value", () => {
    const value = { a: ["x", 'quote " and \\ backslash', 1.5, true, null], b: { "key-with-dash": "é" } };
    const code = dataModuleCode(value);
    const constants = [...code.matchAll(/^export const (\w+) = (.*);$/gm)].map(([, name, literal]) => [
      name,
      JSON.parse(literal ?? ""),
    ]);
    expect(Object.fromEntries(constants)).toEqual(value);
    expect(() => dataModuleCode({ "not-a-name": 1 })).toThrow(/cannot be an export name/);
  });

  it("each module of app/content/data exports exactly the names its data has", () => {
    const modules = loadContentModules();
    for (const name of contentModuleNames) {
      const stub = readFileSync(join(dataDir, `${name}.ts`), "utf8");
      const exported = /export const \{([^}]*)\} = contentModule\("([^"]+)"\)/.exec(stub);
      expect(exported?.[2], name).toBe(name);
      const names = (exported?.[1] ?? "").split(",").map((part) => part.trim());
      expect(names.sort(), name).toEqual(Object.keys(modules[name]).sort());
    }
  });
});
