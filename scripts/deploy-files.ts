/**
 * Deployment without the Node server: the same headers as server/headers.ts, written out as a `_headers` file
 * (the format static hosts and CDNs read) and as an nginx server block; and HTTPS in front of the Node server, a
 * Caddyfile. Run by scripts/postbuild.ts.
 */
import { readdirSync } from "node:fs";
import { copyFile, readdir, rm, writeFile } from "node:fs/promises";
import { isIP } from "node:net";
import { join, relative } from "node:path";
import type { SiteSettings } from "../app/lib/settings";
import { detailGroups, detailNotFoundSegment, emptyRecordId, notFoundPath, serviceWorkerPath } from "../app/lib/paths";
import { adminFolder, adminHeaders, adminPath, type CmsSettings } from "../server/admin";
import { assetsPrefix, immutableCache, revalidateCache, securityHeaders } from "../server/headers";
import { manifestPath } from "../app/lib/site-assets";
import { htmlFileOf } from "../server/pages";
import type { ServerSettings } from "../server/settings";
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
# share one PostgreSQL database (DATABASE_URL, docs/deploy.md, "Running several servers"): list them all here and
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

/**
 * How long Caddy holds a request while the Node server does not accept connections: a restart (systemctl restart
 * after a deploy, or systemd bringing the server back) takes a few seconds on a small server. A page held past 3.5 s
 * is answered by the phone's kept copy meanwhile (app/service-worker), and an enquiry past 20 s is kept on the phone
 * and sent again (app/lib/forms): holding longer loses nothing, a 502 shows the visitor an error page.
 */
export const restartWaitSeconds = 30;

/** What the Caddyfile is made from: the settings the build and the Node server read. */
export interface CaddySettings {
  /** SITE_URL: its host is the site's address. */
  siteUrl: string;
  /** OFFICE_URL, when set: its host too, when it is another. */
  officeUrl?: string;
  /** The Node server's HOST and PORT: where Caddy passes the requests. */
  host: string;
  port: number;
  /** The Strict-Transport-Security value the Node server sends (server/headers.ts). */
  hsts: string;
}

/**
 * A test's Caddy (e2e/caddy.spec.ts): on loopback, its own CA and storage, its admin endpoint off, plain HTTP on
 * a port of its own. Its HTTPS port is SITE_URL's (https://localhost:PORT), so its redirect names that port.
 */
export interface CaddyTestRun {
  httpPort: number;
  /** A folder for its certificates and its CA. */
  storage: string;
}

/**
 * The Caddy site address of an https URL: its host, with its port only when it names one. An http URL's port is
 * the Node server's own (SITE_URL's default, http://localhost:3000), never Caddy's.
 */
function caddyAddress(url: URL): string {
  return url.protocol === "https:" && url.port !== "" ? `${url.hostname}:${url.port}` : url.hostname;
}

const unbracketed = (host: string) => host.replace(/^\[|\]$/g, "");
const isLocalName = (hostname: string) =>
  hostname === "localhost" || hostname.endsWith(".localhost") || isIP(unbracketed(hostname)) !== 0;

/**
 * The Caddyfile the build writes beside nginx.conf (build/Caddyfile), and e2e/caddy.spec.ts runs with `test` set:
 * Caddy in front of the Node server, on a site address (no scheme), so that it gets and renews a certificate by
 * itself and answers plain HTTP with a redirect to HTTPS. Everything is passed to the Node server, which already
 * serves the pre-compressed pages with every security header, its 404s and redirects, /api/*, /healthz and the
 * office: Caddy's file_server would need the rules of server/public-path.ts and the headers by type of
 * server/headers.ts written a second time (as nginx.conf has them), for a loopback hop saved. Caddy 2.6 replaces
 * a client's X-Forwarded-For with the address it saw (it trusts no proxy before it unless told), so the Node
 * server's TRUST_PROXY is Caddy's address and no more.
 */
export function renderCaddyfile(settings: CaddySettings, test?: CaddyTestRun): string {
  const site = new URL(settings.siteUrl);
  const office = settings.officeUrl ? new URL(settings.officeUrl) : null;
  const addresses = [...new Set([caddyAddress(site), ...(office ? [caddyAddress(office)] : [])])];
  const anyAddress = ["", "0.0.0.0", "::", "[::]"].includes(settings.host);
  const upstreamHost = anyAddress
    ? "127.0.0.1"
    : isIP(unbracketed(settings.host)) === 6
      ? `[${unbracketed(settings.host)}]`
      : settings.host;
  const loopback = ["127.0.0.1", "[::1]", "localhost"].includes(upstreamHost);
  // Caddy reaches a Node server on "localhost" over IPv4 or IPv6: both loopbacks (proxy-addr's name for them).
  const proxyAddress = upstreamHost === "[::1]" ? "::1" : upstreamHost === "localhost" ? "loopback" : "127.0.0.1";
  const warnings: string[] = [];
  if (site.protocol !== "https:") {
    warnings.push(
      `# Warning: SITE_URL is http (${settings.siteUrl}): set it to the site's https address and rebuild, or the`,
      "# pages' canonical links, the sitemap and the office's address stay plain http.",
    );
  }
  for (const [name, url] of [["SITE_URL", site], ...(office ? [["OFFICE_URL", office] as const] : [])] as const) {
    if (isLocalName(url.hostname)) {
      warnings.push(
        `# Warning: ${name} names ${url.hostname}, not a public host name: Caddy would sign its certificate with a`,
        "# CA of its own, which browsers do not trust. Set it to the site's domain and rebuild.",
      );
    }
  }
  const global = test
    ? [
        "{",
        "\t# A test's Caddy (e2e/caddy.spec.ts): loopback only, its own CA, nothing written outside its folder.",
        `\thttp_port ${test.httpPort}`,
        "\tdefault_bind 127.0.0.1",
        "\tlocal_certs",
        "\tskip_install_trust",
        "\tadmin off",
        "\tstorage file_system {",
        `\t\troot ${test.storage}`,
        "\t}",
        "}",
        "",
        "",
      ]
    : [];
  return `${global.join("\n")}# Written by scripts/postbuild.ts at build time from the settings (SITE_URL, OFFICE_URL, HOST, PORT) and
# server/headers.ts: do not edit, rebuild.
# Caddy in front of the Node server (docs/deploy.md, "HTTPS in front"): HTTPS for the address below, with a
# certificate Caddy gets and renews by itself, and plain HTTP answered with a redirect to HTTPS. Copy this file
# to /etc/caddy/Caddyfile and reload Caddy (systemctl reload caddy); the name's DNS must point at this machine,
# with ports 80 and 443 open.
${warnings.length > 0 ? `${warnings.join("\n")}\n` : ""}#
# The Node server's settings to match (in its .env), ${loopback ? "on this machine" : `at ${upstreamHost}`}:
#   TRUST_PROXY=${loopback ? proxyAddress : "<this machine's address, as the Node server sees it>"}
#       Caddy's address. The Node server then takes the visitor's address from the X-Forwarded-For that Caddy
#       writes, which Caddy sets to the address it saw, whatever the visitor sent. Never true: any visitor could
#       then choose their own address and get past the rate limits.
#   HOST=${loopback && upstreamHost !== "localhost" ? proxyAddress : unbracketed(upstreamHost)}
#       Only Caddy reaches the Node server: nobody goes around HTTPS.
#   PORT=${settings.port}
#   SITE_URL=${settings.siteUrl}${office ? `\n#   OFFICE_URL=${settings.officeUrl}` : ""}

${addresses.join(", ")} {
\t# Everything to the Node server: the pages and assets, pre-compressed (.br, .gz), with their security headers,
\t# 404s and redirects as it serves them; the inbox and the statistics (/api/*), /healthz, the office (/office)
\t# the travellers' own pages with their uploads (/case), and the payment provider's signed notifications
\t# (/payments/notify/stripe: their bytes passed on as they came, which their signature is checked over).
\t# No encode: the pages come compressed already, and the office's, which hold a form token beside text
\t# visitors wrote, stay uncompressed on purpose (BREACH).
\t# While the Node server restarts (a deploy, or systemd bringing it back), a visitor's request waits for it, up to
\t# ${restartWaitSeconds} s, rather than getting a 502: only a request the server never received is tried again.
\treverse_proxy ${upstreamHost}:${settings.port} {
\t\tlb_try_duration ${restartWaitSeconds}s
\t\tlb_try_interval 250ms
\t}

\t# HSTS on Caddy's own answers too (a 502 while the Node server restarts); the Node server's is left as it is.
\t# For this host only, not its subdomains (includeSubDomains would bind every name under the domain, webmail and
\t# the hosting panel included, to HTTPS for a year), and not preloaded (hard to undo): server/headers.ts.
\theader ?Strict-Transport-Security ${quoted(settings.hsts)}
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
 * build, and `nginx.conf` and `Caddyfile` beside it; removes React Router's SPA fallback, which this site does not use and a
 * static host would publish.
 */
export async function writeDeployFiles(
  clientDir: string,
  settings: SiteSettings,
  cms: CmsSettings,
  server: Pick<ServerSettings, "HOST" | "PORT" | "OFFICE_URL">,
): Promise<void> {
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
    writeFile(
      join(clientDir, "..", "Caddyfile"),
      renderCaddyfile({
        siteUrl: settings.siteUrl,
        officeUrl: server.OFFICE_URL,
        host: server.HOST,
        port: server.PORT,
        hsts: headers["strict-transport-security"] ?? "",
      }),
    ),
    copyFile(join(clientDir, htmlFileOf(notFoundPath)), join(clientDir, "404.html")),
  ]);
}
