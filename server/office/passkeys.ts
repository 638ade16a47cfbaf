import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { z } from "zod";
import type { Accounts, Person } from "./accounts";
import type { OfficeConfig } from "./config";
import { hashToken } from "./tokens";

/** What the browser sends back from navigator.credentials: checked for shape before the library reads it. */
const credentialShape = z.object({
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal("public-key"),
  response: z.record(z.string(), z.unknown()),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.string().optional(),
});

/** A passkey ceremony that did not succeed; the message is safe to show. */
export class PasskeyError extends Error {
  override name = "PasskeyError";
}

const notChecked = () =>
  new PasskeyError("That passkey could not be checked. Please try again, or ask the owner for a new link.");

/** The library's verdict; anything but a verified answer (a malformed one throws) is one and the same refusal. */
async function verified<T extends { verified: boolean }>(verify: () => Promise<T>): Promise<T & { verified: true }> {
  let verification: T;
  try {
    verification = await verify();
  } catch {
    throw notChecked();
  }
  if (!verification.verified) throw notChecked();
  return verification as T & { verified: true };
}

export type Ceremony<T> = { challengeId: string; options: T };

/**
 * The WebAuthn ceremonies, with user verification required (a fingerprint, face or device PIN every time):
 * enrolling a passkey from an invitation link, adding one more while signed in, signing in, and confirming a
 * signed-in person again before owner actions. Each challenge is stored in the database and taken once.
 */
export class Passkeys {
  constructor(
    private readonly accounts: Accounts,
    private readonly config: OfficeConfig,
  ) {}

  /** What every answer must show: this challenge, signed for this origin and site, with the person verified. */
  private expected(challenge: string) {
    return {
      expectedChallenge: challenge,
      expectedOrigin: this.config.origin,
      expectedRPID: this.config.rpId,
      requireUserVerification: true,
    };
  }

  /** Options to create a passkey for the person of an invitation link (enrol) or a signed-in person (add). */
  async registrationOptions(
    target: { token: string } | { person: Person },
    now: number,
  ): Promise<Ceremony<PublicKeyCredentialCreationOptionsJSON>> {
    const person = "person" in target ? target.person : await this.accounts.invitation(target.token, now);
    if (!person) throw new PasskeyError("This link has been used or has expired. Ask the owner for a new one.");
    const existing = await this.accounts.passkeysOf(person.id);
    const options = await generateRegistrationOptions({
      rpName: this.config.rpName,
      rpID: this.config.rpId,
      userName: person.name,
      userDisplayName: person.name,
      userID: new Uint8Array(Buffer.from(person.handle, "base64url")),
      attestationType: "none",
      excludeCredentials: existing.map((passkey) => ({ id: passkey.id, transports: passkey.transports })),
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
      timeout: this.config.challengeMs,
    });
    const challengeId = await this.accounts.saveChallenge(
      {
        challenge: options.challenge,
        purpose: "person" in target ? "add" : "enrol",
        personId: person.id,
        token_hash: "token" in target ? hashToken(target.token) : null,
      },
      now,
      this.config.challengeMs,
    );
    return { challengeId, options };
  }

  /**
   * Checks a new passkey and keeps it. For an invitation, the link is spent here, once: the same link cannot
   * enrol a second device, and only when the passkey is kept: a passkey already registered (to anyone) is
   * refused with a message, and the link stays usable. Returns the person and the new passkey's id.
   */
  async register(
    challengeId: string,
    answer: unknown,
    label: string,
    now: number,
    signedIn: Person | null = null,
  ): Promise<{ person: Person; passkeyId: string }> {
    const challenge = await this.accounts.takeChallenge(challengeId, signedIn ? "add" : "enrol", now);
    if (!challenge || challenge.personId === null) throw notChecked();
    if (signedIn && signedIn.id !== challenge.personId) throw notChecked();
    const parsed = credentialShape.safeParse(answer);
    if (!parsed.success) throw notChecked();
    const verification = await verified(() =>
      verifyRegistrationResponse({
        response: parsed.data as unknown as RegistrationResponseJSON,
        ...this.expected(challenge.challenge),
      }),
    );
    const person = await this.accounts.person(challenge.personId);
    if (!person) throw notChecked();
    const { credential } = verification.registrationInfo;
    const kept = await this.accounts.addPasskey(
      person.id,
      {
        id: credential.id,
        publicKey: credential.publicKey,
        counter: credential.counter,
        transports: credential.transports ?? [],
        label,
      },
      now,
      challenge.token_hash,
    );
    if (kept === "link spent") {
      throw new PasskeyError("This link has been used or has expired. Ask the owner for a new one.");
    }
    if (kept === "already registered") {
      throw new PasskeyError(
        "This passkey is already registered in the office. Use another device or passkey manager, or sign in with it.",
      );
    }
    return { person, passkeyId: credential.id };
  }

  /** Options to sign in with any of the agency's passkeys (the phone offers the ones it holds), or to confirm. */
  async authenticationOptions(
    now: number,
    confirming: Person | null = null,
  ): Promise<Ceremony<PublicKeyCredentialRequestOptionsJSON>> {
    const allow = confirming ? await this.accounts.passkeysOf(confirming.id) : [];
    const options = await generateAuthenticationOptions({
      rpID: this.config.rpId,
      userVerification: "required",
      timeout: this.config.challengeMs,
      allowCredentials: allow.map((passkey) => ({ id: passkey.id, transports: passkey.transports })),
    });
    const challengeId = await this.accounts.saveChallenge(
      {
        challenge: options.challenge,
        purpose: confirming ? "confirm" : "sign-in",
        personId: confirming?.id ?? null,
        token_hash: null,
      },
      now,
      this.config.challengeMs,
    );
    return { challengeId, options };
  }

  /** Checks a passkey's answer; returns its (active) person and the passkey's id. */
  async authenticate(challengeId: string, answer: unknown, now: number, confirming: Person | null = null) {
    const challenge = await this.accounts.takeChallenge(challengeId, confirming ? "confirm" : "sign-in", now);
    if (!challenge) throw notChecked();
    const parsed = credentialShape.safeParse(answer);
    if (!parsed.success) throw notChecked();
    const found = await this.accounts.passkey(parsed.data.id);
    if (!found || (confirming && found.person.id !== confirming.id)) throw notChecked();
    const { passkey } = found;
    const verification = await verified(() =>
      verifyAuthenticationResponse({
        response: parsed.data as unknown as AuthenticationResponseJSON,
        ...this.expected(challenge.challenge),
        credential: {
          id: passkey.id,
          publicKey: passkey.publicKey,
          counter: passkey.counter,
          transports: passkey.transports,
        },
      }),
    );
    await this.accounts.usedPasskey(found.passkey.id, verification.authenticationInfo.newCounter, now);
    return { person: found.person, passkeyId: found.passkey.id };
  }
}
