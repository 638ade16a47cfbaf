import { describe, expect, it } from "vitest";
import { readSettings } from "../app/lib/settings";
import { securityHeaders } from "../server/headers";
import { renderHeadersFile, renderNginxConf } from "./deploy-files";

const headers = securityHeaders(readSettings({}), ["'sha256-AAA='"]);
const csp = headers["content-security-policy"];

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

describe("the _headers file for static hosts", () => {
  const rules = parseHeadersFile(renderHeadersFile(headers));

  it("sends every security header of the Node server, with the same values, on every path", () => {
    expect(Object.fromEntries(rules.get("/*") ?? [])).toEqual(headers);
  });

  it("caches hashed assets for a year, setting no header in two rules (hosts would merge the values)", () => {
    expect(Object.fromEntries(rules.get("/assets/*") ?? [])).toEqual({
      "cache-control": "public, max-age=31536000, immutable",
    });
    const names = [...rules.values()].flatMap((rule) => [...rule.keys()]);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe("the nginx server block", () => {
  const conf = renderNginxConf(headers, "/srv/site");

  it("adds each security header once, at server level, for every response", () => {
    expect(conf).toContain(`add_header Content-Security-Policy "${csp}" always;`);
    expect(conf).toContain('add_header X-Frame-Options "DENY" always;');
    for (const name of Object.keys(headers)) expect(conf.toLowerCase().split(`add_header ${name} `)).toHaveLength(2);
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

  it("serves the web app manifest with its own type, which many mime.types lack", () => {
    expect(conf).toMatch(/location = \/site\.webmanifest \{\s*types \{ \}\s*default_type application\/manifest\+json;/);
  });

  it("balances its braces", () => {
    expect(conf.split("{").length).toBe(conf.split("}").length);
  });
});
