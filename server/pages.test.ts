// @vitest-environment node
import { describe, expect, it } from "vitest";
import { notFoundFileOf, resolvePage } from "./pages";

describe("resolvePage", () => {
  it("serves each page's pre-rendered file", () => {
    expect(resolvePage("/")).toEqual({ kind: "page", file: "index.html", status: 200 });
    expect(resolvePage("/about")).toEqual({ kind: "page", file: "about/index.html", status: 200 });
    expect(resolvePage("/visa-packages/4")).toEqual({ kind: "page", file: "visa-packages/4/index.html", status: 200 });
  });

  it("serves the offline page, which the service worker keeps at install, as a page found", () => {
    expect(resolvePage("/offline")).toEqual({ kind: "page", file: "offline/index.html", status: 200 });
  });

  it("redirects other spellings of a page to lowercase, keeping the query", () => {
    expect(resolvePage("/ABOUT")).toEqual({ kind: "redirect", location: "/about" });
    expect(resolvePage("/Dubai-Visa/2", "?ref=fb")).toEqual({ kind: "redirect", location: "/dubai-visa/2?ref=fb" });
    expect(resolvePage("/contact/")).toEqual({ kind: "redirect", location: "/contact" });
    expect(resolvePage("/Dubai-Visa/9")).toEqual({ kind: "redirect", location: "/dubai-visa/9" });
  });

  it("answers a numeric id without a record with the group's empty layout and 404", () => {
    expect(resolvePage("/dubai-visa/9")).toEqual({ kind: "page", file: "dubai-visa/0/index.html", status: 404 });
    expect(resolvePage("/visa-changes/0")).toEqual({ kind: "page", file: "visa-changes/0/index.html", status: 404 });
  });

  it("leaves everything else to the static files and the not-found page", () => {
    expect(resolvePage("/dubai-visa/abc")).toEqual({ kind: "none" });
    expect(resolvePage("/no-such-page")).toEqual({ kind: "none" });
    expect(resolvePage("/assets/root-AbC.js")).toEqual({ kind: "none" });
    expect(resolvePage("/404")).toEqual({ kind: "none" });
  });
});

describe("notFoundFileOf", () => {
  it("uses the group's own not-found page for a non-numeric id, the general one elsewhere", () => {
    expect(notFoundFileOf("/dubai-visa/abc")).toBe("dubai-visa/not-found/index.html");
    expect(notFoundFileOf("/Visa-Packages/x1")).toBe("visa-packages/not-found/index.html");
    expect(notFoundFileOf("/visa-packages/1/extra")).toBe("404/index.html");
    expect(notFoundFileOf("/nope")).toBe("404/index.html");
  });

  it("reads a trailing slash as the browser's router does: /dubai-visa/abc/ is the group's not-found page", () => {
    // The general 404 page is pre-rendered on the catch-all route; in the browser /dubai-visa/abc/ matches the
    // detail route, which hydrated over the catch-all's HTML and left the page empty.
    expect(notFoundFileOf("/dubai-visa/abc/")).toBe("dubai-visa/not-found/index.html");
    expect(notFoundFileOf("/Tourist-Visa/x//")).toBe("tourist-visa/not-found/index.html");
    expect(notFoundFileOf("/nope/")).toBe("404/index.html");
  });
});
