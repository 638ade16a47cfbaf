/**
 * After `react-router build`, in this order: inline each page's CSS (scripts/inline-css.ts); hydration after
 * the first paint (scripts/defer-hydration.ts; not in the client-rendered comparison build); write the editor's page at /admin
 * (scripts/admin-files.ts); write the files
 * for hosting without the Node server, whose policy hashes the pages' final inline scripts
 * (scripts/deploy-files.ts), after the service worker and the offline page (scripts/service-worker.ts); write sitemap.xml, robots.txt and the web app manifest (scripts/seo-files.ts);
 * then a .br and a .gz beside every text file, so the server sends pre-compressed bytes and spends no CPU
 * compressing at request time; last, a check that the build holds only pages and assets.
 */
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { detailNotFoundPaths, emptyDetailPaths, notFoundPath, offlinePath, pagePaths } from "../app/lib/paths";
import { readSettings } from "../app/lib/settings";
import { adminFolder, readCmsSettings } from "../server/admin";
import { buildStampName, loadEnvFileOrStop } from "../server/env-file";
import { readServerSettings } from "../server/settings";
import { buildCaseAssets, caseCacheDir } from "../server/case/assets";
import { buildOfficeAssets, officeCacheDir } from "../server/office/assets";
import { writeAdminFiles } from "./admin-files";
import { htmlFileOf } from "../server/pages";
import { deferHydrationInBuild } from "./defer-hydration";
import { findUnservableFiles, writeDeployFiles } from "./deploy-files";
import { inlineBuildStylesheets } from "./inline-css";
import { writeServiceWorker } from "./service-worker";
import { writeSeoFiles } from "./seo-files";

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const compressible = /\.(html|js|mjs|css|svg|json|xml|txt|webmanifest|map)$/;

/**
 * Brotli's best (quality 11) for what visitors load. The editor's 5 MB bundle, which only the agency opens, at
 * quality 9: on decap-cms.js, 11 took 38 s (most of the build) for 1.12 MB, 9 takes 2.5 s for 1.24 MB.
 */
export function brotliQuality(dir: string, file: string): number {
  const inEditor = relative(dir, file).split(sep)[0] === adminFolder;
  return inEditor ? 9 : constants.BROTLI_MAX_QUALITY;
}

export async function precompress(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && compressible.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
  await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      const [br, gzipped] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: brotliQuality(dir, file),
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gz(content, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
    }),
  );
  return files.length;
}

/**
 * The client-rendered build (CLIENT_RENDERED=1, for the benchmark's comparison) has one HTML file, React
 * Router's SPA shell; a copy at every path the pre-rendered build has lets the same server serve it the same way.
 */
export async function copyShellToPages(dir: string): Promise<number> {
  const targets = [...pagePaths, ...emptyDetailPaths, ...detailNotFoundPaths, notFoundPath, offlinePath].filter(
    (path) => path !== "/",
  );
  for (const path of targets) {
    const file = join(dir, htmlFileOf(path));
    await mkdir(dirname(file), { recursive: true });
    await copyFile(join(dir, "index.html"), file);
  }
  return targets.length;
}

/**
 * React Router writes each pre-rendered route loader's answer twice: into the page's HTML, which hydration
 * reads, and into a `.data` file for moving to that page in the browser. This site's routes with a loader
 * (routes/detail.tsx, routes/services.tsx) also have a clientLoader that does not ask the server, so no page
 * ever fetches a `.data` file: they are removed rather than published.
 */
export async function removeDataFiles(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile() && entry.name.endsWith(".data"));
  await Promise.all(files.map((entry) => rm(join(entry.parentPath, entry.name))));
  return files.length;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // The same settings as the pages were built with: the environment, then the settings file (.env).
  const envFile = loadEnvFileOrStop("postbuild");
  const clientDir = join(process.env.BUILD_DIR ?? join(import.meta.dirname, "..", "build"), "client");
  const settings = readSettings(process.env);
  const cms = readCmsSettings(process.env);
  // Beside client/, never served: which settings came from the file (the end-to-end tests refuse such a build).
  await writeFile(join(clientDir, "..", buildStampName), `${JSON.stringify(envFile)}\n`);
  if (process.env.CLIENT_RENDERED === "1") {
    const copies = await copyShellToPages(clientDir);
    console.log(`postbuild: client-rendered build, the shell copied to ${copies} page paths`);
  }
  const dataFiles = await removeDataFiles(clientDir);
  console.log(`postbuild: removed ${dataFiles} pre-rendered .data files (no page asks for them)`);
  const inlined = await inlineBuildStylesheets(clientDir);
  console.log(`postbuild: inlined the stylesheets of ${inlined} pages`);
  // The client-rendered comparison stays as React Router builds it.
  if (process.env.CLIENT_RENDERED !== "1") {
    const deferred = await deferHydrationInBuild(clientDir);
    console.log(`postbuild: hydration after the first paint in ${deferred} pages`);
  }
  const admin = await writeAdminFiles(clientDir, settings, cms);
  console.log(`postbuild: wrote the editor at /admin (${admin.length} files, configuration from the content schemas)`);
  // After the pages are final (its version hashes them), before the deploy files (_headers names /sw.js).
  const workerVersion = await writeServiceWorker(clientDir, settings);
  console.log(
    workerVersion === null
      ? "postbuild: SERVICE_WORKER=off, wrote the sw.js that removes the worker from phones that kept it"
      : `postbuild: wrote the service worker sw.js (version ${workerVersion}) and the plain offline page`,
  );
  // After inlining: the deploy files hash the pages' final inline scripts.
  // Before the deploy files: _headers names every top-level file.
  await writeSeoFiles(clientDir, settings);
  // The Node server's own settings, for the Caddyfile: where it listens, the office's address.
  await writeDeployFiles(clientDir, settings, cms, readServerSettings(process.env, ["HOST", "PORT", "OFFICE_URL"]));
  console.log(
    "postbuild: wrote _headers, 404.html and ../nginx.conf for deployment without the Node server, " +
      "../Caddyfile for HTTPS in front of it",
  );
  const count = await precompress(clientDir);
  console.log(`postbuild: pre-compressed ${count} files (brotli and gzip)`);
  const unservable = findUnservableFiles(clientDir);
  if (unservable.length > 0) {
    throw new Error(
      `postbuild: ${clientDir} holds files that are not pages or assets (see server/public-path.ts); a static ` +
        `host would publish them. Remove them from public/ or the build:\n  ${unservable.join("\n  ")}`,
    );
  }
  // The office's script, bundled and compressed into its cache folder (server/office/assets.ts), never into the
  // build: the server's first start takes it from there while its sources are unchanged.
  const office = await buildOfficeAssets();
  console.log(`postbuild: the office's script ${office.cached ? "was up to date" : "bundled"} in ${officeCacheDir}`);
  // And the travellers' case room's (server/case/assets.ts), the same way.
  await buildCaseAssets();
  console.log(`postbuild: the case room's script is ready in ${caseCacheDir}`);
}
