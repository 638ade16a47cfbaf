import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildOfficeAssets } from "./assets";

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
