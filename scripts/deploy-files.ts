/**
 * Deployment without the Node server: the same headers as server/headers.ts, written out as a `_headers` file
 * (the format static hosts and CDNs read) and as an nginx server block. Run by scripts/postbuild.ts.
 */
import { readdirSync } from "node:fs";
import { copyFile, readdir, rm, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import type { SiteSettings } from "../app/lib/settings";
import { detailGroups, detailNotFoundSegment, emptyRecordId, notFoundPath, serviceWorkerPath } from "../app/lib/paths";
import { adminFolder, adminHeaders, adminPath, type CmsSettings } from "../server/admin";
import { assetsPrefix, immutableCache, revalidateCache, securityHeaders } from "../server/headers";
import { manifestPath } from "../app/lib/site-assets";
import { htmlFileOf } from "../server/pages";
import { assetExtensions, isServableFile } from "../server/public-path";
import { collectScriptHashes } from "../server/script-hashes";

const generated = "Written by scripts/postbuild.ts from server/headers.ts at build time: do not edit, rebuild.";

/** Header names as they are usually written (Content-Security-Policy rather than content-security-policy). */
function displayName(header: string): string {
  return header.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase());
}

/** The editor's headers and the paths of the public site, for `_headers` (see renderHeadersFile). */
export interface HeaderSplit {
  adminHeaders: Record<string, string>;
  /** The top-level files and folders of the client build, other than the editor's: `/about`, `/favicon.svg`… */
  publicRoots: readonly { path: string; folder: boolean }[];
}

/**
 * `_headers` for static hosts. Hosts merge the values of a header that several matching rules set, so each
 * header is set by one rule only: the headers the public pages and the editor share for every path; the policy
 * (and the others that differ) for the public site by its top-level paths, and the editor's for /admin (a host
 * has no rule for "every path but /admin"); the long cache for each hashed asset of this build by its exact path
 * (the host's own default revalidates pages); the service worker's file, revalidated on every visit whatever the
 * host's default for scripts, so that a deploy reaches phones at once. No `/assets/*` rule: it would give a year-long cache to the host's
 * 404 for an asset a later deploy adds. A path the build does not have (a host's 404 page at an unknown address)
 * gets the shared headers only.
 */
export function renderHeadersFile(
  headers: Record<string, string>,
  assetPaths: readonly string[],
  split: HeaderSplit,
): string {
  const differs = (name: string) => headers[name] !== split.adminHeaders[name];
  const shared = Object.entries(headers).filter(([name]) => !differs(name));
  const ownPublic = Object.entries(headers).filter(([name]) => differs(name));
  const ownAdmin = Object.entries(split.adminHeaders).filter(([name]) => differs(name));
  const lines = [`# ${generated}`, "/*"];
  const rule = (paths: readonly string[], entries: [string, string][]) => {
    for (const path of paths) {
      lines.push(path);
      for (const [name, value] of entries) lines.push(`  ${displayName(name)}: ${value}`);
    }
  };
  for (const [name, value] of shared) lines.push(`  ${displayName(name)}: ${value}`);
  const publicPaths = [
    "/",
    ...split.publicRoots.flatMap(({ path, folder }) => (folder ? [path, `${path}/*`] : [path])),
  ];
  rule(publicPaths, ownPublic);
  rule([adminPath, `${adminPath}/*`], ownAdmin);
  for (const path of assetPaths) lines.push(path, `  Cache-Control: ${immutableCache}`);
  lines.push(serviceWorkerPath, `  Cache-Control: ${revalidateCache}`);
  return `${lines.join("\n")}\n`;
}

const quoted = (value: string) => `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;

/**
 * An nginx configuration (a `map` and a `server` block, for the http context) that serves the client build
 * as the Node server does: the same headers, pre-compressed files, pages at their clean paths, 301 for a
 * trailing slash, and 404 with the designed pages. Not covered: the 301 to the lowercase spelling (nginx has
 * no lowercase without a module) and POST /api/submit, which needs the Node server (proxy_pass it there).
 */
export function renderNginxConf(
  headers: Record<string, string>,
  adminHeaders: Record<string, string>,
  root = "/srv/karama/client",
): string {
  const groups = detailGroups.join("|");
  const dotfiles = String.raw`^/(?!\.well-known/)(.*/)?\.|^/\.well-known/(.*/)?\.`;
  const outsideWellKnown = String.raw`^(?!/\.well-known/)`;
  const notAsset = String.raw`${outsideWellKnown}.*\.(?!(${assetExtensions.join("|")})$)[^/.]*$`;
  const page = String.raw`${outsideWellKnown}.*/[^/.]*$`;
  // A header whose value differs on the editor's pages takes it from a map (an empty value sends no header).
  const names = [...new Set([...Object.keys(headers), ...Object.keys(adminHeaders)])];
  const differing = names.filter((name) => headers[name] !== adminHeaders[name]);
  const variable = (name: string) => `$karama_${name.replace(/-/g, "_")}`;
  const maps = differing
    .map(
      (name) => `map $uri ${variable(name)} {
    "~^${adminPath}(/|$)" ${quoted(adminHeaders[name] ?? "")};
    default ${quoted(headers[name] ?? "")};
}`,
    )
    .join("\n");
  const headerLines = names
    .map((name) => {
      const value = differing.includes(name) ? variable(name) : quoted(headers[name] ?? "");
      return `    add_header ${displayName(name)} ${value} always;`;
    })
    .join("\n");
  return `# ${generated}
# Copy build/client to the root below, then include this file inside nginx's http { } block.

# The year-long cache only for an asset that was found: a cached 404 would outlive the deploy that adds the file.
map "$status $uri" $karama_cache_control {
    "~^(200|206|304) ${assetsPrefix}" ${quoted(immutableCache)};
    default ${quoted(revalidateCache)};
}

# The editor at ${adminPath} has its own policy (server/admin.ts).
${maps}

# The enquiry inbox (/api/submit, /api/challenge, /healthz), the statistics (/api/stats) and the back office
# (/office) need the Node server (npm run serve); the office, over https only (OFFICE_URL). Several of them can
# share one PostgreSQL database (DATABASE_URL, README "Running several servers"): list them all here and
# uncomment the locations in the server block; nginx spreads the posts and passes over one that is down.
# upstream karama_inbox {
#     server 10.0.0.11:3000 max_fails=3 fail_timeout=10s;
#     server 10.0.0.12:3000 max_fails=3 fail_timeout=10s;
#     keepalive 16;
# }

server {
    listen 80;
    server_name _;
    root ${root};
    charset utf-8;
    absolute_redirect off;
    # The build ships a .gz (and a .br) beside every text file; brotli_static needs the ngx_brotli module.
    gzip_static on;
    # brotli_static on;

    # Every response, error pages included. No add_header inside a location below: nginx would then drop these.
${headerLines}
    add_header Cache-Control $karama_cache_control always;

    error_page 404 /${htmlFileOf(notFoundPath)};

    # With the inbox upstream above (set TRUST_PROXY on the Node servers to this proxy's address). X-Forwarded-For
    # is the address nginx saw, not appended to what the client sent, which anyone can write.
    # location ~ ^/(api/submit|api/challenge|api/stats|healthz|office(/.*)?)$ {
    #     proxy_pass http://karama_inbox;
    #     proxy_http_version 1.1;
    #     proxy_set_header Connection "";
    #     proxy_set_header Host $host;
    #     proxy_set_header X-Forwarded-For $remote_addr;
    #     proxy_set_header X-Forwarded-Proto $scheme;
    # }

    # One spelling per page: /about/ -> /about.
    rewrite ^/(.+)/$ /$1 permanent;

    # The rules of server/public-path.ts. nginx decodes the path and resolves dot segments before matching, so
    # no spelling gets around them. No dotfile or dot-folder except /.well-known/ at the top.
    location ~ "${dotfiles}" {
        return 404;
    }
    # Files for other hosts (_headers) and React Router's SPA fallback, in any folder.
    location ~ "/_" {
        return 404;
    }

    # A detail group: a numeric id without a record shows the group's empty layout, anything else the group's
    # not-found page, both with status 404. The pre-rendered stand-ins themselves are 404 too.
    location ~ "^/(?<group>${groups})/(?<standin>${emptyRecordId}|${detailNotFoundSegment})$" {
        error_page 404 /$group/$standin/index.html;
        return 404;
    }
    location ~ "^/(?<group>${groups})/[0-9]{1,9}$" {
        error_page 404 /$group/${emptyRecordId}/index.html;
        try_files $uri/index.html =404;
    }
    location ~ "^/(?<group>${groups})/[^/]+$" {
        error_page 404 /$group/${detailNotFoundSegment}/index.html;
        return 404;
    }

    # Not in every mime.types.
    location = ${manifestPath} {
        types { }
        default_type application/manifest+json;
    }

    # Outside /.well-known/ (published there on purpose, whatever the name), a file is served only when it is a
    # page or an asset: its last extension is one of these.
    location ~ "${notAsset}" {
        return 404;
    }
    # Without an extension, a path is a page: its folder's index.html, never a file of that name.
    location ~ "${page}" {
        try_files $uri/index.html =404;
    }

    location / {
        try_files $uri =404;
    }
}
`;
}

/** The build's hashed assets, as URL paths. */
async function listAssets(clientDir: string): Promise<string[]> {
  const entries = await readdir(join(clientDir, assetsPrefix), { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => `/${relative(clientDir, join(entry.parentPath, entry.name)).split("\\").join("/")}`)
    .sort();
}

/** The static-host headers file: consumed by those hosts, never served by them (nor by the Node server). */
const headersFile = "_headers";

/**
 * The files of a client build that the rules of server/public-path.ts would not serve: a static host would
 * publish them all the same, so the build stops on any. A .br or .gz copy of a servable file is fine.
 */
export function findUnservableFiles(clientDir: string): string[] {
  return readdirSync(clientDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(clientDir, join(entry.parentPath, entry.name)).split("\\").join("/"))
    .filter((file) => file !== headersFile && !isServableFile(`/${file.replace(/\.(br|gz)$/, "")}`));
}

/**
 * Writes `_headers` and a top-level `404.html` (what static hosts serve for unknown paths) into the client
 * build, and `nginx.conf` beside it; removes React Router's SPA fallback, which this site does not use and a
 * static host would publish.
 */
export async function writeDeployFiles(clientDir: string, settings: SiteSettings, cms: CmsSettings): Promise<void> {
  const headers = securityHeaders(settings, await collectScriptHashes(clientDir));
  const admin = adminHeaders(headers, cms);
  // Every top-level folder but the editor's, and every file a host may serve (the SPA fallback, removed below, is
  // not one); the 404 page is added below.
  const publicRoots = (await readdir(clientDir, { withFileTypes: true }))
    .filter((entry) => (entry.isDirectory() ? entry.name !== adminFolder : isServableFile(`/${entry.name}`)))
    .map((entry) => ({ path: `/${entry.name}`, folder: entry.isDirectory() }));
  publicRoots.push({ path: "/404.html", folder: false });
  await Promise.all([
    writeFile(
      join(clientDir, headersFile),
      renderHeadersFile(headers, await listAssets(clientDir), { adminHeaders: admin, publicRoots }),
    ),
    rm(join(clientDir, "__spa-fallback.html"), { force: true }),
    writeFile(join(clientDir, "..", "nginx.conf"), renderNginxConf(headers, admin)),
    copyFile(join(clientDir, htmlFileOf(notFoundPath)), join(clientDir, "404.html")),
  ]);
}
