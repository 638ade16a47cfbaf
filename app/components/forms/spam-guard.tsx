import { useEffect, useRef, useState } from "react";
import { honeypotName, honeypotOnly, type SpamGuard } from "../../lib/forms/honeypot";
import { challengeUrlOf } from "../../lib/forms/spam-guard";
import guardWorkerUrl from "../../lib/forms/spam-guard.worker.ts?worker&url";
import { site } from "../../lib/site-config";

/** From the submit: longer than the worker's own bound on the wait for a solution (15 s) plus the minimum fill time. */
const maxAnswerMs = 30_000;

/**
 * One guard per form. Its work (fetch the challenge, solve it, wait out the minimum fill time) runs in a worker
 * started on the form's first touch: nothing of it is in the first page load, not even a chunk loader. An
 * external form service gives no challenge: the honeypot alone. (Component tests run where there are no workers:
 * the honeypot alone too.)
 */
export function useSpamGuard(): SpamGuard {
  const [guard] = useState(() => (challengeUrlOf(site.formEndpoint) ? inWorker(site.formEndpoint) : honeypotOnly));
  return guard;
}

/** The guard whose proof comes from a worker of its own per challenge (exported for its tests). */
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

/**
 * The honeypot: a checkbox no person sees or reaches (hidden from sight, keyboard and screen readers). It also
 * starts the guard when anything in its form first gets focus (a tap, a click, Tab or autofill).
 */
export function Honeypot({ guard }: { guard: SpamGuard }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const form = ref.current?.form;
    if (!form) return;
    const start = () => guard.start();
    form.addEventListener("focusin", start, { once: true });
    return () => form.removeEventListener("focusin", start);
  }, [guard]);
  return <input ref={ref} type="checkbox" name={honeypotName} value="on" tabIndex={-1} aria-hidden hidden />;
}
