// @vitest-environment node
import { describe, expect, it } from "vitest";
import { deferHydration, moveStreamDataToBlocks, streamChunkReader } from "./defer-hydration";

const page = [
  `<html><head><link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/entry.client-2.js"/>`,
  `<link rel="modulepreload" href="/assets/root-3.js"/><link rel="preload" href="/assets/inter.woff2" as="font"/></head><body>`,
  `<main>Hello</main><script>window.__reactRouterContext = {};</script>`,
  `<script type="module" async="">import "/assets/manifest-1.js";\nimport * as route0 from "/assets/root-3.js";\n`,
  `import * as route1 from "/assets/home-4.js";\n  \n  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};\n\n`,
  `import("/assets/entry.client-2.js");</script></body></html>`,
].join("");

describe("moveStreamDataToBlocks", () => {
  it("puts React Router's hydration data into a data block, read by a script that is the same on every page", () => {
    const chunk = JSON.stringify(JSON.stringify([{ _1: 2 }, "loaderData", "48 Hours Transit"]));
    const html = `<main></main><script>window.__reactRouterContext.streamController.enqueue(${chunk});</script><script>window.__reactRouterContext.streamController.close();</script>`;
    expect(moveStreamDataToBlocks(html)).toBe(
      `<main></main><script type="application/json">${chunk}</script>${streamChunkReader}<script>window.__reactRouterContext.streamController.close();</script>`,
    );
  });

  it("hands the browser the same string as before", () => {
    const chunk = JSON.stringify('[{"_1":2},"record","A \u0026 B"]\n');
    const block = /<script type="application\/json">(.*?)<\/script>/.exec(
      moveStreamDataToBlocks(`<script>window.__reactRouterContext.streamController.enqueue(${chunk});</script>`),
    )?.[1];
    expect(JSON.parse(block ?? "")).toBe(JSON.parse(chunk));
  });
});

describe("deferHydration", () => {
  const deferred = deferHydration(page);

  it("takes the modulepreload links out of the HTML, and nothing else", () => {
    expect(deferred).not.toMatch(/<link rel="modulepreload"/);
    expect(deferred).toContain(`<link rel="preload" href="/assets/inter.woff2" as="font"/>`);
    expect(deferred).toContain("<main>Hello</main><script>window.__reactRouterContext = {};</script>");
  });

  it("has the boot script wait for the first paint, then preload, import the route modules and start the entry", () => {
    const boot = /<script type="module" async="">([\s\S]*)<\/script>/.exec(deferred)?.[1] ?? "";
    const lines = boot.split("\n");
    expect(lines[0]).toMatch(
      /^await new Promise\(\(go\)=>\{.*new PerformanceObserver\(.*.observe\(\{type:"paint",buffered:true\}\)\}\);$/,
    );
    expect(lines[1]).toContain(`["/assets/manifest-1.js","/assets/entry.client-2.js","/assets/root-3.js"]`);
    expect(lines[2]).toBe(
      `const [,route0,route1]=await Promise.all([import("/assets/manifest-1.js"),import("/assets/root-3.js"),import("/assets/home-4.js")]);`,
    );
    expect(lines[3]).toBe(`window.__reactRouterRouteModules={"root":route0,"routes/home":route1};`);
    expect(lines[4]).toBe(`import("/assets/entry.client-2.js");`);
    expect(boot).not.toMatch(/^import /m);
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
});
