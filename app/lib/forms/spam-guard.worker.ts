/*
 * The spam guard in a worker of its own (app/components/forms/spam-guard.tsx starts one per challenge, on a form's
 * first touch): it fetches the challenge, solves it off the page's thread while the visitor types, and answers the
 * `altcha` field (or null) once asked for it, no sooner than the minimum fill time. Nothing of it is in the first
 * page load, and the page needs no loader for it (a worker is started from its address, not imported).
 */
import { createProofSource, type ProofSource } from "./spam-guard";
import { solveProof } from "./solve-proof";

let source: ProofSource | null = null;

/** A string: the endpoint, start solving. Anything else: send the proof. */
addEventListener("message", (event: MessageEvent<unknown>) => {
  if (typeof event.data === "string") {
    source = createProofSource({ endpoint: event.data, solve: solveProof });
    source.start();
    return;
  }
  void (source?.proof() ?? Promise.resolve(null)).then((altcha) => postMessage(altcha));
});
