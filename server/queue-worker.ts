import { randomUUID } from "node:crypto";
import { hostname } from "node:os";

/*
 * The loop of a worker that sends a durable queue several servers share (the mail outbox, server/inbox/worker.ts;
 * the alerts, server/push/worker.ts): each claims due rows with a lease, so that of several servers exactly one
 * sends each while they live, and one killed mid-send leaves them to the others once the lease has passed. What is
 * claimed and how it is sent is each queue's own (`drain`); when to look, and stopping, are here.
 */

/** What the loop asks of a queue's store. */
export interface LeasedQueue {
  /** When the next row falls due (ms since the epoch), or null when none waits. */
  nextDueAt(): Promise<number | null>;
  /** Lets go of what `worker` claimed and has not settled. */
  releaseClaims(worker: string): Promise<void>;
}

/** Delay before the next attempt after `attempts` failures: base, 2×base, 4×base… up to the cap. */
export function backoff(attempts: number, retry: { baseMs: number; maxMs: number }): number {
  return Math.min(retry.maxMs, retry.baseMs * 2 ** Math.max(0, attempts - 1));
}

// setTimeout fires at once for delays above 2^31-1 ms.
const maxTimer = 2 ** 31 - 1;

export abstract class QueueWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  protected stopped = false;
  /** This worker's name on its leases: the machine, the process, the queue and a random part. */
  readonly id: string;

  /**
   * `pollMs`: how often to look for work another process queued, at the latest; `roundFailed` hears of a round
   * that failed (a locked or unreachable database: the next look tries again).
   */
  constructor(
    name: string,
    private readonly queue: LeasedQueue,
    private readonly pollMs: number,
    private readonly roundFailed: (message: string) => void,
  ) {
    this.id = `${hostname()}:${process.pid}:${name}:${randomUUID().slice(0, 8)}`;
  }

  /** Sends what is due, until nothing is: one round. */
  protected abstract drain(): Promise<void>;

  start(): void {
    this.kick();
  }

  /** Something was queued: send it now rather than at the next look. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.drain()
      .catch((error: unknown) => this.roundFailed(error instanceof Error ? error.message : String(error)))
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
    // What this server claimed and did not send is the other servers' at once, not when the lease ends.
    await this.queue.releaseClaims(this.id).catch(() => {});
  }

  private scheduleNext(): void {
    if (this.stopped) return;
    this.queue
      .nextDueAt()
      .catch(() => null) // Locked or failing: the look below comes back to it.
      .then((next) => {
        if (this.stopped || this.running) return;
        // At the latest at the next look: another server or a command may have queued something.
        const delay = Math.min(maxTimer, this.pollMs, Math.max(0, (next ?? Infinity) - Date.now()));
        clearTimeout(this.timer);
        this.timer = setTimeout(() => this.kick(), delay);
        // The timer alone must not keep a process alive.
        this.timer.unref();
      });
  }
}
