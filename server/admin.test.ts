import { describe, expect, it } from "vitest";
import { readSettings } from "../app/lib/settings";
import { adminHeaders, isAdminPath, readCmsSettings } from "./admin";
import { securityHeaders } from "./headers";

const directives = (csp: string | undefined = "") =>
  Object.fromEntries(
    csp.split(";").map((directive) => {
      const [name = "", ...values] = directive.trim().split(/\s+/);
      return [name, values];
    }),
  );

const site = securityHeaders(readSettings({}), ["'sha256-AAA='"]);

describe("the editor's headers", () => {
  it("are never indexed, and keep the public pages' other headers", () => {
    const headers = adminHeaders(site, readCmsSettings({}));
    expect(headers["x-robots-tag"]).toBe("noindex, nofollow");
    for (const name of ["x-content-type-options", "referrer-policy", "x-frame-options", "strict-transport-security"]) {
      expect(headers[name]).toBe(site[name]);
    }
  });

  it("allow what Decap needs and no more: its own scripts with eval, no inline script, its git host's API", () => {
    const csp = directives(adminHeaders(site, readCmsSettings({}))["content-security-policy"]);
    expect(csp["script-src"]).toEqual(["'self'", "'unsafe-eval'"]);
    // blob: the media library reads back the photos it has fetched as blobs of its own.
    expect(csp["connect-src"]).toEqual(["'self'", "blob:", "https://api.github.com"]);
    expect(csp["img-src"]).toEqual(["'self'", "data:", "blob:"]);
    expect(csp["frame-ancestors"]).toEqual(["'none'"]);
    expect(csp["object-src"]).toEqual(["'none'"]);
  });

  it("name GitLab's address for GitLab, and the local backend only when npm run admin sets it", () => {
    const gitlab = readCmsSettings({ CMS_BACKEND: "gitlab", CMS_AUTH_URL: "https://git.example.org/" });
    expect(directives(adminHeaders(site, gitlab)["content-security-policy"])["connect-src"]).toEqual([
      "'self'",
      "blob:",
      "https://git.example.org",
    ]);
    const local = readCmsSettings({ CMS_LOCAL_BACKEND: "http://127.0.0.1:8081/api/v1" });
    expect(directives(adminHeaders(site, local)["content-security-policy"])["connect-src"]).toContain(
      "http://127.0.0.1:8081",
    );
  });

  it("let the sign-in popup report back to the editor (the public pages keep COOP same-origin)", () => {
    expect(adminHeaders(site, readCmsSettings({}))["cross-origin-opener-policy"]).toBe("same-origin-allow-popups");
    expect(site["cross-origin-opener-policy"]).toBe("same-origin");
  });

  it("leave the public pages' policy as it is", () => {
    expect(directives(site["content-security-policy"])["script-src"]).toEqual(["'self'", "'sha256-AAA='"]);
  });
});

describe("the editor's settings", () => {
  it("refuse a bad value, naming the variable", () => {
    expect(() => readCmsSettings({ CMS_BACKEND: "bitbucket" })).toThrow(/CMS_BACKEND/);
    expect(() => readCmsSettings({ CMS_REPO: "not a repo" })).toThrow(/CMS_REPO/);
  });

  it("know the editor's paths", () => {
    expect(["/admin", "/admin/decap-cms.js", "/ADMIN"].every(isAdminPath)).toBe(true);
    expect(["/", "/administration", "/about"].some(isAdminPath)).toBe(false);
  });
});
