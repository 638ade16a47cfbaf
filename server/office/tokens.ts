import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** 256 random bits, for a session id, an invitation link or a form token. */
export const newToken = (): string => randomBytes(32).toString("base64url");

/** What the database keeps of a secret token: a copy of the database does not let anyone in. */
export const hashToken = (token: string): string => createHash("sha256").update(token).digest("base64url");

/** Compares two tokens in constant time. */
export function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
