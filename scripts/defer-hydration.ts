/**
 * Hydration after the first paint. React Router writes into each pre-rendered page a `<link rel=modulepreload>`
 * for every script of the page (fetched at high priority while the page is still loading, competing with the
 * font and pictures for a phone's bandwidth), and a module script that imports the route modules at once, so
 * their code runs before the browser has painted anything. The page needs none of it to show: its HTML and
 * inline CSS are complete. This rewrites both, in each built page:
 * - the modulepreload links leave the head;
 * - the module script first waits for the first paint (not in a page opened in the background, which paints
 *   nothing), then adds the same modulepreload links (all scripts in parallel, as
 *   before), imports the same route modules and starts React Router's entry, which hydrates.
 * Taps made meanwhile are held and replayed (app/lib/early-taps.ts). If an upgrade of React Router changes the
 * script's shape, the build fails here rather than quietly shipping pages that never hydrate.
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";

const modulePreload = /<link rel="modulepreload" href="([^"]+)"\s*\/?>/g;
const bootScript = /<script type="module" async(?:="")?>([^<]*window\.__reactRouterRouteModules[^<]*)<\/script>/;

/** The statements React Router's boot script is made of; anything else stops the build. */
const sideEffectImport = /^import "([^"]+)";$/;
const namespaceImport = /^import \* as (route\d+) from "([^"]+)";$/;
const routeModules = /^window\.__reactRouterRouteModules = (\{[^}]*\});$/;
const entryImport = /^import\("([^"]+)"\);$/;

/**
 * The browser's own record of the first paint (a PerformanceObserver "paint" entry, delivered once the frame is
 * shown), not a timer or requestAnimationFrame: those stop under a test's paused clock. A page in the
 * background, which paints nothing, starts at once: there is no paint to protect.
 */
const firstPaintWait =
  'await new Promise((go)=>{if(document.visibilityState==="hidden"||performance.getEntriesByType("paint").length>0)return go();' +
  'new PerformanceObserver((list,observer)=>{observer.disconnect();go()}).observe({type:"paint",buffered:true})});';

function rewriteBoot(body: string, preloads: readonly string[]): string {
  const imports: { name: string | null; url: string }[] = [];
  let modules: string | null = null;
  let entry: string | null = null;
  for (const statement of body.split(/\n|;(?=import)/).map((line) => line.trim())) {
    if (statement === "") continue;
    const sideEffect = sideEffectImport.exec(statement);
    const namespace = namespaceImport.exec(statement);
    const assignment = routeModules.exec(statement);
    const start = entryImport.exec(statement);
    if (sideEffect?.[1]) imports.push({ name: null, url: sideEffect[1] });
    else if (namespace?.[1] && namespace[2]) imports.push({ name: namespace[1], url: namespace[2] });
    else if (assignment?.[1]) modules = assignment[1];
    else if (start?.[1]) entry = start[1];
    else throw new Error(`defer-hydration: React Router's boot script has an unexpected statement: ${statement}`);
  }
  if (!modules || !entry || imports.length === 0) {
    throw new Error("defer-hydration: React Router's boot script no longer has the expected shape");
  }
  return [
    firstPaintWait,
    `for(const href of ${JSON.stringify(preloads)}){const link=document.createElement("link");link.rel="modulepreload";link.href=href;document.head.append(link)}`,
    `const [${imports.map((item) => item.name ?? "").join(",")}]=await Promise.all([${imports
      .map((item) => `import(${JSON.stringify(item.url)})`)
      .join(",")}]);`,
    `window.__reactRouterRouteModules=${modules};`,
    `import(${JSON.stringify(entry)});`,
  ].join("\n");
}

const streamChunk =
  /<script>window\.__reactRouterContext\.streamController\.enqueue\(("(?:[^"\\<]|\\.)*")\);<\/script>/g;

/** The one script that hands a data block to React Router: the same on every page, so one hash in the CSP. */
export const streamChunkReader =
  "<script>window.__reactRouterContext.streamController.enqueue(JSON.parse(document.currentScript.previousElementSibling.textContent))</script>";

/**
 * React Router hands each page's hydration data (the loaders' answers: a detail page's record) to the browser
 * in an inline script of its own, different on every page; the site's one Content-Security-Policy lists the
 * hash of every inline script of every page, and it is sent with every page and drawing, so each such script
 * made every response ~55 bytes heavier (1.7 KB for the detail pages' records). The data goes into a data
 * block instead (`<script type="application/json">`, which never runs and needs no hash), read by one script
 * that is the same everywhere.
 */
export function moveStreamDataToBlocks(html: string): string {
  return html.replace(streamChunk, (_, literal: string) => {
    // The literal is React Router's JSON.stringify, with <, > and & escaped: JSON, and safe inside a script.
    JSON.parse(literal);
    return `<script type="application/json">${literal}</script>${streamChunkReader}`;
  });
}

/** One page: the modulepreload links out of the head, and the boot script waiting for the first paint. */
export function deferHydration(html: string): string {
  return deferBoot(moveStreamDataToBlocks(html));
}

function deferBoot(html: string): string {
  const boot = bootScript.exec(html);
  if (!boot?.[1]) {
    // A page that hydrates has React Router's route modules: a boot script this cannot read would silently ship
    // pages that hydrate before the first paint, with their modulepreload links fetched at high priority.
    if (html.includes("window.__reactRouterRouteModules")) {
      throw new Error("defer-hydration: the page has React Router's boot script in a shape it cannot read");
    }
    return html;
  }
  // Already rewritten (a second run of the post-build steps).
  if (boot[1].startsWith(firstPaintWait)) return html;
  const preloads = [...html.matchAll(modulePreload)].map((match) => match[1] ?? "");
  const rewritten = rewriteBoot(boot[1], preloads);
  return html
    .replace(modulePreload, "")
    .replace(bootScript, () => `<script type="module" async="">${rewritten}</script>`);
}

/** Every page of a client build; returns how many were rewritten. */
export async function deferHydrationInBuild(clientDir: string): Promise<number> {
  const entries = await readdir(clientDir, { recursive: true, withFileTypes: true });
  let count = 0;
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith(".html")) continue;
    const file = join(entry.parentPath, entry.name);
    const html = await readFile(file, "utf8");
    const deferred = deferHydration(html);
    if (deferred !== html) {
      await writeFile(file, deferred);
      count++;
    }
  }
  return count;
}
