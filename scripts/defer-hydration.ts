/**
 * Hydration after the first paint, and without React Router in the browser (issue 38). React Router writes into
 * each pre-rendered page a `<link rel=modulepreload>` for every script of the page (fetched at high priority while
 * the page is still loading, competing with the font and pictures for a phone's bandwidth), a module script that
 * imports the route modules at once, so that their code runs before the browser has painted anything, its route
 * manifest, and its own hydration data. The page needs none of that to show: its HTML and inline CSS are
 * complete, and its routes and their data are in the page's `page-state` block (root.tsx). This rewrites each
 * built page:
 * - the modulepreload links, React Router's context and hydration data scripts leave the page;
 * - its boot script becomes a `page-scripts` data block (app/lib/page-router/page-data.ts: the route modules,
 *   the entry and every file they import) and one boot script, the same on every page (one hash in the CSP), which
 *   first waits for the first paint (not in a page opened in the background, which paints nothing), then links
 *   the web app manifest, adds the modulepreload links (all scripts in parallel, as before), imports the route
 *   modules and starts the entry (app/entry.client.tsx), which hydrates.
 * Taps made meanwhile are held and replayed (app/lib/early-taps.ts). If an upgrade of React Router changes the
 * script's shape, the build fails here rather than quietly shipping pages that never hydrate.
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { dataBlockText, pageScriptsId, pageStateId, type PageScripts } from "../app/lib/page-router/page-data";
import { manifestPath } from "../app/lib/site-assets";

const modulePreload = /<link rel="modulepreload" href="([^"]+)"\s*\/?>/g;
const reactRouterBoot =
  /<script type="module" async(?:="")?>([^<]*window\.__reactRouterRouteModules = [^<]*)<\/script>/;

/** The statements React Router's boot script is made of; anything else stops the build. */
const sideEffectImport = /^import "([^"]+)";$/;
const namespaceImport = /^import \* as (route\d+) from "([^"]+)";$/;
const routeModules = /^window\.__reactRouterRouteModules = (\{[^}]*\});$/;
const entryImport = /^import\("([^"]+)"\);$/;
/** React Router's route manifest: its router's, which the browser no longer runs. */
const manifestFile = /\/manifest-[^/]+\.js$/;

const contextScript = /<script>window\.__reactRouterContext = [^<]*<\/script>/;
const streamScripts = /<script>window\.__reactRouterContext\.stream(?:Controller)?\.[^<]*<\/script>/g;

/**
 * The browser's own record of the first paint (a PerformanceObserver "paint" entry, delivered once the frame is
 * shown), not a timer or requestAnimationFrame: those stop under a test's paused clock. A page in the
 * background, which paints nothing, starts at once: there is no paint to protect.
 */
const firstPaintWait =
  'await new Promise((go)=>{if(document.visibilityState==="hidden"||performance.getEntriesByType("paint").length>0)return go();' +
  'new PerformanceObserver((list,observer)=>{observer.disconnect();go()}).observe({type:"paint",buffered:true})});';

/** The one boot script: the same on every page; what it loads is in the page's `page-scripts` block. */
export const bootScript = [
  firstPaintWait,
  // The web app manifest (for adding the site to a home screen): fetched, with the icon it names, only now.
  `const manifest=document.createElement("link");manifest.rel="manifest";manifest.href=${JSON.stringify(manifestPath)};manifest.dataset.afterPaint="";document.head.append(manifest);`,
  `const page=JSON.parse(document.getElementById(${JSON.stringify(pageScriptsId)}).textContent);`,
  'for(const href of page.preloads){const link=document.createElement("link");link.rel="modulepreload";link.href=href;document.head.append(link)}',
  "const ids=Object.keys(page.modules);",
  "const modules=await Promise.all(ids.map((id)=>import(page.modules[id])));",
  "window.__pageRouteModules=Object.fromEntries(ids.map((id,i)=>[id,modules[i]]));",
  "import(page.entry);",
].join("\n");

/** What React Router's boot script loads, as the page's `page-scripts` block says it. */
export function readBoot(body: string, preloads: readonly string[]): PageScripts {
  const urls = new Map<string, string>();
  let modules: string | null = null;
  let entry: string | null = null;
  for (const statement of body.split(/\n|;(?=import)/).map((line) => line.trim())) {
    if (statement === "") continue;
    const sideEffect = sideEffectImport.exec(statement);
    const namespace = namespaceImport.exec(statement);
    const assignment = routeModules.exec(statement);
    const start = entryImport.exec(statement);
    if (sideEffect?.[1] && manifestFile.test(sideEffect[1])) continue;
    if (namespace?.[1] && namespace[2]) urls.set(namespace[1], namespace[2]);
    else if (assignment?.[1]) modules = assignment[1];
    else if (start?.[1]) entry = start[1];
    else throw new Error(`defer-hydration: React Router's boot script has an unexpected statement: ${statement}`);
  }
  if (!modules || !entry || urls.size === 0) {
    throw new Error("defer-hydration: React Router's boot script no longer has the expected shape");
  }
  const byId: Record<string, string> = {};
  for (const [id, name] of Object.entries(
    JSON.parse(modules.replace(/:(route\d+)/g, ':"$1"')) as Record<string, string>,
  )) {
    const url = urls.get(name);
    if (!url) throw new Error(`defer-hydration: React Router's boot script names ${name} without importing it`);
    byId[id] = url;
  }
  return { entry, modules: byId, preloads: preloads.filter((url) => !manifestFile.test(url)) };
}

/** One page: React Router's scripts out, the page's scripts block and the one boot script in. */
export function deferHydration(html: string): string {
  const boot = reactRouterBoot.exec(html);
  if (!boot?.[1]) {
    // A page that hydrates has React Router's route modules: a boot script this cannot read would silently ship
    // pages that never hydrate.
    if (html.includes("window.__reactRouterRouteModules = ")) {
      throw new Error("defer-hydration: the page has React Router's boot script in a shape it cannot read");
    }
    return html;
  }
  if (!html.includes(`id="${pageStateId}"`)) {
    throw new Error("defer-hydration: the page has no page-state block (root.tsx renders it)");
  }
  const preloads = [...html.matchAll(modulePreload)].map((match) => match[1] ?? "");
  const scripts = readBoot(boot[1], preloads);
  return html
    .replace(modulePreload, "")
    .replace(contextScript, "")
    .replace(streamScripts, "")
    .replace(
      reactRouterBoot,
      () =>
        `<script type="application/json" id="${pageScriptsId}">${dataBlockText(scripts)}</script>` +
        `<script type="module" async="">${bootScript}</script>`,
    );
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
