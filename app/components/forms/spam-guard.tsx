import { useEffect, useRef, useState } from "react";
import { honeypotName, honeypotOnly, type SpamGuard } from "../../lib/forms/honeypot";
import { preloadKeptSender } from "../../lib/forms/kept-start";
import { inWorker } from "../../lib/forms/proof-worker";
import { challengeUrlOf } from "../../lib/forms/spam-guard";
import { site } from "../../lib/site-config";

export { inWorker };

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

/**
 * The honeypot: a checkbox no person sees or reaches (hidden from sight, keyboard and screen readers). It also
 * starts the guard when anything in its form first gets focus (a tap, a click, Tab or autofill).
 */
export function Honeypot({ guard }: { guard: SpamGuard }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const form = ref.current?.form;
    if (!form) return;
    const start = () => {
      guard.start();
      if (guard !== honeypotOnly) preloadKeptSender();
    };
    form.addEventListener("focusin", start, { once: true });
    return () => form.removeEventListener("focusin", start);
  }, [guard]);
  return <input ref={ref} type="checkbox" name={honeypotName} value="on" tabIndex={-1} aria-hidden hidden />;
}
