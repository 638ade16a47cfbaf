/**
 * The collector's per-address limit (issue 34): how many beacons each address sent in the current minute, in
 * memory only. The counts are dropped when the minute ends, on a timer, not at the next beacon: after a flood from
 * thousands of addresses and then quiet, neither the addresses nor the memory they took stay with the server.
 */
export class MinuteLimit {
  private counts = new Map<string, number>();
  private start = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly perMinute: number,
    private readonly minuteMs = 60_000,
  ) {}

  /** Counts one beacon from `address`; true when it is over the minute's limit. */
  over(address: string, now: number): boolean {
    if (now - this.start >= this.minuteMs) this.newMinute(now);
    const count = (this.counts.get(address) ?? 0) + 1;
    this.counts.set(address, count);
    return count > this.perMinute;
  }

  /** Addresses held now. */
  get size(): number {
    return this.counts.size;
  }

  /** Drops the counts, and the timer with them (the server's close). */
  clear(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.start = 0;
    // A new Map rather than clear(): the old one's table, grown by a flood, goes with it.
    this.counts = new Map();
  }

  private newMinute(now: number) {
    this.clear();
    this.start = now;
    this.timer = setTimeout(() => this.clear(), this.minuteMs);
    // Never what keeps the process up.
    this.timer.unref();
  }
}
