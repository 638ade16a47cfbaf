import { type Challenge, CappedMap, createChallenge, randomInt, type Solution, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { randomBytes } from "node:crypto";
import type Database from "better-sqlite3";
import type { Fields } from "./parse";

/*
 * The spam checks. None of them refuses anything: a submission that fails one is stored as held (suspected spam)
 * and not mailed, and is answered exactly as an accepted one, so a bot learns nothing; the agency can release it.
 *
 * 1. Honeypot: the forms carry a hidden checkbox named `botcheck` (the name form-to-mail services use); a person
 *    never ticks it, a form-filling bot does.
 * 2. Proof of work (ALTCHA): GET /api/challenge hands out a challenge signed by this server; the visitor's browser
 *    solves it in the background while they type (a few hundred thousand hashes at most) and sends the solution as
 *    `altcha`. Each solution is good once, until its challenge expires.
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

function readSecret(db: Database.Database, name: string): string {
  db.prepare("INSERT OR IGNORE INTO secrets (name, value) VALUES (?, ?)").run(name, randomBytes(32).toString("hex"));
  const row = db.prepare<[string], { value: string }>("SELECT value FROM secrets WHERE name = ?").get(name);
  if (!row) throw new Error(`The secret ${name} could not be stored`);
  return row.value;
}

export class SpamGuard {
  private readonly signingKey: string;
  private readonly keySigningKey: string;
  /** Signatures of the challenges already used, until they expire (capped: the oldest go first). */
  private readonly used = new CappedMap<string, number>({ maxSize: 100_000 });

  constructor(
    db: Database.Database,
    readonly config: SpamConfig,
  ) {
    // Kept in the database, so challenges issued before a restart still verify after it.
    this.signingKey = readSecret(db, "altcha-signature");
    this.keySigningKey = readSecret(db, "altcha-key-signature");
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

  /** Why the submission looks like spam (the checks it failed, comma-separated), or null when it passed them all. */
  async verdict(fields: Fields, now = Date.now()): Promise<string | null> {
    const reasons: string[] = [];
    if ((fields.get(honeypotField) ?? "").trim() !== "") reasons.push("honeypot filled");
    const proof = await this.checkProof(fields.get(proofField) ?? "", now);
    if (proof) reasons.push(proof);
    return reasons.length > 0 ? reasons.join(", ") : null;
  }

  private async checkProof(text: string, now: number): Promise<string | null> {
    if (text.trim() === "") return "no proof of work";
    const payload = decodePayload(text);
    if (!payload) return "proof of work unreadable";
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: this.signingKey,
      hmacKeySignatureSecret: this.keySigningKey,
    }).catch(() => null);
    if (!result) return "proof of work unreadable";
    if (result.expired) return "proof of work expired";
    if (!result.verified) return "proof of work invalid";
    const signature = payload.challenge.signature ?? "";
    if (!this.used.setIfAbsent(signature, now)) return "proof of work used before";
    const issuedAt = Number(payload.challenge.parameters.data?.issuedAt);
    const seconds = (now - issuedAt) / 1000;
    if (!(seconds * 1000 >= this.config.minFillMs)) {
      return `sent ${seconds.toFixed(1)} s after the form was first touched (at least ${this.config.minFillMs / 1000} s)`;
    }
    return null;
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
