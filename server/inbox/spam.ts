import { type Challenge, createChallenge, randomInt, type Solution, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { randomBytes } from "node:crypto";
import type { UsedProof } from "../data/enquiries/store";
import type { Database } from "../data/open";
import type { Fields } from "./parse";

/*
 * The spam checks. None of them refuses anything: a submission that fails one is stored as held (suspected spam)
 * and not mailed, and is answered exactly as an accepted one, so a bot learns nothing; the agency can release it.
 *
 * 1. Honeypot: the forms carry a hidden checkbox named `botcheck` (the name form-to-mail services use); a person
 *    never ticks it, a form-filling bot does.
 * 2. Proof of work (ALTCHA): GET /api/challenge hands out a challenge signed by this server; the visitor's browser
 *    solves it in the background while they type (a few hundred thousand hashes at most) and sends the solution as
 *    `altcha`. Each solution is good once, until its challenge expires, on whichever server sees it first: the
 *    used ones are kept in the database, as are the signing keys, so any server verifies what any other issued.
 * 3. Minimum fill time: the solution must come at least `minFillMs` after its challenge was issued, which the form
 *    fetches when the visitor first touches it. The form itself waits out the rest of that time, so a person is
 *    never held for being quick; a script that posts a second after loading the page is.
 */

export const honeypotField = "botcheck";
export const proofField = "altcha";

export interface SpamConfig {
  /** The largest counter of a challenge: a browser tries on average half of it (SHA-256, one hash each). */
  powMaxNumber: number;
  /** How long a challenge is good for. */
  challengeTtlMs: number;
  /** How soon after its challenge was issued a submission may come. */
  minFillMs: number;
}

export const defaultSpamConfig: SpamConfig = {
  powMaxNumber: 50_000,
  challengeTtlMs: 2 * 60 * 60_000,
  minFillMs: 3_000,
};

/** What GET /api/challenge answers: the challenge, and how long the form must wait before sending. */
export interface ChallengeReply {
  challenge: Challenge;
  minFillMs: number;
}

const algorithm = "SHA-256";

/** A secret by name: made by the first server that asks, the same for every server after it. */
async function readSecret(database: Database, name: string): Promise<string> {
  await database.db
    .insertInto("secrets")
    .values({ name, value: randomBytes(32).toString("hex") })
    .onConflict((conflict) => conflict.column("name").doNothing())
    .execute();
  const row = await database.db.selectFrom("secrets").select("value").where("name", "=", name).executeTakeFirst();
  if (!row) throw new Error(`The secret ${name} could not be stored`);
  return row.value;
}

export class SpamGuard {
  private constructor(
    readonly config: SpamConfig,
    private readonly signingKey: string,
    private readonly keySigningKey: string,
  ) {}

  /** Kept in the database, so challenges issued before a restart, or by another server, still verify. */
  static async create(database: Database, config: SpamConfig): Promise<SpamGuard> {
    const signingKey = await readSecret(database, "altcha-signature");
    const keySigningKey = await readSecret(database, "altcha-key-signature");
    return new SpamGuard(config, signingKey, keySigningKey);
  }

  async challenge(now = Date.now()): Promise<ChallengeReply> {
    const challenge = await createChallenge({
      algorithm,
      cost: 1,
      deriveKey,
      counter: randomInt(this.config.powMaxNumber),
      expiresAt: new Date(now + this.config.challengeTtlMs),
      data: { issuedAt: now },
      hmacSignatureSecret: this.signingKey,
      hmacKeySignatureSecret: this.keySigningKey,
    });
    return { challenge, minFillMs: this.config.minFillMs };
  }

  /**
   * Why the submission looks like spam (the checks it failed, comma-separated, or null when it passed them all),
   * and the proof of work it carried when that proof is good. A good proof is good once: the store records it
   * with the enquiry, in the same transaction, and holds the enquiry if any server recorded it before
   * (server/data/enquiries/store.ts, addMany), so that no two servers both accept it and no extra commit is paid per submission.
   */
  async verdict(fields: Fields, now = Date.now()): Promise<{ reason: string | null; proof: UsedProof | null }> {
    const reasons: string[] = [];
    if ((fields.get(honeypotField) ?? "").trim() !== "") reasons.push("honeypot filled");
    const { failure, proof } = await this.checkProof(fields.get(proofField) ?? "", now);
    if (failure) reasons.push(failure);
    return { reason: reasons.length > 0 ? reasons.join(", ") : null, proof };
  }

  private async checkProof(text: string, now: number): Promise<{ failure: string | null; proof: UsedProof | null }> {
    const fail = (failure: string, proof: UsedProof | null = null) => ({ failure, proof });
    if (text.trim() === "") return fail("no proof of work");
    const payload = decodePayload(text);
    if (!payload) return fail("proof of work unreadable");
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: this.signingKey,
      hmacKeySignatureSecret: this.keySigningKey,
    }).catch(() => null);
    if (!result) return fail("proof of work unreadable");
    if (result.expired) return fail("proof of work expired");
    if (!result.verified) return fail("proof of work invalid");
    const proof: UsedProof = {
      signature: payload.challenge.signature ?? "",
      expiresAt: now + this.config.challengeTtlMs,
    };
    const issuedAt = Number(payload.challenge.parameters.data?.issuedAt);
    const seconds = (now - issuedAt) / 1000;
    if (!(seconds * 1000 >= this.config.minFillMs)) {
      const wait = this.config.minFillMs / 1000;
      return fail(`sent ${seconds.toFixed(1)} s after the form was first touched (at least ${wait} s)`, proof);
    }
    return { failure: null, proof };
  }
}

/** The `altcha` field: base64 of JSON { challenge, solution }, as the form sends it. */
function decodePayload(text: string): { challenge: Challenge; solution: Solution } | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, "base64").toString("utf8"));
    if (typeof value !== "object" || value === null || !("challenge" in value) || !("solution" in value)) return null;
    const { challenge, solution } = value as { challenge: unknown; solution: unknown };
    if (!isRecord(challenge) || !isRecord(challenge.parameters) || !isRecord(solution)) return null;
    if (typeof solution.counter !== "number" || typeof solution.derivedKey !== "string") return null;
    return { challenge: challenge as unknown as Challenge, solution: solution as unknown as Solution };
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
