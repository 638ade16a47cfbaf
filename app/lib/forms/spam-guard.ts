/*
 * The forms' side of the inbox's spam checks (server/inbox/spam.ts): the honeypot, and a proof-of-work challenge
 * fetched when the visitor first touches a form and solved in the background while they type. It runs in a worker
 * (spam-guard.worker.ts) started only then, so the first page load carries none of it.
 */
/** A solved challenge, as the inbox reads it from the `altcha` field. */
export interface Proof {
  payload: string;
  /** When the challenge arrived (the page's clock): the form sends no sooner than `minFillMs` after it. */
  receivedAt: number;
  minFillMs: number;
}

export interface SpamGuardOptions {
  /** Where the forms post (FORM_ENDPOINT). */
  endpoint: string;
  fetch?: typeof fetch;
  now?: () => number;
  wait?: (ms: number) => Promise<void>;
  /** Solves a challenge reply (the ALTCHA solver, solve-proof.ts). */
  solve: (reply: unknown) => Promise<string | null>;
  maxWaitMs?: number;
}

/** The inbox's challenge address beside its submit address; null for an external form service (no proof there). */
export function challengeUrlOf(endpoint: string): string | null {
  return /\/api\/submit$/.test(endpoint) ? endpoint.replace(/submit$/, "challenge") : null;
}

/** The proof-of-work half of the spam guard (the honeypot is the page's: honeypot.ts). */
export interface ProofSource {
  /** Fetches and solves a challenge, once; call on the first touch of a form. Never throws. */
  start(): void;
  /**
   * The `altcha` field, or null when there is no proof to be had (an external form service, a failed fetch, no
   * solution within `maxWaitMs`). Waits for the rest of the minimum fill time first.
   */
  proof(): Promise<string | null>;
}

export function createProofSource(options: SpamGuardOptions): ProofSource {
  const challengeUrl = challengeUrlOf(options.endpoint);
  const now = options.now ?? (() => performance.now());
  const wait = options.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const solve = options.solve;
  const maxWaitMs = options.maxWaitMs ?? 15_000;
  let proof: Promise<Proof | null> | null = null;

  const fetchAndSolve = async (url: string): Promise<Proof | null> => {
    try {
      const response = await (options.fetch ?? globalThis.fetch)(url, { headers: { Accept: "application/json" } });
      if (!response.ok) return null;
      const reply: unknown = await response.json();
      const receivedAt = now();
      const minFillMs = readMinFill(reply);
      const payload = await solve(reply);
      return payload ? { payload, receivedAt, minFillMs } : null;
    } catch {
      // No proof: the inbox then holds the submission for the agency to look at; it is never lost.
      return null;
    }
  };

  const source: ProofSource = {
    start() {
      if (challengeUrl && !proof) proof = fetchAndSolve(challengeUrl);
    },
    async proof() {
      source.start();
      if (!proof) return null;
      const solved = await Promise.race([proof, wait(maxWaitMs).then(() => null)]);
      // A challenge is good once: the next submission gets a fresh one.
      proof = null;
      if (!solved) return null;
      const early = solved.receivedAt + solved.minFillMs - now();
      if (early > 0) await wait(early);
      return solved.payload;
    },
  };
  return source;
}

function readMinFill(reply: unknown): number {
  const value = typeof reply === "object" && reply !== null && "minFillMs" in reply ? Number(reply.minFillMs) : 0;
  return Number.isFinite(value) && value > 0 ? value : 0;
}
