import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import type { ChallengeReply } from "../inbox/spam";

/** Fetches a challenge from the running server and solves it, as the form does; returns the `altcha` field. */
export async function solvedProof(origin: string): Promise<string> {
  const reply = (await (await fetch(`${origin}/api/challenge`)).json()) as ChallengeReply;
  const solution = await solveChallenge({ challenge: reply.challenge, deriveKey });
  if (!solution) throw new Error("The challenge could not be solved");
  return Buffer.from(JSON.stringify({ challenge: reply.challenge, solution })).toString("base64");
}
