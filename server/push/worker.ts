import { whenFree } from "../busy";
import { backoff, QueueWorker } from "../queue-worker";
import type { ClaimedAlert, PushStore } from "../data/push";
import type { PushRetry } from "./config";
import type { PushResult } from "./sender";

export interface PushLog {
  info(message: string): void;
  warn(message: string): void;
}

/** Alerts claimed at once, sent side by side: one slow push service holds the others up for one timeout at most. */
const claimBatch = 10;
/** Nobody waits on the queue: it may wait for a locked database much longer than a visitor. */
const busyWaitMs = 60_000;

/** Sends one alert to its device (sender.ts, sendPush). */
export type Send = (alert: ClaimedAlert) => Promise<PushResult>;

/**
 * Sends the alert queue (server/data/push.ts) as the outbox worker sends mail (server/inbox/worker.ts): claims due
 * alerts with a lease, so that of several servers exactly one sends each while they live; deletes each the push
 * service accepted; deletes a device the push service says is gone (404/410) with its alerts; puts any other
 * failure back with exponential back-off, up to `maxAttempts`; drops an alert that waited longer than `maxAgeMs`.
 * A server stopping lets go of its claims; one killed mid-send leaves them to the others once the lease has passed.
 */
export class PushWorker extends QueueWorker {
  constructor(
    private readonly store: PushStore,
    private readonly send: Send,
    private readonly retry: PushRetry,
    private readonly log: PushLog,
  ) {
    super("push", store, retry.pollMs, (reason) => log.warn(`Alert round failed: ${reason}`));
  }

  protected async drain(): Promise<void> {
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
    const delay = backoff(attempts, this.retry);
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
