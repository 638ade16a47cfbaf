import type { SiteSettings } from "../../app/lib/settings";

/** The back office's settings (README.md, "The back office"). */
export interface OfficeConfig {
  /** Where people open the office: OFFICE_URL, or SITE_URL. Passkeys are bound to its host name. */
  origin: string;
  /** The WebAuthn relying party id: the origin's host name. */
  rpId: string;
  /** Shown by the phone when it asks for the passkey. */
  rpName: string;
  /** A session not used for this long ends… */
  sessionIdleMs: number;
  /** …and any session ends this long after its sign-in. */
  sessionMaxMs: number;
  /** Export, erase, invite and revoke need a passkey check at most this old. */
  freshMs: number;
  /** How long an invitation link works. */
  inviteMs: number;
  /** How long a passkey prompt may stay open. */
  challengeMs: number;
  /** Passkey sign-in attempts per minute from one address (never per person: nobody can lock the owner out). */
  signInPerMinute: number;
}

const hour = 60 * 60_000;

export const officeDefaults = {
  sessionIdleMs: 8 * hour,
  sessionMaxMs: 7 * 24 * hour,
  freshMs: 5 * 60_000,
  inviteMs: hour,
  challengeMs: 5 * 60_000,
  signInPerMinute: 30,
} satisfies Partial<OfficeConfig>;

/** The office's settings, or why it is off. */
export type OfficeSetting = { on: true; config: OfficeConfig } | { on: false; reason: string };

/**
 * OFFICE_URL, or SITE_URL when unset: an https origin, or http://localhost (browsers allow passkeys on no other
 * plain-http host). A bad OFFICE_URL stops the start; a SITE_URL the office cannot use (plain http on a real host)
 * only turns the office off, as the public site does not need it.
 */
export function readOfficeSetting(
  env: Record<string, string | undefined>,
  settings: Pick<SiteSettings, "siteUrl" | "agencyName">,
): OfficeSetting {
  const explicit = env.OFFICE_URL?.trim() ?? "";
  const raw = explicit || settings.siteUrl;
  const name = explicit ? "OFFICE_URL" : "SITE_URL";
  let problem: string | null = null;
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {
    problem = `${name}: "${raw}" is not an address such as https://www.example.com`;
  }
  const local = url !== null && (url.hostname === "localhost" || url.hostname.endsWith(".localhost"));
  if (url && url.protocol !== "https:" && !(url.protocol === "http:" && local)) {
    problem = `${name}: "${raw}" must be https for the back office (passkeys work only on https, or http://localhost)`;
  }
  if (problem !== null || url === null) {
    if (explicit) throw new Error(problem ?? `OFFICE_URL: "${raw}" is not usable`);
    return { on: false, reason: `${problem}; set OFFICE_URL to the office's https address` };
  }
  return {
    on: true,
    config: { origin: url.origin, rpId: url.hostname, rpName: `${settings.agencyName} office`, ...officeDefaults },
  };
}
