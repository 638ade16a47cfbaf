import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Metric } from "web-vitals";

/** What web-vitals would report through: each on* function's callback, by metric name. */
const reporters = new Map<string, (metric: Metric) => void>();
vi.mock("web-vitals", () => {
  const on = (name: string) => (callback: (metric: Metric) => void) => reporters.set(name, callback);
  return { onLCP: on("LCP"), onINP: on("INP"), onCLS: on("CLS"), onFCP: on("FCP"), onTTFB: on("TTFB") };
});

const sent: unknown[] = [];
const beacon = vi.fn((url: string, body: string) => {
  expect(url).toBe("/api/stats");
  sent.push(JSON.parse(body));
  return true;
});

async function freshCollector() {
  vi.resetModules();
  return import("./collector");
}

function metric(name: Metric["name"], value: number, id = `v6-1764000000000-${1000000000000 + value}`): Metric {
  return { name, value, id } as Metric;
}

function setVisibility(state: "hidden" | "visible") {
  Object.defineProperty(document, "visibilityState", { value: state, configurable: true });
  document.dispatchEvent(new Event("visibilitychange"));
}

/** The listeners each fresh collector adds, removed after its test so that the next one starts clean. */
const added: [EventTarget, string, EventListenerOrEventListenerObject][] = [];
for (const target of [window, document] as EventTarget[]) {
  const add = target.addEventListener.bind(target);
  target.addEventListener = (type: string, listener: EventListenerOrEventListenerObject | null, options?: unknown) => {
    if (listener) added.push([target, type, listener]);
    add(type, listener, options as AddEventListenerOptions);
  };
}

describe("the statistics collector in the browser", () => {
  beforeEach(() => {
    sent.length = 0;
    reporters.clear();
    Object.defineProperty(navigator, "sendBeacon", { value: beacon, configurable: true });
    Object.defineProperty(navigator, "webdriver", { value: false, configurable: true });
    Object.defineProperty(document, "referrer", { value: "https://l.facebook.com/", configurable: true });
    Object.defineProperty(document, "prerendering", { value: false, configurable: true });
  });
  afterEach(() => {
    setVisibility("visible");
    for (const [target, type, listener] of added.splice(0)) target.removeEventListener(type, listener);
  });
  // The DOM test files share one document (vitest.config.ts: isolate false): what these tests set on it goes, or
  // the next file's forms would see a visit from Facebook.
  afterAll(() => {
    for (const name of ["sendBeacon", "webdriver"]) Reflect.deleteProperty(navigator, name);
    for (const name of ["referrer", "prerendering", "visibilityState"]) Reflect.deleteProperty(document, name);
    vi.resetModules();
  });

  it("sends a view for each page shown, with the visit's source carried from the landing page", async () => {
    const collector = await freshCollector();
    collector.pageShown("/about", "");
    collector.pageShown("/dubai-visa/2", "");
    expect(sent).toEqual([
      { kind: "view", path: "/about", source: "facebook" },
      { kind: "view", path: "/dubai-visa/2", source: "facebook" },
    ]);
    expect(collector.sourceOfThisVisit("?utm_source=later")).toBe("facebook");
  });

  it("a campaign tag on the landing address names the source", async () => {
    const collector = await freshCollector();
    collector.pageShown("/", "?utm_source=Eid-Flyer&utm_medium=print");
    expect(sent).toEqual([{ kind: "view", path: "/", source: "eid-flyer" }]);
  });

  it("the campaign (utm_campaign) of the landing address goes with every view of the visit (issue 35)", async () => {
    const collector = await freshCollector();
    collector.pageShown("/", "?utm_source=Eid-Flyer&utm_medium=print&utm_campaign=Eid%202026");
    collector.pageShown("/about", "?utm_source=Eid-Flyer&utm_medium=print&utm_campaign=Eid%202026");
    expect(sent).toEqual([
      { kind: "view", path: "/", source: "eid-flyer / eid 2026" },
      { kind: "view", path: "/about", source: "eid-flyer / eid 2026" },
    ]);
  });

  it("sends any path (the server tells the not-found page), but not one longer than the server keeps", async () => {
    const collector = await freshCollector();
    collector.pageShown("/old-offer.html", "");
    collector.pageShown(`/${"x".repeat(300)}`, "");
    expect(sent).toEqual([{ kind: "view", path: "/old-offer.html", source: "facebook" }]);
  });

  it("a page the browser prerendered counts only once it is shown", async () => {
    Object.defineProperty(document, "prerendering", { value: true, configurable: true });
    const collector = await freshCollector();
    collector.pageShown("/services", "");
    expect(sent).toEqual([]);
    document.dispatchEvent(new Event("prerenderingchange"));
    expect(sent).toEqual([{ kind: "view", path: "/services", source: "facebook" }]);
  });

  it("a page restored from the back-forward cache counts again; a fresh pageshow does not", async () => {
    const collector = await freshCollector();
    collector.pageShown("/", "");
    window.dispatchEvent(new PageTransitionEvent("pageshow", { persisted: false }));
    window.dispatchEvent(new PageTransitionEvent("pageshow", { persisted: true }));
    expect(sent).toHaveLength(2);
  });

  it("sends nothing under automation", async () => {
    Object.defineProperty(navigator, "webdriver", { value: true, configurable: true });
    const collector = await freshCollector();
    collector.pageShown("/", "");
    reporters.get("LCP")?.(metric("LCP", 1200));
    setVisibility("hidden");
    expect(sent).toEqual([]);
    expect(collector.sourceOfThisVisit("")).toBe("facebook");
  });

  it("sends the final value of each metric when the page is hidden, for the page it loaded on", async () => {
    const collector = await freshCollector();
    collector.pageShown("/contact", "");
    collector.pageShown("/about", "");
    sent.length = 0;
    reporters.get("LCP")?.(metric("LCP", 1200));
    reporters.get("CLS")?.(metric("CLS", 0.01, "v6-1-1"));
    reporters.get("CLS")?.(metric("CLS", 0.03, "v6-1-1"));
    setVisibility("hidden");
    expect(sent).toEqual([
      {
        kind: "vitals",
        route: "/contact",
        metrics: [
          { id: "v6-1764000000000-1000000001200", name: "LCP", value: 1200 },
          { id: "v6-1-1", name: "CLS", value: 0.03 },
        ],
      },
    ]);
    // Nothing new: nothing sent on the next hide; a later change is.
    setVisibility("visible");
    setVisibility("hidden");
    expect(sent).toHaveLength(1);
    setVisibility("visible");
    reporters.get("INP")?.(metric("INP", 180, "v6-2-2"));
    setVisibility("hidden");
    expect(sent.at(-1)).toEqual({
      kind: "vitals",
      route: "/contact",
      metrics: [{ id: "v6-2-2", name: "INP", value: 180 }],
    });
  });

  it("falls back to fetch with keepalive when the browser will not queue a beacon", async () => {
    Object.defineProperty(navigator, "sendBeacon", { value: () => false, configurable: true });
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal("fetch", fetchMock);
    const collector = await freshCollector();
    collector.pageShown("/", "");
    expect(fetchMock).toHaveBeenCalledWith("/api/stats", expect.objectContaining({ method: "POST", keepalive: true }));
    vi.unstubAllGlobals();
  });
});
