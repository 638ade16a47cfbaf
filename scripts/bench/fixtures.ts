import type { LongTaskLike } from "./blocking";
import type { LhrLike, NetworkRequestLike } from "./summary";

const origin = "http://127.0.0.1:4000";

export interface FakeRun {
  url?: string;
  scores?: Partial<Record<string, number | null>>;
  fcp?: number;
  lcp?: number;
  tbt?: number;
  cls?: number;
  interactive?: number;
  requests?: NetworkRequestLike[];
  /** The long-tasks audit's items; without them the result has no such audit. */
  longTasks?: LongTaskLike[];
  /** Audit id → score below 1, in the category named. */
  failing?: { id: string; category: string; details?: unknown }[];
  runtimeError?: { code: string; message: string };
}

export function request(
  path: string,
  resourceType: string,
  transferSize: number,
  mainFrame = true,
): NetworkRequestLike {
  return {
    url: path.startsWith("http") || path.startsWith("data:") ? path : `${origin}${path}`,
    resourceType,
    transferSize,
    experimentalFromMainFrame: mainFrame || undefined,
  };
}

/** A Lighthouse result with only the fields the benchmark reads. */
export function fakeLhr(run: FakeRun = {}): LhrLike {
  const url = run.url ?? `${origin}/`;
  const scores = { performance: 1, accessibility: 1, "best-practices": 1, seo: 1, ...run.scores };
  const failing = run.failing ?? [];
  const audits: LhrLike["audits"] = {
    "first-contentful-paint": { score: 1, numericValue: run.fcp ?? 800 },
    "largest-contentful-paint": { score: 1, numericValue: run.lcp ?? 900 },
    "total-blocking-time": { score: 1, numericValue: run.tbt ?? 10 },
    "cumulative-layout-shift": { score: 1, numericValue: run.cls ?? 0 },
    interactive: { score: 1, numericValue: run.interactive ?? 1000 },
    "network-requests": {
      score: null,
      details: {
        items: run.requests ?? [
          request(new URL(url).pathname, "Document", 5000),
          request("/assets/root.css", "Stylesheet", 3000),
          request("/assets/entry.js", "Script", 50_000),
          request("/assets/inter.woff2", "Font", 40_000),
          request("/assets/sky.svg", "Image", 1500),
        ],
      },
    },
  };
  if (run.longTasks) audits["long-tasks"] = { score: 1, details: { items: run.longTasks } };
  for (const audit of failing) audits[audit.id] = { score: 0, details: audit.details };
  const categories: LhrLike["categories"] = {};
  for (const [id, score] of Object.entries(scores)) {
    categories[id] = {
      score: score ?? null,
      auditRefs: [
        { id: `${id}-passing`, weight: 1 },
        ...failing.filter((audit) => audit.category === id).map((audit) => ({ id: audit.id, weight: 1 })),
      ],
    };
    audits[`${id}-passing`] = { score: 1 };
  }
  return {
    mainDocumentUrl: url,
    finalDisplayedUrl: url,
    runtimeError: run.runtimeError,
    categories,
    audits,
  };
}
