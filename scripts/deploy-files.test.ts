import { describe, expect, it } from "vitest";
import { readSettings } from "../app/lib/settings";
import { adminHeaders, readCmsSettings } from "../server/admin";
import { securityHeaders } from "../server/headers";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeTempDir } from "../server/testing/fake-client";
import { findUnservableFiles, renderHeadersFile, renderNginxConf } from "./deploy-files";

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
