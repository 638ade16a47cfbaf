import { whenFree } from "../busy";
import { backoff, QueueWorker } from "../queue-worker";
import type { RetryConfig } from "./config";
import { isPermanentRefusal, isTlsRefusal, type MailMessage, type MailSender } from "../mailer";
import type { InboxStore } from "../data/enquiries/store";
import type { StoredEnquiry } from "../data/enquiries/types";

export interface WorkerLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** Enquiries claimed at once: one query for several when many wait. */
const claimBatch = 5;
/** The longest a send may take before the transport gives up (mailer.ts: connection, greeting, socket). */
const slowestSendMs = 60_000;
/** The outbox can wait for a locked database much longer than a visitor: nobody is waiting on it. */
const workerBusyWaitMs = 60_000;

export interface OutboxOptions {
  retry: RetryConfig;
  /** Permanent (5xx) refusals after which an enquiry is set aside as rejected. */
  maxRejections: number;
  /** How often to look for work another process queued (a re-queue or a release). */
  pollMs: number;
  /**
   * How long a claimed enquiry is this server's to mail: longer than the slowest send (the transport gives up
   * after at most a minute), so that another server takes it over only from a server that died.
   */
  leaseMs: number;
}

/**
 * Sends the outbox: every pending enquiry whose attempt is due, one at a time, marked sent once the SMTP server
 * accepts it, otherwise retried later with exponential backoff; an enquiry the server refuses outright (5xx)
 * `maxRejections` times is set aside for the agency. Several servers may work one outbox: each claims a few
 * enquiries at a time with a lease (store.claim), so two never mail the same one while both are alive; a server
 * stopping lets go of what it has not sent, and a server killed mid-send leaves its claims to the others once the
 * lease ends. Delivery is at least once: a crash between the mail
 * server's acceptance and the mark means one more copy, never a lost enquiry, and the copy carries the same
 * Message-ID (mail.ts), so mail clients show it as the same message.
 */
export class OutboxWorker extends QueueWorker {
  constructor(
    private readonly store: InboxStore,
    private readonly sender: MailSender,
    private readonly compose: (enquiry: StoredEnquiry) => MailMessage,
    private readonly options: OutboxOptions,
    private readonly log: WorkerLog,
  ) {
    super("outbox", store, options.pollMs, (reason) => log.warn(`Outbox round failed: ${reason}`));
  }

  /** Stops taking new work, waits for a send in progress, lets go of its claims and closes the SMTP transport. */
  override async stop(): Promise<void> {
    await super.stop();
    this.sender.close();
  }

  protected async drain(): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      const claimedAt = Date.now();
      const claimed = await whenFree(
        () => this.store.claim(this.id, claimedAt, claimBatch, this.options.leaseMs),
        workerBusyWaitMs,
      );
      if (claimed.length === 0) return;
      for (const enquiry of claimed) {
        // Only while the claim leaves time for a send that takes as long as a send may; the rest are let go, for
        // whichever server comes first.
        if (this.stopped || Date.now() + slowestSendMs > claimedAt + this.options.leaseMs) {
          await whenFree(() => this.store.releaseClaims(this.id), workerBusyWaitMs);
          break;
        }
        await this.deliver(enquiry);
      }
    }
  }

  private async deliver(enquiry: StoredEnquiry): Promise<void> {
    try {
      await this.sender.send(this.compose(enquiry));
    } catch (error) {
      await this.recordFailure(enquiry, error);
      return;
    }
    if (!(await whenFree(() => this.store.markSent(enquiry.id, this.id), workerBusyWaitMs))) {
      this.log.warn(
        `Enquiry #${enquiry.id} was mailed after this server's claim on it had run out; another server may mail ` +
          "it again (the copy has the same Message-ID)",
      );
    }
  }

  private async recordFailure(enquiry: StoredEnquiry, error: unknown): Promise<void> {
    const attempts = enquiry.attempts + 1;
    const delay = backoff(attempts, this.options.retry);
    const reason = error instanceof Error ? error.message : String(error);
    const permanent = isPermanentRefusal(error);
    const { maxRejections } = this.options;
    await whenFree(
      () => this.store.markFailed(enquiry.id, this.id, reason, Date.now() + delay, permanent, maxRejections),
      workerBusyWaitMs,
    );
    if (permanent && enquiry.rejections + 1 >= maxRejections) {
      this.log.warn(
        `Enquiry #${enquiry.id} was refused by the mail server ${maxRejections} times (${reason}): set aside, no ` +
          `longer tried; see "npm run enquiries -- --pending", then "--requeue ${enquiry.id}" once it is fixed`,
      );
    } else {
      const line = `Enquiry #${enquiry.id} not delivered (attempt ${attempts}): ${reason}; next try in ${delay} ms`;
      // Not a passing failure: the mail settings or the way to the mail server need someone (issue 34).
      if (isTlsRefusal(error)) this.log.error(line);
      else this.log.warn(line);
    }
  }
}
