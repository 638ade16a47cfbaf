// @vitest-environment node
import { describe, expect, it } from "vitest";
import { bootScript, deferHydration } from "./defer-hydration";

const stream = JSON.stringify(JSON.stringify([{ _1: 2 }, "loaderData", "48 Hours Transit"]));
const page = [
  `<html><head><link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/entry.client-2.js"/>`,
  `<link rel="modulepreload" href="/assets/root-3.js"/><link rel="preload" href="/assets/inter.woff2" as="font"/></head><body>`,
  `<main>Hello</main><script type="application/json" id="page-state">{"pathname":"/","matches":[]}</script>`,
  `<script>window.__reactRouterContext = {"ssr":false};window.__reactRouterContext.stream = new ReadableStream();</script>`,
  `<script type="module" async="">import "/assets/manifest-1.js";\nimport * as route0 from "/assets/root-3.js";\n`,
  `import * as route1 from "/assets/home-4.js";\n  \n  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};\n\n`,
  `import("/assets/entry.client-2.js");</script>`,
  `<script>window.__reactRouterContext.streamController.enqueue(${stream});</script>`,
  `<script>window.__reactRouterContext.streamController.close();</script></body></html>`,
].join("");

describe("deferHydration", () => {
  const deferred = deferHydration(page);

  it("takes React Router's preloads, context, hydration data and manifest out of the page, and nothing else", () => {
    expect(deferred).not.toMatch(/<link rel="modulepreload"|__reactRouterContext|manifest-1/);
    expect(deferred).toContain(`<link rel="preload" href="/assets/inter.woff2" as="font"/>`);
    expect(deferred).toContain(`<main>Hello</main><script type="application/json" id="page-state">`);
  });

  it("says in the page's scripts block what the boot script loads: the route modules by id, the entry, the preloads", () => {
    const block = /<script type="application\/json" id="page-scripts">([^<]*)<\/script>/.exec(deferred)?.[1];
    expect(JSON.parse(block ?? "null")).toEqual({
      entry: "/assets/entry.client-2.js",
      modules: { root: "/assets/root-3.js", "routes/home": "/assets/home-4.js" },
      preloads: ["/assets/entry.client-2.js", "/assets/root-3.js"],
    });
  });

  it("has one boot script, the same on every page, after the block", () => {
    const other = deferHydration(page.replace(/home-4/g, "about-5").replace("routes/home", "routes/about"));
    const bootOf = (html: string) => /<script type="module" async="">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(bootOf(deferred)).toBe(bootScript);
    expect(bootOf(other)).toBe(bootScript);
    expect(deferred.indexOf('id="page-scripts"')).toBeLessThan(deferred.indexOf(bootScript));
  });

  it("has the boot script wait for the first paint, then preload, import the route modules and start the entry", () => {
    const lines = bootScript.split("\n");
    expect(lines[0]).toMatch(
      /^await new Promise\(\(go\)=>\{.*new PerformanceObserver\(.*.observe\(\{type:"paint",buffered:true\}\)\}\);$/,
    );
    expect(lines[1]).toContain('manifest.rel="manifest";manifest.href="/site.webmanifest"');
    expect(lines.at(-1)).toBe("import(page.entry);");
    expect(bootScript).not.toMatch(/^import /m);
  });

  it("leaves a page it has already rewritten as it is", () => {
    expect(deferHydration(deferred)).toBe(deferred);
  });

  it("leaves a page without React Router's boot script as it is", () => {
    expect(deferHydration("<html><body>static</body></html>")).toBe("<html><body>static</body></html>");
  });

  it("reads the boot script as Preact writes it too (a bare boolean attribute)", () => {
    const preact = page.replace('<script type="module" async="">', '<script type="module" async>');
    expect(deferHydration(preact)).toBe(deferred);
  });

  it("stops the build when a page has React Router's route modules but no boot script it can read", () => {
    const other = page.replace('<script type="module" async="">', '<script async="" type="module">');
    expect(() => deferHydration(other)).toThrow(/boot script/);
  });

  it("stops the build when the boot script has a statement it does not know", () => {
    const changed = page.replace(`import("/assets/entry.client-2.js");`, `startSomethingNew();`);
    expect(() => deferHydration(changed)).toThrow(/unexpected statement: startSomethingNew/);
  });

  it("stops the build when the page has no page-state block for the browser", () => {
    const stateless = page.replace(/<script type="application\/json" id="page-state">[^<]*<\/script>/, "");
    expect(() => deferHydration(stateless)).toThrow(/page-state/);
  });
});
