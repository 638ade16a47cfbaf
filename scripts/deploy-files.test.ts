import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { readSettings } from "../app/lib/settings";
import { adminHeaders, readCmsSettings } from "../server/admin";
import { securityHeaders } from "../server/headers";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { caddyIsInstalled } from "../server/testing/caddy";
import { makeTempDir } from "../server/testing/fake-client";
import {
  type CaddySettings,
  findUnservableFiles,
  renderCaddyfile,
  renderHeadersFile,
  renderNginxConf,
  restartWaitSeconds,
} from "./deploy-files";

const headers = securityHeaders(readSettings({}), ["'sha256-AAA='"]);
const csp = headers["content-security-policy"];
const admin = adminHeaders(headers, readCmsSettings({}));
const publicRoots = [
  { path: "/about", folder: true },
  { path: "/favicon.svg", folder: false },
];

/** The `_headers` format: a path line, then indented `Name: value` lines. */
function parseHeadersFile(text: string): Map<string, Map<string, string>> {
  const rules = new Map<string, Map<string, string>>();
  let current: Map<string, string> | undefined;
  for (const line of text.split("\n")) {
    if (line.startsWith("#") || line.trim() === "") continue;
    if (!line.startsWith(" ")) rules.set(line, (current = new Map()));
    else {
      const [name = "", ...value] = line.trim().split(": ");
      current?.set(name.toLowerCase(), value.join(": "));
    }
  }
  return rules;
}

const assets = ["/assets/entry-abc123.js", "/assets/root-def456.css"];

describe("the _headers file for static hosts", () => {
  const rules = parseHeadersFile(renderHeadersFile(headers, assets, { adminHeaders: admin, publicRoots }));
  const on = (path: string) => ({
    ...Object.fromEntries(rules.get("/*") ?? []),
    ...Object.fromEntries(rules.get(path) ?? []),
  });

  it("sends every security header of the Node server, with the same values, on every path of the public site", () => {
    for (const path of ["/", "/about", "/about/*", "/favicon.svg"]) expect(on(path)).toEqual(headers);
  });

  it("sends the editor's own headers at /admin: its policy, popups that keep their opener, noindex", () => {
    for (const path of ["/admin", "/admin/*"]) expect(on(path)).toEqual(admin);
    expect(on("/admin")["x-robots-tag"]).toBe("noindex, nofollow");
    expect(on("/admin")["content-security-policy"]).not.toBe(csp);
  });

  it("caches each hashed asset of the build for a year, by its exact path, and nothing else", () => {
    for (const asset of assets) {
      expect(Object.fromEntries(rules.get(asset) ?? [])).toEqual({
        "cache-control": "public, max-age=31536000, immutable",
      });
    }
    // A wildcard would also give the host's 404 for a file a later deploy adds the year-long cache.
    expect([...rules.keys()].filter((path) => path.includes("*"))).toEqual(["/*", "/about/*", "/admin/*"]);
  });

  it("has the service worker's file revalidated on every visit, so that a deploy reaches phones at once", () => {
    expect(Object.fromEntries(rules.get("/sw.js") ?? [])).toEqual({ "cache-control": "no-cache" });
  });

  it("sets no header in two rules that can match one path (hosts would merge the values)", () => {
    const paths = [...assets, "/about/*", "/admin/*", "/admin", "/sw.js"];
    const perPath = paths.map((path) => [...(rules.get("/*")?.keys() ?? []), ...(rules.get(path)?.keys() ?? [])]);
    for (const names of perPath) expect(new Set(names).size).toBe(names.length);
  });
});

describe("the nginx server block", () => {
  const conf = renderNginxConf(headers, admin, "/srv/site");

  it("adds each security header once, at server level, for every response", () => {
    expect(conf).toContain(`add_header Content-Security-Policy $karama_content_security_policy always;`);
    expect(conf).toContain(`default "${csp}";`);
    expect(conf).toContain('add_header X-Frame-Options "DENY" always;');
    for (const name of Object.keys(admin)) expect(conf.toLowerCase().split(`add_header ${name} `)).toHaveLength(2);
  });

  it("shows, commented out, how to put several Node servers behind it for the inbox", () => {
    expect(conf).toMatch(/^# upstream karama_inbox \{\n(# +server .+:3000 .*\n){2}/m);
    expect(conf).toContain("#     proxy_pass http://karama_inbox;");
    expect(conf).toContain("#     proxy_set_header X-Forwarded-For $remote_addr;");
    // Nothing of it is live: a site served without the Node server has no inbox to pass to.
    expect(conf.split("\n").filter((line) => /karama_inbox/.test(line) && !/^\s*#/.test(line))).toEqual([]);
  });

  it("passes every path the Node server answers beside the pages to it: the inbox, the statistics, the office", () => {
    const location = /^\s*# location ~ "?(\S+?)"? \{$/m.exec(conf)?.[1] ?? "";
    expect(location).not.toBe("");
    const passed = new RegExp(location);
    for (const path of ["/api/submit", "/api/challenge", "/api/stats", "/healthz", "/office", "/office/stats"]) {
      expect(path).toMatch(passed);
    }
    for (const path of ["/", "/about", "/api/other", "/officer", "/assets/app.js"]) expect(path).not.toMatch(passed);
  });

  it("gives /admin and its files the editor's policy, COOP and noindex, through a map on the path", () => {
    const map = /map \$uri \$karama_content_security_policy \{\n\s*"~\^\/admin\(\/\|\$\)" "([^"]+)";/.exec(conf);
    expect(map?.[1]).toBe(admin["content-security-policy"]);
    expect(conf).toContain(`"~^/admin(/|$)" "noindex, nofollow";`);
    expect(conf).toContain(`"~^/admin(/|$)" "same-origin-allow-popups";`);
  });

  it("keeps add_header out of every location, where it would silently drop the server's headers", () => {
    const locations = conf.split(/\n\s*location /).slice(1);
    expect(locations.length).toBeGreaterThan(3);
    for (const block of locations) expect(block.split("\n}")[0]).not.toContain("add_header");
  });

  it("serves the build root, the designed 404 page and each group's empty and not-found pages", () => {
    expect(conf).toContain("root /srv/site;");
    expect(conf).toContain("error_page 404 /404/index.html;");
    expect(conf).toMatch(/dubai-visa\|tourist-visa\|visa-changes\|visa-documents\|visa-packages/);
    expect(conf).toContain("error_page 404 /$group/0/index.html;");
    expect(conf).toContain("error_page 404 /$group/not-found/index.html;");
  });

  it("has the service worker's file revalidated on every visit, like every file outside /assets/", () => {
    expect(conf).toMatch(/map "\$status \$uri" \$karama_cache_control \{\n.*\n\s*default "no-cache";/);
    expect(conf).toContain("add_header Cache-Control $karama_cache_control always;");
  });

  it("serves the web app manifest with its own type, which many mime.types lack", () => {
    expect(conf).toMatch(/location = \/site\.webmanifest \{\s*types \{ \}\s*default_type application\/manifest\+json;/);
  });

  it("refuses dotfiles except /.well-known/, whatever the folder, before any other location", () => {
    const firstLocation = /\n\s*location (~\*? )?"?([^"{]+)"? \{\n\s*return 404;/.exec(conf);
    expect(firstLocation?.[2]).toBeDefined();
    const pattern = new RegExp(firstLocation?.[2] ?? "");
    for (const uri of ["/.env", "/.git/config", "/assets/.hidden.js", "/.well-known/.secret", "/.well-knownx"]) {
      expect(pattern.test(uri), uri).toBe(true);
    }
    for (const uri of ["/.well-known/security.txt", "/assets/entry-abc.js", "/about", "/"]) {
      expect(pattern.test(uri), uri).toBe(false);
    }
  });

  /** The regular-expression locations in order, as JavaScript regexps (nginx's PCRE syntax used here is the same). */
  const regexLocations = [...conf.matchAll(/\n\s*location ~ "([^"]+)" \{([^}]*)\}/g)].map(
    ([, pattern = "", body = ""]) => ({
      pattern: new RegExp(pattern),
      body,
    }),
  );
  /** nginx picks the first regular-expression location that matches (no exact or prefix location here competes). */
  const firstMatch = (uri: string) => regexLocations.find((location) => location.pattern.test(uri))?.body ?? "";

  it("answers 404 for files for other hosts and anything that is not a page or an asset", () => {
    for (const uri of [
      "/_headers",
      "/assets/_x.js",
      "/__spa-fallback.html",
      "/nginx.conf",
      "/inbox.sqlite",
      "/index.html.gz",
      "/index.html.br",
      "/backup.tar.gz",
      "/LICENSE.md",
    ]) {
      expect(firstMatch(uri), uri).toMatch(/return 404;/);
    }
  });

  it("serves pages from their folders only, so an extensionless file is never sent as it is", () => {
    for (const uri of ["/", "/about", "/LICENSE"])
      expect(firstMatch(uri), uri).toMatch(/try_files \$uri\/index\.html =404;/);
    for (const uri of ["/assets/entry-abc.js", "/robots.txt", "/site.webmanifest"]) {
      expect(firstMatch(uri), uri).not.toMatch(/return 404;/);
    }
    // Files under /.well-known/ fall through to the plain location, whatever their names.
    for (const uri of ["/.well-known/security.txt", "/.well-known/apple-app-site-association"]) {
      expect(firstMatch(uri), uri).toBe("");
    }
    expect(conf).toMatch(/location \/ \{\s*try_files \$uri =404;\s*\}/);
  });

  it("gives the year-long cache only to assets that were found", () => {
    expect(conf).toMatch(/map "\$status \$uri" \$karama_cache_control \{/);
    expect(conf).toContain('"~^(200|206|304) /assets/" "public, max-age=31536000, immutable";');
  });

  it("balances its braces", () => {
    expect(conf.split("{").length).toBe(conf.split("}").length);
  });
});

describe("issue 34, finding 3: the nginx file passes on the address nginx saw, not the client's X-Forwarded-For", () => {
  const conf = renderNginxConf(headers, admin, "/srv/site");

  it("sets X-Forwarded-For to $remote_addr wherever it proxies, the commented upstream example included", () => {
    const forwarded = conf.split("\n").filter((line) => /proxy_set_header\s+X-Forwarded-For/i.test(line));
    expect(forwarded.length).toBeGreaterThan(0);
    for (const line of forwarded) expect(line).toMatch(/proxy_set_header X-Forwarded-For \$remote_addr;$/);
    // Appending would pass on whatever the client wrote first, for a server that trusts too much to believe.
    expect(conf).not.toContain("$proxy_add_x_forwarded_for");
    expect(conf).not.toContain("$http_x_forwarded_for");
  });
});

describe("issue 39: the Caddyfile, HTTPS in front of the Node server", () => {
  const withCaddy = caddyIsInstalled();
  const site: CaddySettings = {
    siteUrl: "https://www.example.com",
    host: "0.0.0.0",
    port: 3000,
    hsts: headers["strict-transport-security"] ?? "",
  };
  const caddyfile = renderCaddyfile(site);
  /** The lines that are not comments, trimmed. */
  const live = (text: string) =>
    text
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line !== "" && !line.startsWith("#"));
  /** The site block's address line: what Caddy gets certificates for. */
  const addresses = (text: string) =>
    live(text)
      .find((line) => line.endsWith("{") && line !== "{")
      ?.slice(0, -1)
      .trim();

  it("serves the host of SITE_URL, with the office's host beside it when OFFICE_URL names another", () => {
    expect(addresses(caddyfile)).toBe("www.example.com");
    expect(addresses(renderCaddyfile({ ...site, officeUrl: "https://www.example.com/" }))).toBe("www.example.com");
    expect(addresses(renderCaddyfile({ ...site, officeUrl: "https://office.example.com" }))).toBe(
      "www.example.com, office.example.com",
    );
    // A public port of its own stays; an http address's port is the Node server's, not Caddy's.
    expect(addresses(renderCaddyfile({ ...site, siteUrl: "https://example.com:8443" }))).toBe("example.com:8443");
    expect(addresses(renderCaddyfile({ ...site, siteUrl: "http://localhost:3000" }))).toBe("localhost");
  });

  it("is a site address without a scheme or an http block: Caddy's HTTPS, and its redirect of HTTP to it, stay on", () => {
    const lines = live(caddyfile);
    expect(lines.join("\n")).not.toMatch(/http:\/\/|auto_https|disable_redirects|tls internal|local_certs/);
    // No global options in the file shipped: Caddy's defaults, ports 80 and 443, certificates from Let's Encrypt or ZeroSSL.
    expect(lines[0]).not.toBe("{");
  });

  it("passes everything to the Node server: the pre-compressed pages, /api/*, /healthz and /office", () => {
    const proxies = live(caddyfile).filter((line) => line.startsWith("reverse_proxy"));
    // No path matcher: the pages, their headers and 404s, the inbox, the statistics and the office alike.
    expect(proxies).toEqual(["reverse_proxy 127.0.0.1:3000 {"]);
    expect(live(renderCaddyfile({ ...site, host: "10.0.0.5", port: 8080 }))).toContain("reverse_proxy 10.0.0.5:8080 {");
    // Nothing compresses on the fly: the pages come pre-compressed, and the office's must not be (BREACH).
    expect(live(caddyfile).join("\n")).not.toMatch(/^encode\b/m);
  });

  it("holds a request while the Node server restarts, rather than answering 502", () => {
    const lines = live(caddyfile);
    const start = lines.indexOf("reverse_proxy 127.0.0.1:3000 {");
    expect(lines.slice(start + 1, lines.indexOf("}", start))).toEqual([
      `lb_try_duration ${restartWaitSeconds}s`,
      "lb_try_interval 250ms",
    ]);
    // Longer than a page waits before the phone shows its kept copy (3.5 s), shorter than a visitor gives up.
    expect(restartWaitSeconds).toBeGreaterThanOrEqual(10);
    expect(restartWaitSeconds).toBeLessThanOrEqual(60);
  });

  it("passes the visitor's address as Caddy saw it, never one the client wrote", () => {
    const text = live(caddyfile).join("\n");
    // Caddy 2.6 replaces X-Forwarded-For with the address it saw unless the client is a trusted proxy; none is.
    expect(text).not.toMatch(/trusted_proxies/);
    expect(text).not.toMatch(/X-Forwarded-For/i);
    expect(text).not.toMatch(/\{http\.request\.header\./);
  });

  it("tells the Node server's settings to match: TRUST_PROXY=127.0.0.1, HOST=127.0.0.1 and the port", () => {
    expect(caddyfile).toMatch(/^#\s+TRUST_PROXY=127\.0\.0\.1\b/m);
    expect(caddyfile).toMatch(/^#\s+HOST=127\.0\.0\.1\b/m);
    expect(caddyfile).toMatch(/^#\s+PORT=3000\b/m);
    expect(caddyfile).toMatch(/^#\s+SITE_URL=https:\/\/www\.example\.com\b/m);
    expect(caddyfile).toContain("Never true");
    // The Node server on IPv6 loopback, or on "localhost" (either loopback), or on another machine.
    expect(renderCaddyfile({ ...site, host: "::1" })).toMatch(
      /^#\s+TRUST_PROXY=::1\n(.*\n)*\treverse_proxy \[::1\]:3000 \{$/m,
    );
    expect(renderCaddyfile({ ...site, host: "localhost" })).toMatch(/^#\s+TRUST_PROXY=loopback$/m);
    expect(renderCaddyfile({ ...site, host: "10.0.0.5" })).toMatch(/^#\s+TRUST_PROXY=<this machine's address/m);
  });

  it("sends HSTS as the Node server does, for the site's own host only, on Caddy's own answers too", () => {
    // The Node server's header wins (`?`: only when the answer has none), so there is one, with one value.
    expect(live(caddyfile)).toContain(`header ?Strict-Transport-Security "${site.hsts}"`);
    expect(site.hsts).toBe("max-age=31536000");
    expect(site.hsts).not.toMatch(/includeSubDomains|preload/i);
  });

  it("warns, in the file, of an address that is not a public https one", () => {
    expect(caddyfile).not.toMatch(/^# Warning/m);
    expect(renderCaddyfile({ ...site, siteUrl: "http://www.example.com" })).toMatch(/^# Warning: SITE_URL is http/m);
    expect(renderCaddyfile({ ...site, siteUrl: "http://localhost:3000" })).toMatch(/^# Warning: SITE_URL .*localhost/m);
  });

  it("runs on loopback with its own CA, ports and storage for a test, and only then", () => {
    const test = renderCaddyfile(
      { ...site, siteUrl: "https://localhost:4312", host: "127.0.0.1", port: 4313 },
      { httpPort: 4311, storage: "/tmp/caddy-test" },
    );
    const lines = live(test);
    expect(lines[0]).toBe("{");
    for (const option of [
      "http_port 4311",
      "local_certs",
      "skip_install_trust",
      "admin off",
      "default_bind 127.0.0.1",
      "root /tmp/caddy-test",
    ]) {
      expect(lines).toContain(option);
    }
    // The rest is the file shipped.
    expect(test.slice(test.indexOf("# Written by"))).toBe(
      renderCaddyfile({ ...site, siteUrl: "https://localhost:4312", host: "127.0.0.1", port: 4313 }),
    );
  });

  it.skipIf(!withCaddy)("is a configuration Caddy accepts (caddy validate)", () => {
    const home = makeTempDir("caddy-validate-");
    try {
      const file = join(home, "Caddyfile");
      for (const settings of [site, { ...site, officeUrl: "https://office.example.com" }]) {
        writeFileSync(file, renderCaddyfile(settings));
        // Its own HOME: nothing of Caddy's is written to the user's.
        const env = {
          ...process.env,
          HOME: home,
          XDG_DATA_HOME: join(home, "data"),
          XDG_CONFIG_HOME: join(home, "config"),
        };
        const result = spawnSync("caddy", ["validate", "--adapter", "caddyfile", "--config", file], {
          env,
          encoding: "utf8",
        });
        expect(result.status, result.stderr).toBe(0);
        expect(result.stderr).toContain("enabling automatic HTTP->HTTPS redirects");
        expect(result.stdout + result.stderr).toContain("Valid configuration");
      }
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
  if (!withCaddy) {
    it.skip("is a configuration Caddy accepts: skipped, Caddy is not installed (Debian: apt-get install caddy)", () => {});
  }
});

describe("the build check", () => {
  it("names every file in the client build that the rules would not serve, and passes a clean build", () => {
    const dir = makeTempDir("deploy-check-");
    try {
      for (const file of [
        "index.html",
        "index.html.gz",
        "index.html.br",
        "about/index.html",
        "assets/entry-abc.js",
        "assets/entry-abc.js.br",
        "robots.txt",
        ".well-known/security.txt",
        "_headers",
      ]) {
        mkdirSync(join(dir, file, ".."), { recursive: true });
        writeFileSync(join(dir, file), "x");
      }
      expect(findUnservableFiles(dir)).toEqual([]);
      for (const file of [".env", "assets/.DS_Store", "notes.bak", "data.sqlite.gz", "_redirects"]) {
        writeFileSync(join(dir, file), "x");
      }
      expect(findUnservableFiles(dir).sort()).toEqual(
        ["_redirects", "assets/.DS_Store", "data.sqlite.gz", ".env", "notes.bak"].sort(),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
