import type { FastifyBaseLogger } from "fastify";
import { whenFree } from "../inbox/busy";
import type { StatEvent, StatVital, StatsStore } from "./store";

export interface WriterOptions {
  /** Rows wait at most this long before they are written together. */
  flushMs: number;
  /** Written at once when this many wait. */
  batchRows: number;
  /** Beyond this many waiting, new rows are dropped: a flood of beacons never grows memory or delays an enquiry. */
  maxWaiting: number;
  /** How long a batch waits for SQLite's lock (another process) before it is dropped. */
  busyWaitMs: number;
}

export const writerDefaults: WriterOptions = {
  flushMs: 1_000,
  batchRows: 5_000,
  maxWaiting: 20_000,
  busyWaitMs: 2_000,
};

/**
 * The collector's rows are written in batches: one transaction a second (or per 5,000 rows), never one per beacon,
 * so counting visits costs the database a few milliseconds a second however many come. Statistics are best-effort:
 * a batch that cannot be written is dropped with a log line, and the page, the beacon and the enquiries go on.
 */
export class StatsWriter {
  private events: StatEvent[] = [];
  private vitals: StatVital[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  private dropped = 0;

  constructor(
    private readonly store: () => StatsStore | null,
    private readonly log: FastifyBaseLogger,
    private readonly options: WriterOptions = writerDefaults,
  ) {}

  /** Queues rows; false when the queue is full and they were dropped. */
  add(events: readonly StatEvent[], vitals: readonly StatVital[]): boolean {
    if (this.events.length + this.vitals.length + events.length + vitals.length > this.options.maxWaiting) {
      this.dropped += events.length + vitals.length;
      return false;
    }
    this.events.push(...events);
    this.vitals.push(...vitals);
    if (this.events.length + this.vitals.length >= this.options.batchRows) void this.flush();
    else if (this.timer === null) {
      this.timer = setTimeout(() => void this.flush(), this.options.flushMs);
      this.timer.unref();
    }
    return true;
  }

  /** Writes what waits; resolves once it is written (or dropped). */
  flush(): Promise<void> {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const events = this.events;
    const vitals = this.vitals;
    this.events = [];
    this.vitals = [];
    const dropped = this.dropped;
    this.dropped = 0;
    // One batch at a time, in order.
    this.writing = this.writing.then(async () => {
      if (dropped > 0) this.log.warn(`Statistics: ${dropped} rows dropped, more came than could be written`);
      if (events.length === 0 && vitals.length === 0) return;
      const store = this.store();
      if (store === null) return;
      try {
        await whenFree(() => store.record(events, vitals), this.options.busyWaitMs);
      } catch (error) {
        this.log.error(error, `Statistics: ${events.length + vitals.length} rows could not be written`);
      }
    });
    return this.writing;
  }
}
