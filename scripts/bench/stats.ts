import { blockingSourceKeys } from "./blocking";
import { type ByteGroups, type Metrics, type RunSummary, categoryIds } from "./summary";

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error("median of nothing");
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle];
  const lower = sorted[sorted.length % 2 === 1 ? middle : middle - 1];
  if (upper === undefined || lower === undefined) throw new Error("median of nothing");
  return (lower + upper) / 2;
}

const metricKeys: readonly (keyof Metrics)[] = ["fcp", "lcp", "tbt", "cls"];
const byteKeys: readonly (keyof ByteGroups)[] = ["html", "css", "js", "font", "image", "other", "subframes"];

function medianBy<K extends string>(
  keys: readonly K[],
  runs: readonly RunSummary[],
  pick: (run: RunSummary, key: K) => number,
): Record<K, number> {
  const result = {} as Record<K, number>;
  for (const key of keys) result[key] = median(runs.map((run) => pick(run, key)));
  return result;
}

/**
 * Several runs of one row: each score, metric and byte count is the median over the runs. The representative
 * run, whose report and audit lists are kept, is the one nearest the median FCP and LCP (Lighthouse's own
 * median-run helper does the same with FCP and TTI).
 */
export function aggregateRuns(runs: readonly RunSummary[]): { summary: RunSummary; representative: number } {
  const [first] = runs;
  if (!first) throw new Error("no runs to aggregate");
  if (runs.length === 1) return { summary: first, representative: 0 };
  const metrics = medianBy(metricKeys, runs, (run, key) => run.metrics[key]);
  const distances = runs.map(
    (run) =>
      ((run.metrics.fcp - metrics.fcp) / (metrics.fcp || 1)) ** 2 +
      ((run.metrics.lcp - metrics.lcp) / (metrics.lcp || 1)) ** 2,
  );
  const representative = distances.indexOf(Math.min(...distances));
  const chosen = runs[representative] ?? first;
  return {
    summary: {
      scores: medianBy(categoryIds, runs, (run, id) => run.scores[id]),
      metrics,
      bytes: medianBy(byteKeys, runs, (run, key) => run.bytes[key]),
      headerBytes: runs.every((run) => run.headerBytes)
        ? medianBy(byteKeys, runs, (run, key) => run.headerBytes?.[key] ?? 0)
        : null,
      failingAudits: chosen.failingAudits,
      byDesign: chosen.byDesign,
      blocking: runs.every((run) => run.blocking)
        ? medianBy(blockingSourceKeys, runs, (run, key) => run.blocking?.[key] ?? 0)
        : null,
      realLongTasks: runs.every((run) => run.realLongTasks)
        ? medianBy(["wallMs", "threadMs"] as const, runs, (run, key) => run.realLongTasks?.[key] ?? 0)
        : null,
    },
    representative,
  };
}
