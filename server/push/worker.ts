import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { whenFree } from "../busy";
import type { ClaimedAlert, PushStore } from "../data/push";
import type { PushRetry } from "./config";
import type { PushResult } from "./sender";

export interface PushLog {
  info(message: string): void;
  warn(message: string): void;
}

/** Alerts claimed at once, sent side by side: one slow push service holds the others up for one timeout at most. */
const claimBatch = 10;
// setTimeout fires at once for delays above 2^31-1 ms.
const maxTimer = 2 ** 31 - 1;
/** Nobody waits on the queue: it may wait for a locked database much longer than a visitor. */
const busyWaitMs = 60_000;

/** Delay before the next attempt after `attempts` failures: base, 2×base, 4×base… up to the cap. */
export function pushBackoff(attempts: number, retry: PushRetry): number {
  return Math.min(retry.maxMs, retry.baseMs * 2 ** Math.max(0, attempts - 1));
}

/** Sends one alert to its device (sender.ts, sendPush). */
export type Send = (alert: ClaimedAlert) => Promise<PushResult>;

/**
 * Sends the alert queue (server/data/push.ts) as the outbox worker sends mail (server/inbox/worker.ts): claims due
 * alerts with a lease, so that of several servers exactly one sends each while they live; deletes each the push
 * service accepted; deletes a device the push service says is gone (404/410) with its alerts; puts any other
 * failure back with exponential back-off, up to `maxAttempts`; drops an alert that waited longer than `maxAgeMs`.
 * A server stopping lets go of its claims; one killed mid-send leaves them to the others once the lease has passed.
 */
export class PushWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  readonly id = `${hostname()}:${process.pid}:push:${randomUUID().slice(0, 8)}`;

  constructor(
    private readonly store: PushStore,
    private readonly send: Send,
    private readonly retry: PushRetry,
    private readonly log: PushLog,
  ) {}

  start(): void {
    this.kick();
  }

  /** Something was queued: send it now rather than at the next poll. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.drain()
      .catch((error: unknown) => this.log.warn(`Alert round failed: ${error instanceof Error ? error.message : error}`))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        } else {
          this.scheduleNext();
        }
      });
  }

  /** Stops taking work, waits for the sends in progress, and lets go of what it claimed and did not send. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    await this.store.releaseClaims(this.id).catch(() => {});
  }

  private scheduleNext(): void {
    if (this.stopped) return;
    this.store
      .nextDueAt()
      .catch(() => null)
      .then((next) => {
        if (this.stopped || this.running) return;
        const delay = Math.min(maxTimer, this.retry.pollMs, Math.max(0, (next ?? Infinity) - Date.now()));
        clearTimeout(this.timer);
        this.timer = setTimeout(() => this.kick(), delay);
        this.timer.unref();
      });
  }

  private async drain(): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      const claimedAt = Date.now();
      const claimed = await whenFree(
        () => this.store.claim(this.id, claimedAt, claimBatch, this.retry.leaseMs),
        busyWaitMs,
      );
      if (claimed.length === 0) return;
      // The lease outlasts the slowest send by far (config.ts): claimed and sent within it, or let go.
      if (Date.now() + this.retry.sendTimeoutMs > claimedAt + this.retry.leaseMs) {
        await whenFree(() => this.store.releaseClaims(this.id), busyWaitMs);
        continue;
      }
      await Promise.all(claimed.map((alert) => this.deliver(alert)));
    }
  }

  private async deliver(alert: ClaimedAlert): Promise<void> {
    const now = Date.now();
    if (now - alert.createdAt > this.retry.maxAgeMs) {
      await whenFree(() => this.store.markFailed(alert, this.id, "too late to alert", null), busyWaitMs);
      return;
    }
    let result: PushResult;
    try {
      result = await this.send(alert);
    } catch (error) {
      result = { kind: "failed", reason: error instanceof Error ? error.message : String(error) };
    }
    if (result.kind === "sent") {
      await whenFree(() => this.store.markSent(alert, this.id), busyWaitMs);
      return;
    }
    if (result.kind === "gone") {
      this.log.info(`A device no longer takes alerts (${result.reason}): its subscription is deleted`);
      await whenFree(() => this.store.removeSubscription(alert.subscriptionId), busyWaitMs);
      return;
    }
    const attempts = alert.attempts + 1;
    const last = attempts >= this.retry.maxAttempts;
    const delay = pushBackoff(attempts, this.retry);
    await whenFree(
      () => this.store.markFailed(alert, this.id, result.reason, last ? null : Date.now() + delay),
      busyWaitMs,
    );
    this.log.warn(
      `Alert #${alert.id} not delivered (attempt ${attempts}): ${result.reason}; ` +
        (last ? "given up (the enquiry is in the office and the mail)" : `next try in ${delay} ms`),
    );
  }
}
