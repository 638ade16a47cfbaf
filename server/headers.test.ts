import { describe, expect, it } from "vitest";
import { readSettings } from "../app/lib/settings";
import { cacheControl, securityHeaders } from "./headers";

const directives = (csp: string) =>
  Object.fromEntries(
    csp.split(";").map((directive) => {
      const [name = "", ...values] = directive.trim().split(/\s+/);
      return [name, values];
    }),
  );

describe("securityHeaders", () => {
  const hashes = ["'sha256-AAA='", "'sha256-BBB='"];

  it("lets scripts run only from the site or as one of the hashed inline scripts, never 'unsafe-inline'", () => {
    const csp = directives(securityHeaders(readSettings({}), hashes)["content-security-policy"]);
    expect(csp["script-src"]).toEqual(["'self'", ...hashes]);
    expect(Object.values(csp).flat().join(" ")).not.toMatch(/unsafe-eval/);
    expect(csp["script-src"]).not.toContain("'unsafe-inline'");
  });

  it("lets the site's own service worker (/sw.js) start: worker-src falls back to child-src, then script-src 'self'", () => {
    const csp = directives(securityHeaders(readSettings({}), hashes)["content-security-policy"]);
    expect(csp["worker-src"] ?? csp["child-src"] ?? csp["script-src"]).toContain("'self'");
  });

  it("locks framing, plugins, base and form targets down, and allows the map's origin only in frames", () => {
    const settings = readSettings({ MAP_EMBED_URL: "https://maps.example.com/embed?q=karama" });
    const csp = directives(securityHeaders(settings, hashes)["content-security-policy"]);
    expect(csp["frame-ancestors"]).toEqual(["'none'"]);
    expect(csp["object-src"]).toEqual(["'none'"]);
    expect(csp["base-uri"]).toEqual(["'self'"]);
    expect(csp["frame-src"]).toEqual(["https://maps.example.com"]);
    expect(csp["form-action"]).toEqual(["'self'"]);
    expect(csp["connect-src"]).toEqual(["'self'"]);
  });

  it("adds a form endpoint on another origin to connect-src and form-action, and nothing else", () => {
    const settings = readSettings({ FORM_ENDPOINT: "https://forms.example.org/submit" });
    const csp = directives(securityHeaders(settings, [])["content-security-policy"]);
    expect(csp["connect-src"]).toEqual(["'self'", "https://forms.example.org"]);
    expect(csp["form-action"]).toEqual(["'self'", "https://forms.example.org"]);
    expect(csp["script-src"]).toEqual(["'self'"]);
  });

  it("sends the other hardening headers", () => {
    const headers = securityHeaders(readSettings({}), []);
    expect(headers).toMatchObject({
      "x-content-type-options": "nosniff",
      "x-frame-options": "DENY",
      "referrer-policy": "strict-origin-when-cross-origin",
    });
  });

  it("asks browsers for HTTPS on the site's host for a year, not on every subdomain, not preloaded (issue 39)", () => {
    expect(securityHeaders(readSettings({}), [])["strict-transport-security"]).toBe("max-age=31536000");
  });
});

describe("cacheControl", () => {
  it("caches hashed assets for a year and revalidates everything else", () => {
    expect(cacheControl("/assets/root-abc123.js")).toBe("public, max-age=31536000, immutable");
    expect(cacheControl("/about")).toBe("no-cache");
    // The service worker's file: the browser installs a new build's worker at the next visit.
    expect(cacheControl("/sw.js")).toBe("no-cache");
  });

  it("revalidates a miss under /assets/, which a later deploy may fill", () => {
    expect(cacheControl("/assets/root-abc123.js", 304)).toBe("public, max-age=31536000, immutable");
    expect(cacheControl("/assets/root-abc123.js", 404)).toBe("no-cache");
    expect(cacheControl("/assets/root-abc123.js", 500)).toBe("no-cache");
  });
});
