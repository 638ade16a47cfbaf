// Runs in the spam guard's worker (spam-guard.worker.ts): the ALTCHA solver stays out of the first page load.
import { type Challenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/web/sha";

/**
 * Solves the inbox's challenge (GET /api/challenge answers { challenge, minFillMs }) with the browser's own
 * SHA-256, and returns the `altcha` field: base64 of { challenge, solution }. Null when it cannot be solved.
 */
export async function solveProof(reply: unknown): Promise<string | null> {
  if (typeof reply !== "object" || reply === null || !("challenge" in reply)) return null;
  const challenge = reply.challenge as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) return null;
  return btoa(JSON.stringify({ challenge, solution }));
}
