import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { illustrationNames } from "../content/illustrations";

const folder = join(import.meta.dirname, "illustrations");
const files = readdirSync(folder);

describe("illustration files", () => {
  it("holds only the drawings: the agency's photos go in content/images", () => {
    expect(files.filter((file) => !file.endsWith(".svg"))).toEqual([]);
  });

  it("has an SVG for every illustration name, and no stray SVG", () => {
    const svgNames = files.filter((file) => file.endsWith(".svg")).map((file) => file.slice(0, -4));
    expect(svgNames.sort()).toEqual([...illustrationNames].sort());
  });

  describe.each(illustrationNames)("%s.svg", (name) => {
    const file = join(folder, `${name}.svg`);
    const source = readFileSync(file, "utf8");

    it("is small", () => {
      expect(statSync(file).size).toBeLessThan(8 * 1024);
    });

    it("is an 800 x 500 SVG", () => {
      expect(source.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(source).toMatch(/<svg [^>]*viewBox="0 0 800 500"/);
      expect(source).toMatch(/<svg [^>]*width="800"/);
      expect(source).toMatch(/<svg [^>]*height="500"/);
    });

    it("is well-formed XML", () => {
      const document = new DOMParser().parseFromString(source, "image/svg+xml");
      expect(document.getElementsByTagName("parsererror")).toHaveLength(0);
      expect(document.documentElement.nodeName).toBe("svg");
    });

    it("holds no script, text, raster data or outside reference", () => {
      expect(source).not.toMatch(/<script/i);
      expect(source).not.toMatch(/<text/i);
      expect(source).not.toMatch(/<image/i);
      expect(source).not.toMatch(/<foreignObject/i);
      expect(source).not.toMatch(/\son[a-z]+=/i);
      expect(source).not.toMatch(/href=["']?https?:/i);
      expect(source).not.toMatch(/url\(\s*["']?https?:/i);
      expect(source).not.toMatch(/data:|base64/i);
    });
  });
});
