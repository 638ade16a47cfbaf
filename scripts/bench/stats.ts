import { blockingSourceKeys, realLongTaskKeys } from "./blocking";
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

/** The median of each figure of a group some runs may lack: null unless every run has it. */
function medianOfGroup<K extends string>(
  keys: readonly K[],
  runs: readonly RunSummary[],
  group: (run: RunSummary) => Record<K, number> | null,
): Record<K, number> | null {
  const groups = runs.map(group);
  if (!groups.every((each) => each !== null)) return null;
  const result = {} as Record<K, number>;
  for (const key of keys) result[key] = median(groups.map((each) => each[key]));
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
      headerBytes: medianOfGroup(byteKeys, runs, (run) => run.headerBytes),
      failingAudits: chosen.failingAudits,
      byDesign: chosen.byDesign,
      blocking: medianOfGroup(blockingSourceKeys, runs, (run) => run.blocking),
      realLongTasks: medianOfGroup(realLongTaskKeys, runs, (run) => run.realLongTasks),
    },
    representative,
  };
}
