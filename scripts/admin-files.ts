/**
 * The editor's page at /admin, written into the client build by scripts/postbuild.ts: Decap CMS's self-contained
 * bundle as the `decap-cms` package ships it (dist/decap-cms.js, React included, and the chunks it loads from
 * its own folder), an HTML page, and a script with the configuration generated from the content schemas
 * (scripts/cms-config.ts), and the editor's own script (scripts/editor/main.ts, bundled here with esbuild: the
 * YAML format that edits a file in place, the picture field) with the drawings it shows (drawings/<name>.svg).
 * It is a separate entry: no public page loads any of it, and nothing comes from another site at run time.
 *
 * Why `decap-cms` and not `decap-cms-app`'s dist: the latter's bundle expects React and ReactDOM as globals
 * and refuses any React but the exact version it was built with (19.2.0), while React 19 ships no global build.
 */
import { copyFile, mkdir, readdir, rm, writeFile } from "node:fs/promises";
import { build } from "esbuild";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { SiteSettings } from "../app/lib/settings.ts";
import { illustrationNames } from "../app/content/illustrations.ts";
import { adminFolder, adminPath, type CmsSettings } from "../server/admin.ts";
import { cmsConfig } from "./cms-config.ts";
import { drawingsFolder } from "./editor/names.ts";

const require = createRequire(import.meta.url);

/** The folder of Decap's bundle in node_modules. */
export function decapDist(): string {
  return join(dirname(require.resolve("decap-cms/package.json")), "dist");
}

/** The files of the bundle a browser loads: the entry, its numbered chunks and its licence notice. */
export function isDecapRuntimeFile(name: string): boolean {
  return /^(?:[0-9]+\.)?decap-cms\.js$/.test(name) || name === "decap-cms.js.LICENSE.txt";
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Shown at the top of the editor on a screen narrower than a computer's (the agency's guide says the same). */
export const narrowScreenNote =
  "This editor is made for a computer: on a phone the forms and the Publish button run off the screen. " +
  "Open this address on a computer to change prices and texts.";

export function adminHtml(agencyName: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex, nofollow" />
    <title>Content editor · ${escapeHtml(agencyName)}</title>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <style>
      /* The editor is made for a computer: on a phone its forms run off the screen, Publish with them. */
      .narrow-screen {
        display: none;
        position: absolute;
        top: 0;
        left: 0;
        box-sizing: border-box;
        width: 100vw;
        z-index: 10000;
        margin: 0;
        padding: 12px 16px;
        background: #fff3cd;
        color: #3d2e00;
        border-bottom: 2px solid #b58a00;
        font: 16px/1.4 system-ui, sans-serif;
      }
      /* A phone's browser widens its page to the editor's 800 px: editor.js tells it apart by its screen's width
         (the small-screen class) and narrows the note to the screen. */
      .narrow-screen.small-screen {
        display: block;
      }
      @media (max-width: 799px) {
        .narrow-screen {
          display: block;
        }
      }
    </style>
    <script defer src="${adminPath}/config.js"></script>
    <script defer src="${adminPath}/decap-cms.js"></script>
    <script defer src="${adminPath}/editor.js"></script>
  </head>
  <body>
    <p class="narrow-screen" role="note">${narrowScreenNote}</p>
  </body>
</html>
`;
}

/**
 * Runs before Decap's bundle (both are deferred, so in this order): tells it to wait, then starts it with the
 * generated configuration once the page is parsed.
 */
export function adminConfigScript(config: unknown): string {
  return `// Written by scripts/admin-files.ts from the content schemas at build time: do not edit, rebuild.
window.CMS_MANUAL_INIT = true;
window.addEventListener("DOMContentLoaded", function () {
  window.CMS.init({ config: ${JSON.stringify(config)} });
});
`;
}

/** Bundles scripts/editor/main.ts into `outfile`, for the browsers Decap supports. */
export async function bundleEditorScript(outfile: string): Promise<void> {
  await build({
    entryPoints: [join(import.meta.dirname, "editor", "main.ts")],
    outfile,
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "es2020",
    minify: true,
    logLevel: "warning",
  });
}

/**
 * Writes build/client/admin: the page, the configuration, Decap's bundle, the editor's script and the drawings.
 * Returns the files written.
 */
export async function writeAdminFiles(clientDir: string, settings: SiteSettings, cms: CmsSettings): Promise<string[]> {
  const dir = join(clientDir, adminFolder);
  await mkdir(dir, { recursive: true });
  const dist = decapDist();
  const bundle = (await readdir(dist)).filter(isDecapRuntimeFile);
  if (!bundle.includes("decap-cms.js")) throw new Error(`admin: no decap-cms.js in ${dist}`);
  // Written again over a build (npm run admin, the editor's test): a stale pre-compressed copy would be served.
  const drawings = illustrationNames.map((name) => `${drawingsFolder}/${name}.svg`);
  const written = ["index.html", "config.js", "editor.js", ...bundle, ...drawings];
  await Promise.all(written.flatMap((name) => [".br", ".gz"].map((ext) => rm(join(dir, name + ext), { force: true }))));
  await mkdir(join(dir, drawingsFolder), { recursive: true });
  const illustrations = join(import.meta.dirname, "..", "app", "assets", "illustrations");
  await Promise.all([
    ...bundle.map((name) => copyFile(join(dist, name), join(dir, name))),
    ...illustrationNames.map((name) =>
      copyFile(join(illustrations, `${name}.svg`), join(dir, drawingsFolder, `${name}.svg`)),
    ),
    bundleEditorScript(join(dir, "editor.js")),
    writeFile(join(dir, "index.html"), adminHtml(settings.agencyName)),
    writeFile(join(dir, "config.js"), adminConfigScript(cmsConfig(cms, settings.siteUrl))),
  ]);
  return written;
}
