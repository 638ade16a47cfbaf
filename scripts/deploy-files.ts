/**
 * Deployment without the Node server: the same headers as server/headers.ts, written out as a `_headers` file
 * (the format static hosts and CDNs read) and as an nginx server block. Run by scripts/postbuild.ts.
 */
import { copyFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { SiteSettings } from "../app/lib/settings";
import { detailGroups, detailNotFoundSegment, emptyRecordId, notFoundPath } from "../app/lib/paths";
import { assetsPrefix, immutableCache, revalidateCache, securityHeaders } from "../server/headers";
import { manifestPath } from "../app/lib/site-assets";
import { htmlFileOf } from "../server/pages";
import { collectScriptHashes } from "../server/script-hashes";

const generated = "Written by scripts/postbuild.ts from server/headers.ts at build time: do not edit, rebuild.";

/** Header names as they are usually written (Content-Security-Policy rather than content-security-policy). */
function displayName(header: string): string {
  return header.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase());
}

/**
 * `_headers` for static hosts. Hosts merge the values of a header that several matching rules set, so each
 * header is set by one rule only: the security headers for every path, the long cache for hashed assets
 * (the host's own default revalidates pages).
 */
export function renderHeadersFile(headers: Record<string, string>): string {
  const lines = [`# ${generated}`, "/*"];
  for (const [name, value] of Object.entries(headers)) lines.push(`  ${displayName(name)}: ${value}`);
  lines.push(`${assetsPrefix}*`, `  Cache-Control: ${immutableCache}`);
  return `${lines.join("\n")}\n`;
}

const quoted = (value: string) => `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;

/**
 * An nginx configuration (a `map` and a `server` block, for the http context) that serves the client build
 * as the Node server does: the same headers, pre-compressed files, pages at their clean paths, 301 for a
 * trailing slash, and 404 with the designed pages. Not covered: the 301 to the lowercase spelling (nginx has
 * no lowercase without a module) and POST /api/submit, which needs the Node server (proxy_pass it there).
 */
export function renderNginxConf(headers: Record<string, string>, root = "/srv/karama/client"): string {
  const groups = detailGroups.join("|");
  const headerLines = Object.entries(headers)
    .map(([name, value]) => `    add_header ${displayName(name)} ${quoted(value)} always;`)
    .join("\n");
  return `# ${generated}
# Copy build/client to the root below, then include this file inside nginx's http { } block.

map $uri $karama_cache_control {
    ~^${assetsPrefix} ${quoted(immutableCache)};
    default ${quoted(revalidateCache)};
}

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

    # One spelling per page: /about/ -> /about.
    rewrite ^/(.+)/$ /$1 permanent;

    # Build files that are not pages of the site.
    location ~ ^/_ {
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

    location / {
        try_files $uri $uri/index.html =404;
    }
}
`;
}

/**
 * Writes `_headers` and a top-level `404.html` (what static hosts serve for unknown paths) into the client
 * build, and `nginx.conf` beside it.
 */
export async function writeDeployFiles(clientDir: string, settings: SiteSettings): Promise<void> {
  const headers = securityHeaders(settings, await collectScriptHashes(clientDir));
  await Promise.all([
    writeFile(join(clientDir, "_headers"), renderHeadersFile(headers)),
    writeFile(join(clientDir, "..", "nginx.conf"), renderNginxConf(headers)),
    copyFile(join(clientDir, htmlFileOf(notFoundPath)), join(clientDir, "404.html")),
  ]);
}
