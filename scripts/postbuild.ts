/**
 * After `react-router build`, in this order: inline each page's CSS (scripts/inline-css.ts); write the editor's
 * page at /admin (scripts/admin-files.ts); write sitemap.xml,
 * robots.txt and the web app manifest (scripts/seo-files.ts); write the files for hosting without the Node
 * server, whose policy hashes the pages' final inline scripts (scripts/deploy-files.ts);
 * then a .br and a .gz beside every text file, so the server sends pre-compressed bytes and spends no CPU
 * compressing at request time; last, a check that the build holds only pages and assets.
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { readSettings } from "../app/lib/settings";
import { adminFolder, readCmsSettings } from "../server/admin";
import { writeAdminFiles } from "./admin-files";
import { findUnservableFiles, writeDeployFiles } from "./deploy-files";
import { inlineBuildStylesheets } from "./inline-css";
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

if (import.meta.url === `file://${process.argv[1]}`) {
  const clientDir = join(process.env.BUILD_DIR ?? join(import.meta.dirname, "..", "build"), "client");
  const settings = readSettings(process.env);
  const cms = readCmsSettings(process.env);
  const inlined = await inlineBuildStylesheets(clientDir);
  console.log(`postbuild: inlined the stylesheets of ${inlined} pages`);
  const admin = await writeAdminFiles(clientDir, settings, cms);
  console.log(`postbuild: wrote the editor at /admin (${admin.length} files, configuration from the content schemas)`);
  // After inlining: the deploy files hash the pages' final inline scripts.
  // Before the deploy files: _headers names every top-level file.
  await writeSeoFiles(clientDir, settings);
  await writeDeployFiles(clientDir, settings, cms);
  console.log("postbuild: wrote _headers, 404.html and ../nginx.conf for deployment without the Node server");
  const count = await precompress(clientDir);
  console.log(`postbuild: pre-compressed ${count} files (brotli and gzip)`);
  const unservable = findUnservableFiles(clientDir);
  if (unservable.length > 0) {
    throw new Error(
      `postbuild: ${clientDir} holds files that are not pages or assets (see server/public-path.ts); a static ` +
        `host would publish them. Remove them from public/ or the build:\n  ${unservable.join("\n  ")}`,
    );
  }
}
