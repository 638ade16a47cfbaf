import { createContext, useContext, useEffect, useRef, useState } from "react";
import { honeypotName, honeypotOnly, type SpamGuard } from "../../lib/forms/honeypot";

/**
 * Where the forms post, for the spam guard's challenge; null: the honeypot only. The app provides the endpoint
 * (app/root.tsx), so component tests see no challenge requests unless they provide one.
 */
export const SpamGuardEndpoint = createContext<string | null>(null);

/**
 * One guard per form. The guard and its solver load on the form's first touch, as their own chunks: nothing of
 * them is in the first page load.
 */
export function useSpamGuard(): SpamGuard {
  const endpoint = useContext(SpamGuardEndpoint);
  const [guard] = useState(() => (endpoint === null ? honeypotOnly : loadOnDemand(endpoint)));
  return guard;
}

function loadOnDemand(endpoint: string): SpamGuard {
  let loaded: Promise<SpamGuard> | null = null;
  const load = () =>
    (loaded ??= import("../../lib/forms/spam-guard").then(
      ({ createSpamGuard }) => createSpamGuard({ endpoint }),
      // A chunk that fails to load costs the proof only: the inbox holds such a submission, it is not lost.
      () => honeypotOnly,
    ));
  return {
    start: () => void load().then((guard) => guard.start()),
    fields: async (form) => (await load()).fields(form),
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
