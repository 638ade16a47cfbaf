import type { FastifyBaseLogger } from "fastify";
import { setImmediate as turn } from "node:timers/promises";
import { whenFree } from "../busy";
import type { StatEvent, StatVital, StatsStore } from "../data/stats/store";

export interface WriterOptions {
  /** Rows wait at most this long before they are written together. */
  flushMs: number;
  /** Written at once when this many wait. */
  batchRows: number;
  /**
   * A batch is written in transactions of at most this many rows, the event loop free between two: SQLite writes
   * on the event loop, and a second's beacons in one transaction (about 5 ms for 2,000 rows) would hold up the
   * enquiries and pages that arrive meanwhile.
   */
  rowsPerTransaction: number;
  /** Beyond this many waiting, new rows are dropped: a flood of beacons never grows memory or delays an enquiry. */
  maxWaiting: number;
  /** How long a batch waits for SQLite's lock (another process) before it is dropped. */
  busyWaitMs: number;
}

export const writerDefaults: WriterOptions = {
  flushMs: 1_000,
  batchRows: 5_000,
  rowsPerTransaction: 250,
  maxWaiting: 20_000,
  busyWaitMs: 2_000,
};

/**
 * The collector's rows are written in batches: once a second (or per 5,000 rows), never a transaction per beacon,
 * so counting visits costs the database a few milliseconds a second however many come; a batch goes in pieces of
 * at most 250 rows, so none of those milliseconds is long. Statistics are best-effort: a piece that cannot be
 * written is dropped with a log line, and the page, the beacon, the enquiries and the other pieces go on.
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
      const size = this.options.rowsPerTransaction;
      // Events first, then vitals, in the order they came: a vital's id written twice keeps its newest value.
      for (let from = 0; from < events.length + vitals.length; from += size) {
        if (from > 0) await turn();
        const store = this.store();
        if (store === null) return;
        const pieceEvents = events.slice(from, from + size);
        const pieceVitals = vitals.slice(Math.max(0, from - events.length), Math.max(0, from + size - events.length));
        try {
          await whenFree(() => store.record(pieceEvents, pieceVitals), this.options.busyWaitMs);
        } catch (error) {
          this.log.error(error, `Statistics: ${pieceEvents.length + pieceVitals.length} rows could not be written`);
        }
      }
    });
    return this.writing;
  }
}
