// @vitest-environment node
import { describe, expect, it } from "vitest";
import {
  type SeenResponse,
  type WireRun,
  type WireSummary,
  formatWireConditions,
  formatWireTable,
  isScript,
  onTheWire,
  summariseWireRuns,
  wireDifference,
  wireLegend,
  wireNote,
  wireRun,
} from "./wire";

const origin = "http://127.0.0.1:4000";

/** A script the page fetched from the network: 448 B of headers and `body` B of brotli. */
const response = (path: string, body: number, overrides: Partial<SeenResponse> = {}): SeenResponse => ({
  url: path.startsWith("http") ? path : `${origin}${path}`,
  resourceType: "script",
  contentType: "application/javascript; charset=utf-8",
  status: 200,
  byServiceWorker: false,
  answeredByServiceWorker: false,
  workerScript: false,
  headerBytes: 448,
  bodyBytes: body,
  contentLength: body,
  ...overrides,
});

const run = (bytes: number, files: number, hydrated = true): WireRun => ({
  hydrated,
  bytes,
  headerBytes: files * 448,
  files,
  scripts: [],
  otherOrigins: [],
  notOnWire: { browserCache: 0, serviceWorker: 0 },
  unfinished: [],
});

const summary = (kib: number, files: number, overrides: Partial<WireSummary> = {}): WireSummary => ({
  runs: 3,
  failedRuns: [],
  notHydrated: 0,
  bytes: kib * 1024,
  headerBytes: files * 448,
  files,
  ...overrides,
});

const lineOf = (table: string, route: string) => table.split("\n").find((line) => line.startsWith(route)) ?? "";

describe("isScript", () => {
  it("takes what was asked for as a script (classic, module, import()) or came back as JavaScript", () => {
    expect(isScript({ resourceType: "script", contentType: null })).toBe(true);
    // The service worker keeping a page's scripts asks with fetch(): what comes back says what it is.
    expect(isScript({ resourceType: "fetch", contentType: "application/javascript; charset=utf-8" })).toBe(true);
    expect(isScript({ resourceType: "other", contentType: "text/javascript" })).toBe(true);
    expect(isScript({ resourceType: "fetch", contentType: "application/json; charset=utf-8" })).toBe(false);
    expect(isScript({ resourceType: "stylesheet", contentType: "text/css" })).toBe(false);
    expect(isScript({ resourceType: "document", contentType: "text/html" })).toBe(false);
  });
});

describe("onTheWire", () => {
  it("counts headers and the compressed body, as CDP's encodedDataLength does", () => {
    expect(onTheWire(response("/assets/root.js", 4476))).toEqual({ bytes: 448 + 4476, headerBytes: 448 });
  });

  it("counts nothing for an answer from the browser's cache (encodedDataLength 0: the body is minus the headers)", () => {
    expect(onTheWire(response("/assets/root.js", -356, { headerBytes: 356, byServiceWorker: true }))).toBeNull();
  });

  it("counts nothing for the page's request the service worker answered: its own fetch is what reached the wire", () => {
    expect(onTheWire(response("/assets/kept-sender.js", 2705, { answeredByServiceWorker: true }))).toBeNull();
  });

  it("takes a worker's main script's body from Content-Length: Chromium reports only its headers", () => {
    const sw = response("/sw.js", 0, {
      byServiceWorker: true,
      workerScript: true,
      headerBytes: 422,
      contentLength: 4567,
    });
    expect(onTheWire(sw)).toEqual({ bytes: 422 + 4567, headerBytes: 422, bodyFromContentLength: true });
    // Reported in full (fetched through the service worker): as reported.
    const worker = response("/assets/spam-guard.worker.js", 1713, { workerScript: true });
    expect(onTheWire(worker)).toEqual({ bytes: 448 + 1713, headerBytes: 448 });
    // No Content-Length: the headers are all that is known.
    expect(onTheWire({ ...sw, contentLength: null })).toEqual({ bytes: 422, headerBytes: 422 });
  });
});

describe("wireRun", () => {
  it("sums the site's scripts on the wire, largest first, and says what it left out", () => {
    const result = wireRun(
      [
        response("/", 9505, { resourceType: "document", contentType: "text/html; charset=utf-8" }),
        response("/assets/jsx-runtime.js", 40641),
        response("/assets/root.js", 4476),
        response("/assets/collector.js", 3956),
        response("/assets/root.css", 3129, { resourceType: "stylesheet", contentType: "text/css" }),
        response("/sw.js", 0, { byServiceWorker: true, workerScript: true, headerBytes: 422, contentLength: 4567 }),
        // The service worker keeping the page's scripts: from the browser's cache.
        response("/assets/root.js", -356, { resourceType: "fetch", headerBytes: 356, byServiceWorker: true }),
        // A web worker started once the service worker controls the page: its fetch is the one on the wire.
        response("/assets/spam-guard.worker.js", 1265, { workerScript: true, answeredByServiceWorker: true }),
        response("/assets/spam-guard.worker.js", 1713, { resourceType: "fetch", byServiceWorker: true }),
        response("/api/challenge", 443, { resourceType: "fetch", contentType: "application/json" }),
        response("https://maps.example/maps.js", 90_000),
      ],
      origin,
      { hydrated: true, unfinished: ["http://127.0.0.1:4000/assets/late.js"] },
    );
    expect(result.scripts.map((script) => [script.url, script.bytes, script.by])).toEqual([
      ["/assets/jsx-runtime.js", 448 + 40641, "page"],
      ["/sw.js", 422 + 4567, "service worker"],
      ["/assets/root.js", 448 + 4476, "page"],
      ["/assets/collector.js", 448 + 3956, "page"],
      ["/assets/spam-guard.worker.js", 448 + 1713, "service worker"],
    ]);
    expect(result.files).toBe(5);
    expect(result.bytes).toBe(448 * 4 + 40641 + 4476 + 3956 + 1713 + 422 + 4567);
    expect(result.headerBytes).toBe(448 * 4 + 422);
    expect(result.otherOrigins).toEqual([
      { url: "https://maps.example/maps.js", bytes: 448 + 90_000, headerBytes: 448, by: "page" },
    ]);
    expect(result.notOnWire).toEqual({ browserCache: 1, serviceWorker: 1 });
    expect(result.unfinished).toEqual(["http://127.0.0.1:4000/assets/late.js"]);
    expect(result.hydrated).toBe(true);
  });

  it("keeps a query string in the path: it makes another file", () => {
    expect(wireRun([response("/assets/a.js?v=2", 10)], origin, { hydrated: false }).scripts[0]?.url).toBe(
      "/assets/a.js?v=2",
    );
  });
});

describe("summariseWireRuns", () => {
  it("takes the median of each figure over the loads, hydrated or not, and keeps the failures apart", () => {
    const result = summariseWireRuns([run(60_000, 22), run(62_000, 23, false), run(61_000, 22)], ["timed out"]);
    expect(result).toEqual({
      runs: 3,
      failedRuns: ["timed out"],
      notHydrated: 1,
      bytes: 61_000,
      headerBytes: 22 * 448,
      files: 22,
    });
  });

  it("halves between the middle two of an even number, and has no figure without a load", () => {
    expect(summariseWireRuns([run(60_000, 22), run(61_000, 23)])).toMatchObject({ bytes: 60_500, files: 22.5 });
    expect(summariseWireRuns([], ["failed"])).toMatchObject({ runs: 0, bytes: null, files: null });
  });
});

describe("the table", () => {
  it("prints KiB with one decimal and the files against the budget, marking a route over 64 KiB", () => {
    const table = formatWireTable([
      { route: "/", ours: summary(61.23, 22), other: null },
      { route: "/services", ours: summary(66, 25), other: null },
    ]);
    const [names, units] = table.split("\n");
    expect(names).toMatch(/^Route\s+JS\s+Files\s+Headers$/);
    expect(units).toContain("≤64 KiB");
    expect(lineOf(table, "/ ")).toMatch(/^\/\s+61\.2\s+22\s+9\.6$/);
    expect(lineOf(table, "/services")).toMatch(/66\.0!\s+25\s+10\.9$/);
  });

  it("puts the --vs build beside it, with the difference", () => {
    const table = formatWireTable([
      { route: "/", ours: summary(61.2, 22), other: summary(61.2, 22) },
      { route: "/about", ours: summary(63.5, 22), other: summary(65, 23) },
      { route: "/contact", ours: summary(66, 24), other: summary(64.5, 23) },
    ]);
    expect(table.split("\n")[0]).toMatch(/^Route\s+JS\s+Files\s+Headers\s+vs JS\s+vs files\s+Difference$/);
    expect(lineOf(table, "/ ")).toMatch(/61\.2\s+22\s+\+0\.0$/);
    expect(lineOf(table, "/about")).toMatch(/^\/about\s+63\.5\s+22\s+9\.6\s+65\.0!\s+23\s+-1\.5$/);
    expect(lineOf(table, "/contact")).toMatch(/66\.0!\s+24\s+10\.5\s+64\.5!\s+23\s+\+1\.5$/);
  });

  it("says when a load never hydrated or failed", () => {
    const table = formatWireTable([
      { route: "/", ours: summary(61, 22, { notHydrated: 1 }), other: summary(61, 22, { failedRuns: ["crash"] }) },
      { route: "/about", ours: summary(61, 22), other: summary(61, 22) },
    ]);
    expect(table.split("\n")[0]).toMatch(/Difference\s+Note$/);
    expect(lineOf(table, "/ ")).toMatch(/1 of 3 not hydrated; vs: 1 of 4 failed$/);
    expect(lineOf(table, "/about")).toMatch(/\+0\.0\s*$/);
  });

  it("shows a dash for a route with no load", () => {
    const none = summary(0, 0, { runs: 0, failedRuns: ["a", "b", "c"], bytes: null, headerBytes: null, files: null });
    expect(lineOf(formatWireTable([{ route: "/", ours: none, other: null }]), "/ ")).toMatch(
      /^\/\s+–\s+–\s+–\s+3 of 3 failed$/,
    );
  });

  it("writes a difference with its sign, never -0.0", () => {
    expect(wireDifference(2048, 1024)).toBe("+1.0");
    expect(wireDifference(1024, 2048)).toBe("-1.0");
    expect(wireDifference(1000, 1010)).toBe("+0.0");
    expect(wireDifference(null, 1024)).toBe("–");
  });

  it("notes nothing for a row whose loads all hydrated", () => {
    expect(wireNote(summary(60, 22))).toBe("");
  });

  it("says above the table how it was measured, and which build is which", () => {
    expect(formatWireConditions(3, { ours: "build-bench", other: null })).toMatch(
      /^Scripts on the wire: phone 390 × 844 at 3×, .*3 s of idle; medians of 3 fresh loads .*JS: build-bench\.$/,
    );
    expect(formatWireConditions(1, { ours: "build-bench", other: "build-before" })).toMatch(
      /one fresh load .*JS: build-bench; vs: build-before, each route right after this build's\.$/,
    );
  });

  it("has a legend that names the budget", () => {
    expect(wireLegend.split("\n")[0]).toMatch(/^! over issue 38's budget: .*at most 64 KiB on the wire\.$/);
  });
});
