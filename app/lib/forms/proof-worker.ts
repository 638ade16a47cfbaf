import guardWorkerUrl from "./spam-guard.worker.ts?worker&url";
import { honeypotOnly, type SpamGuard } from "./honeypot";

/** From the submit: longer than the worker's own bound on the wait for a solution (15 s) plus the minimum fill time. */
const maxAnswerMs = 30_000;

/**
 * The spam guard whose proof comes from a worker of its own per challenge (spam-guard.worker.ts): the forms' guard
 * (app/components/forms/spam-guard.tsx), and the kept enquiries' sender (kept-sender.ts), which solves a proof when
 * it sends, so that none expires while an enquiry waits for the network.
 */
export function inWorker(endpoint: string): SpamGuard {
  let pending: { worker: Worker; answer: Promise<unknown> } | null = null;
  const start = () => {
    if (pending) return;
    try {
      const worker = new Worker(guardWorkerUrl, { type: "module" });
      const answer = new Promise<unknown>((resolve) => {
        worker.onmessage = (event) => resolve(event.data);
        // A worker that fails to load costs the proof only: the inbox holds such a submission, it is not lost.
        worker.onerror = () => resolve(null);
      });
      worker.postMessage(endpoint);
      pending = { worker, answer };
    } catch {
      // No workers here: the honeypot alone.
    }
  };
  return {
    start,
    async fields(form) {
      const fields = await honeypotOnly.fields(form);
      start();
      // A challenge is good once: the next submission from this page starts a fresh worker.
      const current = pending;
      pending = null;
      if (!current) return fields;
      current.worker.postMessage(null);
      const altcha = await Promise.race([
        current.answer,
        new Promise((resolve) => setTimeout(resolve, maxAnswerMs, null)),
      ]);
      current.worker.terminate();
      return typeof altcha === "string" ? { ...fields, altcha } : fields;
    },
  };
}
