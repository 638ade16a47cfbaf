import { whenFree } from "../busy";
import type { InboxStore, NewEnquiry } from "../data/enquiries/store";

/** How often the used proofs of work past their expiry are deleted. */
const sweepEveryMs = 10 * 60_000;

interface Waiting {
  entry: NewEnquiry;
  resolve: (id: number) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: each durable commit costs a disk sync (about a millisecond or more) that blocks the event loop,
 * so submissions that arrive together are written in one transaction, and each promise resolves only after that
 * transaction is on disk. Under load this multiplies throughput without weakening the promise to the visitor.
 * While another process holds the database lock, the batch waits on a timer (see whenFree), never in SQLite.
 */
export class GroupCommit {
  private waiting: Waiting[] = [];
  private scheduled = false;
  private lastSweep = Date.now();

  constructor(
    readonly store: InboxStore,
    private readonly busyWaitMs: number,
  ) {}

  add(entry: NewEnquiry): Promise<number> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ entry, resolve, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      // After the I/O callbacks of this turn, so every request parsed in it joins the same transaction.
      setImmediate(() => void this.flush());
    });
  }

  private async flush(): Promise<void> {
    this.scheduled = false;
    const batch = this.waiting;
    this.waiting = [];
    try {
      const ids = await whenFree(() => this.store.addMany(batch.map((waiting) => waiting.entry)), this.busyWaitMs);
      batch.forEach((waiting, index) => waiting.resolve(ids[index] ?? 0));
    } catch (error) {
      // Nothing of the batch was committed (one transaction), so none of them is acknowledged.
      for (const waiting of batch) waiting.reject(error);
    }
    if (Date.now() - this.lastSweep > sweepEveryMs) {
      this.lastSweep = Date.now();
      // Nobody waits on it, and a failure only leaves the rows for the next sweep.
      void this.store.sweepUsedProofs().catch(() => {});
    }
  }
}
