import { largestBeacon, type MetricName } from "../../app/lib/statistics/beacon";
import { isSource } from "../../app/lib/statistics/source";
import { isPage } from "../data/stats/bounds";
import { isMetricName, isReportable } from "../data/stats/metrics";

/**
 * What a beacon counts: a page of the site shown, the not-found page shown (at whatever path: the path is not kept,
 * issue 34), or a page's vitals.
 */
export type Counted =
  | { kind: "view"; route: string; source: string }
  | { kind: "missing"; source: string }
  | { kind: "vitals"; route: string; metrics: { id: string; name: MetricName; value: number }[] };

export type ReadBeacon = { ok: true; beacon: Counted } | { ok: false; error: string };

/** The longest not-found path taken (and counted, not kept). */
const longestPath = 200;
/** A page has five metrics; a bfcache restore starts new ones. */
const mostMetrics = 5;
/** web-vitals' ids: v<major>-<ms since the epoch>-<random>. */
const metricId = /^v\d{1,2}-\d{1,14}-\d{1,14}$/;

/**
 * Checks one beacon's body (server/stats/collector.ts) field by field; anything but the exact shape of
 * app/lib/statistics/beacon.ts is refused, with a reason for the log of tests, never stored.
 */
export function readBeacon(body: string): ReadBeacon {
  if (Buffer.byteLength(body) > largestBeacon) return refuse(`The beacon is larger than ${largestBeacon} bytes`);
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return refuse("The beacon is not JSON");
  }
  if (!isRecord(value)) return refuse("The beacon is not an object");
  switch (value.kind) {
    case "view":
      if (!hasOnly(value, ["kind", "path", "source"])) return refuse("A view has kind, path and source");
      if (!isSource(value.source)) return refuse("Not a source");
      if (typeof value.path === "string" && isPage(value.path))
        return { ok: true, beacon: { kind: "view", route: value.path, source: value.source } };
      if (!isPath(value.path)) return refuse("Not a path");
      return { ok: true, beacon: { kind: "missing", source: value.source } };
    case "vitals": {
      if (!hasOnly(value, ["kind", "route", "metrics"])) return refuse("Vitals have kind, route and metrics");
      if (typeof value.route !== "string" || !isPage(value.route)) return refuse("Not a page of the site");
      const list = value.metrics;
      if (!Array.isArray(list) || list.length === 0 || list.length > mostMetrics) return refuse("1 to 5 metrics");
      const read: { id: string; name: MetricName; value: number }[] = [];
      for (const metric of list as unknown[]) {
        if (!isRecord(metric) || !hasOnly(metric, ["id", "name", "value"]))
          return refuse("A metric has id, name, value");
        if (typeof metric.id !== "string" || !metricId.test(metric.id)) return refuse("Not a metric id");
        if (!isMetricName(metric.name)) return refuse("Not a metric");
        const number = metric.value;
        if (typeof number !== "number" || !isReportable(metric.name, number))
          return refuse(`${metric.name} out of range`);
        read.push({ id: metric.id, name: metric.name, value: number });
      }
      return { ok: true, beacon: { kind: "vitals", route: value.route, metrics: read } };
    }
    default:
      return refuse("Not a kind of beacon");
  }
}

function refuse(error: string): ReadBeacon {
  return { ok: false, error };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function hasOnly(value: Record<string, unknown>, keys: readonly string[]): boolean {
  const own = Object.keys(value);
  return own.length === keys.length && keys.every((key) => Object.hasOwn(value, key));
}

function isPath(value: unknown): value is string {
  return (
    typeof value === "string" &&
    value.startsWith("/") &&
    !value.startsWith("//") &&
    value.length <= longestPath &&
    ![...value].some(
      (character) => character <= " " || character === "\u007f" || character === "?" || character === "#",
    )
  );
}
