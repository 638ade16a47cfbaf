import { alertsKeptMs } from "../data/push";
import { readServerSettings, type ServerSettings } from "../settings";
import type { Resolver } from "./endpoint";

/** Alerts on the agency's phones (issue 37): on, with what the push services need, or off and why. */
export type PushSetting =
  | ({
      on: true;
      /** Who runs this server, for the push services (VAPID's `sub`): an https: or mailto: address (contactOf). */
      contact: string;
      /** Where `contact` came from: PUSH_CONTACT, or the default made of AGENCY_EMAIL or SITE_URL. */
      contactFrom?: ContactSource;
      retry: PushRetry;
    } & EndpointPolicy)
  | { on: false; reason: string };

export type ContactSource = "PUSH_CONTACT" | "AGENCY_EMAIL" | "SITE_URL";

/** Which devices' push services the server will post to (issue 55): known services on public addresses only. */
export interface EndpointPolicy {
  /** Tests only (PUSH_LOOPBACK=on): push services on plain http at a loopback address are accepted too. */
  loopback: boolean;
  /** PUSH_HOSTS: more push services' host names, beside the known ones (`*.name` for any name under it). */
  hosts?: readonly string[];
  /** How a host name is resolved (tests give their own); by default the system's resolver. */
  resolve?: Resolver;
}

export interface PushRetry {
  /** The first retry after this long, then twice as long each time, up to `maxMs`. */
  baseMs: number;
  maxMs: number;
  /** Attempts after which an alert is dropped: it is late anyway, and mail has the enquiry. */
  maxAttempts: number;
  /** An alert waiting longer than this is dropped unsent: a ring hours late helps nobody. */
  maxAgeMs: number;
  /** How long a claimed alert is this server's to send: far longer than one send may take (sendTimeoutMs). */
  leaseMs: number;
  /** A push service that has not answered within this is a failure, tried again later. */
  sendTimeoutMs: number;
  /** How often to look for alerts another server or process queued. */
  pollMs: number;
}

export const defaultPushRetry: PushRetry = {
  baseMs: 10_000,
  maxMs: 30 * 60_000,
  maxAttempts: 8,
  maxAgeMs: alertsKeptMs,
  leaseMs: 2 * 60_000,
  sendTimeoutMs: 15_000,
  pollMs: 30_000,
};

/** Why alerts are off, when PUSH_CONTACT=off turned them off. */
export const pushOffReason = "Alerts are off on this server: its PUSH_CONTACT setting is off.";

/** The example mailbox (AGENCY_EMAIL's default): a contact nobody reads. */
export const exampleEmail = "info@example.com";

/**
 * The contact VAPID asks for (RFC 8292's `sub`), and where it came from (issue 55): PUSH_CONTACT when set; else
 * `mailto:` the agency's e-mail, unless that is still the example's and SITE_URL is on https, when it is SITE_URL;
 * else `mailto:` the example's (alerts work with it, and npm run doctor warns). Alerts are therefore on on a fresh
 * install; PUSH_CONTACT=off turns them off.
 */
export function contactOf(
  all: Pick<ServerSettings, "PUSH_CONTACT" | "AGENCY_EMAIL" | "SITE_URL">,
): { contact: string; from: ContactSource } | null {
  if (all.PUSH_CONTACT === "off") return null;
  if (all.PUSH_CONTACT) return { contact: all.PUSH_CONTACT, from: "PUSH_CONTACT" };
  const site = new URL(all.SITE_URL);
  const local = site.hostname === "localhost" || site.hostname.endsWith(".localhost");
  if (all.AGENCY_EMAIL === exampleEmail && site.protocol === "https:" && !local) {
    return { contact: site.origin, from: "SITE_URL" };
  }
  return { contact: `mailto:${all.AGENCY_EMAIL}`, from: "AGENCY_EMAIL" };
}

type PushSettingNames = "PUSH_CONTACT" | "PUSH_LOOPBACK" | "PUSH_HOSTS" | "AGENCY_EMAIL" | "SITE_URL";
const pushSettingNames: PushSettingNames[] = [
  "PUSH_CONTACT",
  "PUSH_LOOPBACK",
  "PUSH_HOSTS",
  "AGENCY_EMAIL",
  "SITE_URL",
];

/** The setting as read by the one settings schema (server/settings.ts). */
export function pushSettingOf(
  all: Pick<ServerSettings, PushSettingNames>,
  retry: Partial<PushRetry> = {},
): PushSetting {
  const contact = contactOf(all);
  if (!contact) return { on: false, reason: pushOffReason };
  return {
    on: true,
    contact: contact.contact,
    contactFrom: contact.from,
    loopback: all.PUSH_LOOPBACK,
    hosts: all.PUSH_HOSTS,
    retry: { ...defaultPushRetry, ...retry },
  };
}

export function readPushSetting(env: Record<string, string | undefined>): PushSetting {
  return pushSettingOf(readServerSettings(env, pushSettingNames));
}
