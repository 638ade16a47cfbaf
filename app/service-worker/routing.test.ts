import { describe, expect, it } from "vitest";
import { keptCacheName } from "../lib/forms/kept-copies";
import {
  bypassPaths,
  bypassRoutes,
  cacheNames,
  isKeepable,
  isOldCache,
  overCap,
  pageKey,
  scriptsAndStyles,
  strategyFor,
  type RequestFacts,
  type ResponseFacts,
} from "./routing";

const origin = "https://www.example.ae";

function request(path: string, init: Partial<Omit<RequestFacts, "url">> & { range?: boolean } = {}): RequestFacts {
  const { range = false, ...rest } = init;
  return {
    method: "GET",
    mode: "no-cors",
    url: path.startsWith("http") ? path : `${origin}${path}`,
    headers: { has: (name: string) => range && name === "range" },
    ...rest,
  };
}
const navigation = (path: string, method = "GET") => request(path, { mode: "navigate", method });

describe("which requests the worker answers, and how", () => {
  it("answers a page's navigation from the network first", () => {
    for (const path of ["/", "/about", "/dubai-visa/1", "/no-such-page", "/services?utm_source=x", "/offline"]) {
      expect(strategyFor(navigation(path), origin), path).toBe("page");
    }
  });

  it("answers the build's hashed files from the cache first", () => {
    expect(strategyFor(request("/assets/entry.client-BX2z.js", { mode: "cors" }), origin)).toBe("asset");
    expect(strategyFor(request("/assets/inter-latin-core-wght-D3f.woff2", { mode: "cors" }), origin)).toBe("asset");
    expect(strategyFor(request("/assets/hero-9a8b.webp"), origin)).toBe("asset");
  });

  it("answers the other files a page loads (icons, photos, the manifest) from the cache, refreshed behind", () => {
    for (const path of ["/favicon.svg", "/images/office.jpg", "/apple-touch-icon.png", "/manifest.webmanifest"]) {
      expect(strategyFor(request(path), origin), path).toBe("static");
    }
  });

  it("never touches a POST, or any request but a GET, wherever it goes", () => {
    for (const method of ["POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"]) {
      expect(strategyFor(request("/api/submit", { method }), origin), method).toBeNull();
      expect(strategyFor(request("/assets/x.js", { method }), origin), method).toBeNull();
      expect(strategyFor(navigation("/contact", method), origin), method).toBeNull();
    }
  });

  it("never touches the back office, the editor, the inbox, the statistics or the health check", () => {
    const paths = [
      "/office",
      "/office/",
      "/office/enquiries/12",
      "/OFFICE/inbox",
      "/%6Fffice",
      "/admin",
      "/admin/",
      "/admin/index.html",
      "/admin/config.yml",
      "/api/submit",
      "/api/challenge",
      "/api/stats",
      "/healthz",
      "/Healthz",
    ];
    for (const path of paths) {
      expect(strategyFor(navigation(path), origin), path).toBeNull();
      expect(strategyFor(request(path), origin), path).toBeNull();
    }
  });

  it("never touches a traveller's case page or their papers, which are private (issue 56)", () => {
    const link = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde";
    const paths = [
      "/case",
      `/case/${link}`,
      `/case/${link}?x=1`,
      `/case/${link}/papers/0123456789abcdef0123456789abcdef`,
      "/case/uploads/0123456789abcdef0123456789abcdef",
      "/CASE/" + link,
      "/case/%61ssets/../" + link,
    ];
    for (const path of paths) {
      expect(strategyFor(navigation(path), origin), path).toBeNull();
      expect(strategyFor(request(path, { mode: "cors" }), origin), path).toBeNull();
      expect(strategyFor(request(path), origin), path).toBeNull();
    }
    // Not even a navigation to a file of the room: the worker answers navigations with pages it keeps.
    expect(strategyFor(navigation("/case/assets/case.AbC123.js"), origin)).toBeNull();
  });

  it("leaves the case room's files to the room's own worker (server/case/client/worker.ts)", () => {
    for (const path of ["/case/assets/passport-reader.AbCdEf0123.js", "/case/assets/ocr/AbCdEf0123/eng.traineddata"]) {
      expect(strategyFor(request(path, { mode: "cors" }), origin), path).toBeNull();
    }
  });

  it("still answers pages that merely start like those (/offline, /administration-fees)", () => {
    expect(strategyFor(navigation("/offline"), origin)).toBe("page");
    expect(strategyFor(navigation("/administration-fees"), origin)).toBe("page");
    expect(strategyFor(navigation("/apis"), origin)).toBe("page");
  });

  it("never touches another origin: the map, WhatsApp, a form service", () => {
    expect(strategyFor(request("https://www.google.com/maps?q=x&output=embed"), origin)).toBeNull();
    expect(strategyFor(navigation("https://wa.me/971501234567"), origin)).toBeNull();
    expect(strategyFor(request("https://forms.example.com/assets/x.js"), origin)).toBeNull();
    expect(strategyFor(request("http://www.example.ae/assets/x.js"), origin)).toBeNull();
  });

  it("leaves the rest to the browser: range requests, fetches of text files, unreadable paths", () => {
    expect(strategyFor(request("/assets/video.mp4", { range: true }), origin)).toBeNull();
    expect(strategyFor(request("/sitemap.xml"), origin)).toBeNull();
    expect(strategyFor(request("/robots.txt"), origin)).toBeNull();
    expect(strategyFor(request("/about", { mode: "cors" }), origin)).toBeNull();
    expect(strategyFor(navigation("/%E0%A4%A"), origin)).toBeNull();
  });
});

describe("the static routes (Chromium): what goes to the network without waking the worker", () => {
  it("are the paths the worker never touches, with everything under them, and every request but a GET", () => {
    expect(bypassPaths.map((route) => route.condition)).toEqual([
      { urlPattern: { pathname: "/office{/*}?" } },
      { urlPattern: { pathname: "/admin{/*}?" } },
      { urlPattern: { pathname: "/api{/*}?" } },
      { urlPattern: { pathname: "/healthz{/*}?" } },
    ]);
    const methods = bypassRoutes.flatMap((route) => (route.condition.requestMethod as string | undefined) ?? []);
    expect(methods).toEqual(["POST", "PUT", "PATCH", "DELETE"]);
    expect(bypassRoutes.every((route) => route.source === "network")).toBe(true);
  });
});

describe("what the worker keeps", () => {
  const response = (status: number, type: string, headers: Record<string, string>): ResponseFacts => ({
    status,
    type,
    headers: { get: (name: string) => headers[name] ?? null },
  });
  const html = { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" };

  it("a page found, as HTML, from this site", () => {
    expect(isKeepable(response(200, "basic", html), "page")).toBe(true);
  });

  it("no error, no not-found page, no redirect, nothing private or never to be stored", () => {
    expect(isKeepable(response(404, "basic", html), "page")).toBe(false);
    expect(isKeepable(response(503, "basic", html), "page")).toBe(false);
    expect(isKeepable(response(0, "opaqueredirect", {}), "page")).toBe(false);
    expect(isKeepable(response(200, "opaque", html), "page")).toBe(false);
    expect(isKeepable(response(200, "basic", { ...html, "cache-control": "private, no-cache" }), "page")).toBe(false);
    expect(isKeepable(response(200, "basic", { ...html, "cache-control": "no-store" }), "page")).toBe(false);
    expect(isKeepable(response(200, "basic", { "content-type": "application/json" }), "page")).toBe(false);
  });

  it("a file found, whatever its type", () => {
    expect(isKeepable(response(200, "basic", { "content-type": "font/woff2" }), "file")).toBe(true);
    expect(isKeepable(response(404, "basic", { "content-type": "text/html" }), "file")).toBe(false);
  });

  it("a page under its path alone, whatever the query or fragment", () => {
    expect(pageKey(`${origin}/services?utm_source=whatsapp#form`)).toBe(`${origin}/services`);
    expect(pageKey(`${origin}/`)).toBe(`${origin}/`);
  });

  it("with a page, the build's scripts and styles it names (not its fonts or pictures), once each", () => {
    const html =
      '<link rel="modulepreload" href="/assets/entry.client-BX2z.js"/><style>@font-face{src:url(/assets/inter-D3f.woff2)}</style>' +
      '<script type="module">import("/assets/root-Ab_c.js");import "/assets/entry.client-BX2z.js"</script>' +
      '<link rel="stylesheet" href="/assets/root-9x.css"><img src="/assets/hero-1.webp" alt="">' +
      '<a href="https://example.com/assets/other.js">x</a>';
    expect(scriptsAndStyles(html)).toEqual([
      "/assets/entry.client-BX2z.js",
      "/assets/root-Ab_c.js",
      "/assets/root-9x.css",
    ]);
  });

  it("at most so many entries: the oldest go first", () => {
    expect(overCap(["a", "b", "c", "d"], 2)).toEqual(["a", "b"]);
    expect(overCap(["a", "b"], 2)).toEqual([]);
    expect(overCap([], 2)).toEqual([]);
  });
});

describe("the worker's caches", () => {
  it("are named by the build, so that a new build starts afresh and deletes the old ones", () => {
    const names = Object.values(cacheNames("abc123"));
    expect(new Set(names).size).toBe(4);
    for (const name of names) {
      expect(isOldCache(name, "abc123"), name).toBe(false);
      expect(isOldCache(name, "def456"), name).toBe(true);
      expect(isOldCache(name, null), name).toBe(true);
    }
  });

  it("are only its own: another cache on the site's origin is left alone", () => {
    expect(isOldCache("someone-else", "abc123")).toBe(false);
    expect(isOldCache("someone-else", null)).toBe(false);
  });

  it("leave the kept enquiries' copies to a new build's worker, and take them when the worker is removed", () => {
    expect(isOldCache(keptCacheName, "abc123")).toBe(false);
    expect(isOldCache(keptCacheName, null)).toBe(true);
  });

  it("of a version that starts like this one's are not mistaken for it", () => {
    expect(isOldCache(cacheNames("abc1234").pages, "abc123")).toBe(true);
  });
});
