// @vitest-environment node
import { describe, expect, it } from "vitest";
import { fakeLhr, request } from "./fixtures";
import { groupBytes, headerSizes, missesOf, rerunWorthy, summariseRun } from "./summary";

describe("groupBytes", () => {
  it("adds up the compressed transfer of the page's own frame by kind", () => {
    const bytes = groupBytes(
      [
        request("/about", "Document", 5000),
        request("/assets/a.css", "Stylesheet", 3000),
        request("/assets/b.css", "Stylesheet", 1000),
        request("/assets/entry.js", "Script", 50_000),
        request("/assets/route.js", "Script", 2000),
        request("/assets/inter.woff2", "Font", 40_000),
        request("/assets/a.svg", "Image", 1500),
        request("/assets/b.webp", "Image", 500),
        request("/favicon.svg", "Other", 900),
        request("/manifest.webmanifest", "Manifest", 300),
      ],
      "http://127.0.0.1:4000/about",
    );
    expect(bytes).toEqual({
      html: 5000,
      css: 4000,
      js: 52_000,
      font: 40_000,
      image: 2000,
      other: 1200,
      subframes: 0,
    });
  });

  it("keeps an embedded frame's bytes (a map) apart from the page's own", () => {
    const bytes = groupBytes(
      [
        request("/contact", "Document", 5000),
        request("https://maps.example/embed", "Document", 20_000, false),
        request("https://maps.example/maps.js", "Script", 200_000, false),
      ],
      "http://127.0.0.1:4000/contact",
    );
    expect(bytes).toMatchObject({ html: 5000, js: 0, subframes: 220_000 });
  });

  it("counts a second document of the page's own frame as other, not as the page's HTML", () => {
    const bytes = groupBytes(
      [request("/", "Document", 5000), request("/other", "Document", 4000)],
      "http://127.0.0.1:4000/",
    );
    expect(bytes).toMatchObject({ html: 5000, other: 4000 });
  });
});

describe("headerSizes", () => {
  it("reads each response's header bytes from the DevTools log", () => {
    const sizes = headerSizes([
      { method: "Network.requestWillBeSent", params: { requestId: "1" } },
      {
        method: "Network.responseReceived",
        params: { requestId: "1", response: { url: "http://a/", encodedDataLength: 1800 } },
      },
      { method: "Network.dataReceived", params: { requestId: "1", encodedDataLength: 4000 } },
      {
        method: "Network.responseReceived",
        params: { requestId: "2", response: { url: "http://a/x.js", encodedDataLength: 1700 } },
      },
    ]);
    expect([...sizes]).toEqual([
      ["http://a/", 1800],
      ["http://a/x.js", 1700],
    ]);
  });
});

describe("summariseRun", () => {
  it("says where the blocking time of the long tasks after FCP comes from, when Lighthouse lists them", () => {
    const url = "http://127.0.0.1:4000/contact";
    const longTasks = [
      { url: "Unattributable", startTime: 600, duration: 160 },
      { url, startTime: 780, duration: 70 },
    ];
    expect(summariseRun(fakeLhr({ url, fcp: 700, longTasks }), false).blocking).toEqual({
      navigation: 10,
      page: 20,
      scripts: 0,
      unattributed: 0,
    });
    expect(summariseRun(fakeLhr({ url, fcp: 700 }), false).blocking).toBeNull();
  });

  it("reads the real long tasks' wall and thread time from the trace, when it has one", () => {
    const url = "http://127.0.0.1:4000/contact";
    const trace = [
      { name: "navigationStart", pid: 1, tid: 1, ts: 0, args: { data: { documentLoaderURL: url } } },
      { name: "RunTask", ph: "X", pid: 1, tid: 1, ts: 10_000, dur: 30_000, tdur: 9_000 },
    ];
    expect(summariseRun(fakeLhr({ url }), false, undefined, trace).realLongTasks).toEqual({
      wallMs: 30,
      threadMs: 9,
    });
    expect(summariseRun(fakeLhr({ url }), false).realLongTasks).toBeNull();
  });

  it("splits the response headers out of the transfer when it has the DevTools log", () => {
    const lhr = fakeLhr({ requests: [request("/", "Document", 5000), request("/assets/entry.js", "Script", 50_000)] });
    const log = [
      {
        method: "Network.responseReceived",
        params: { response: { url: "http://127.0.0.1:4000/", encodedDataLength: 1800 } },
      },
      {
        method: "Network.responseReceived",
        params: { response: { url: "http://127.0.0.1:4000/assets/entry.js", encodedDataLength: 1700 } },
      },
    ];
    expect(summariseRun(lhr, false, log).headerBytes).toMatchObject({ html: 1800, js: 1700, css: 0 });
    expect(summariseRun(lhr, false).headerBytes).toBeNull();
  });

  it("reads the four category scores out of 100, the four metrics and the bytes", () => {
    const summary = summariseRun(
      fakeLhr({ scores: { performance: 0.954, seo: 0.92 }, fcp: 2283.5, lcp: 2468.3, tbt: 23, cls: 0.012 }),
      false,
    );
    expect(summary.scores).toEqual({ performance: 95, accessibility: 100, "best-practices": 100, seo: 92 });
    expect(summary.metrics).toEqual({ fcp: 2283.5, lcp: 2468.3, tbt: 23, cls: 0.012 });
    expect(summary.bytes).toMatchObject({ html: 5000, css: 3000, js: 50_000, font: 40_000, image: 1500 });
  });

  it("lists the weighted audits that fail, per category", () => {
    const summary = summariseRun(
      fakeLhr({ scores: { accessibility: 0.95 }, failing: [{ id: "color-contrast", category: "accessibility" }] }),
      false,
    );
    expect(summary.failingAudits.accessibility).toEqual(["color-contrast"]);
    expect(summary.byDesign).toEqual([]);
  });

  it("treats a run without a category score, or with a runtime error, as a failed run", () => {
    expect(() => summariseRun(fakeLhr({ scores: { seo: null } }), false)).toThrow(/seo/);
    expect(() =>
      summariseRun(fakeLhr({ runtimeError: { code: "NO_FCP", message: "The page did not paint" } }), false),
    ).toThrow(/NO_FCP/);
  });

  it("on the 404 page, counts the audits a 404 must fail as by design", () => {
    const url = "http://127.0.0.1:4000/no-such-page";
    const consoleError = {
      items: [
        {
          source: "network",
          description: "Failed to load resource: the server responded with a status of 404 (Not Found)",
          sourceLocation: { url },
        },
      ],
    };
    const lhr = fakeLhr({
      url,
      scores: { seo: 0.5, "best-practices": 0.96 },
      failing: [
        { id: "http-status-code", category: "seo" },
        { id: "is-crawlable", category: "seo" },
        { id: "errors-in-console", category: "best-practices", details: consoleError },
      ],
    });
    expect(summariseRun(lhr, true).byDesign).toEqual(["best-practices", "seo"]);
    expect(summariseRun(lhr, false).byDesign).toEqual([]);
  });

  it("on the 404 page, still counts a console error other than the page's own 404", () => {
    const url = "http://127.0.0.1:4000/no-such-page";
    const lhr = fakeLhr({
      url,
      scores: { "best-practices": 0.96 },
      failing: [
        {
          id: "errors-in-console",
          category: "best-practices",
          details: { items: [{ source: "exception", description: "TypeError: x is undefined" }] },
        },
      ],
    });
    expect(summariseRun(lhr, true).byDesign).toEqual([]);
  });

  it("on the 404 page, does not excuse a category that also fails another audit", () => {
    const lhr = fakeLhr({
      url: "http://127.0.0.1:4000/no-such-page",
      scores: { seo: 0.4 },
      failing: [
        { id: "http-status-code", category: "seo" },
        { id: "meta-description", category: "seo" },
      ],
    });
    expect(summariseRun(lhr, true).byDesign).toEqual([]);
  });
});

describe("missesOf", () => {
  it("finds nothing to report when every target holds", () => {
    expect(missesOf(summariseRun(fakeLhr(), false))).toEqual([]);
  });

  it("names each target missed", () => {
    const summary = summariseRun(
      fakeLhr({
        scores: { performance: 0.99, accessibility: 0.98, "best-practices": 0.96, seo: 0.9 },
        fcp: 1001,
        lcp: 1201,
        tbt: 51,
        cls: 0.001,
        requests: [
          request("/", "Document", 10_000),
          request("/assets/a.css", "Stylesheet", 4400),
          request("/assets/entry.js", "Script", 102_401),
        ],
      }),
      false,
    );
    expect(missesOf(summary)).toEqual([
      "performance",
      "accessibility",
      "best-practices",
      "seo",
      "fcp",
      "lcp",
      "tbt",
      "cls",
      "js",
      "html+css",
    ]);
  });

  it("holds the bounds themselves: FCP 1.0 s, LCP 1.2 s, TBT 50 ms, 100 KiB of JS, 14 KiB of HTML and CSS", () => {
    const summary = summariseRun(
      fakeLhr({
        fcp: 1000,
        lcp: 1200,
        tbt: 50,
        requests: [
          request("/", "Document", 10 * 1024),
          request("/assets/a.css", "Stylesheet", 4 * 1024),
          request("/assets/entry.js", "Script", 100 * 1024),
        ],
      }),
      false,
    );
    expect(missesOf(summary)).toEqual([]);
  });

  it("does not count a by-design 404 failure as a miss", () => {
    const lhr = fakeLhr({
      url: "http://127.0.0.1:4000/no-such-page",
      scores: { seo: 0.6 },
      failing: [{ id: "http-status-code", category: "seo" }],
    });
    expect(missesOf(summariseRun(lhr, true))).toEqual([]);
    expect(missesOf(summariseRun(lhr, false))).toEqual(["seo"]);
  });
});

describe("rerunWorthy", () => {
  it("asks for more runs only for misses that vary from run to run, not for byte counts", () => {
    expect(rerunWorthy(["js", "html+css"])).toBe(false);
    expect(rerunWorthy(["fcp"])).toBe(true);
    expect(rerunWorthy(["seo", "js"])).toBe(true);
    expect(rerunWorthy([])).toBe(false);
  });
});
