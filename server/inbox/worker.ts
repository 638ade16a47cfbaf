import type { RetryConfig } from "./config";
import type { MailMessage } from "./mail";
import type { MailSender } from "./mailer";
import type { InboxStore } from "./store";
import type { StoredEnquiry } from "./types";

export interface WorkerLog {
  info(message: string): void;
  warn(message: string): void;
}

/** Delay before the next attempt after `attempts` failures: base, 2×base, 4×base… up to the cap. */
export function backoff(attempts: number, retry: RetryConfig): number {
  return Math.min(retry.maxMs, retry.baseMs * 2 ** Math.max(0, attempts - 1));
}

// setTimeout fires at once for delays above 2^31-1 ms.
const maxTimer = 2 ** 31 - 1;
const batchSize = 20;

/**
 * Sends the outbox: every pending enquiry whose attempt is due, one at a time, marked sent once the SMTP server
 * accepts it, otherwise retried later with exponential backoff. Delivery is at least once: a crash between the
 * server's acceptance and the mark means one more copy after a restart, never a lost enquiry.
 */
export class OutboxWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(
    private readonly store: InboxStore,
    private readonly sender: MailSender,
    private readonly compose: (enquiry: StoredEnquiry) => MailMessage,
    private readonly retry: RetryConfig,
    private readonly log: WorkerLog,
  ) {}

  start(): void {
    this.kick();
  }

  /** Something new is pending: send it now rather than at the next timer. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.drain()
      .catch((error: unknown) =>
        this.log.warn(`Outbox round failed: ${error instanceof Error ? error.message : error}`),
      )
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

  /** Stops taking new work, waits for a send in progress and closes the SMTP transport. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    this.sender.close();
  }

  private scheduleNext(): void {
    if (this.stopped) return;
    const next = this.store.nextDueAt();
    if (next === null) return;
    const delay = Math.min(maxTimer, Math.max(0, next - Date.now()));
    this.timer = setTimeout(() => this.kick(), delay);
    // The timer alone must not keep a process alive.
    this.timer.unref();
  }

  private async drain(): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      const due = this.store.due(Date.now(), batchSize);
      if (due.length === 0) return;
      for (const enquiry of due) {
        if (this.stopped) return;
        await this.deliver(enquiry);
      }
    }
  }

  private async deliver(enquiry: StoredEnquiry): Promise<void> {
    try {
      await this.sender.send(this.compose(enquiry));
      this.store.markSent(enquiry.id);
    } catch (error) {
      const attempts = enquiry.attempts + 1;
      const delay = backoff(attempts, this.retry);
      const reason = error instanceof Error ? error.message : String(error);
      this.store.markFailed(enquiry.id, reason, Date.now() + delay);
      this.log.warn(`Enquiry #${enquiry.id} not delivered (attempt ${attempts}): ${reason}; next try in ${delay} ms`);
    }
  }
}
