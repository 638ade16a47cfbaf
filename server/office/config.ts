import type { SiteSettings } from "../../app/lib/settings";
import { officeAddress, readServerSettings, type ServerSettings } from "../settings";

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
 * OFFICE_URL, or SITE_URL when unset: an https origin, or http://localhost (server/settings.ts, officeAddress). A
 * bad OFFICE_URL stops the start (the settings' schema refuses it); a SITE_URL the office cannot use (plain http on
 * a real host) only turns the office off, as the public site does not need it.
 */
export function officeSettingOf(
  officeUrl: ServerSettings["OFFICE_URL"],
  settings: Pick<SiteSettings, "siteUrl" | "agencyName">,
): OfficeSetting {
  const address =
    officeUrl === undefined ? officeAddress(settings.siteUrl, "SITE_URL") : officeAddress(officeUrl, "OFFICE_URL");
  if ("problem" in address) {
    if (officeUrl !== undefined) throw new Error(address.problem);
    return { on: false, reason: `${address.problem}; set OFFICE_URL to the office's https address` };
  }
  const { url } = address;
  return {
    on: true,
    config: { origin: url.origin, rpId: url.hostname, rpName: `${settings.agencyName} office`, ...officeDefaults },
  };
}

/** The office's settings from the environment alone. */
export function readOfficeSetting(
  env: Record<string, string | undefined>,
  settings: Pick<SiteSettings, "siteUrl" | "agencyName">,
): OfficeSetting {
  return officeSettingOf(readServerSettings(env, ["OFFICE_URL"]).OFFICE_URL, settings);
}
