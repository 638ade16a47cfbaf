import { alertsKeptMs } from "../data/push";
import { readServerSettings, type ServerSettings } from "../settings";

/** Alerts on the agency's phones (issue 37): on, with what the push services need, or off and why. */
export type PushSetting =
  | {
      on: true;
      /** Who runs this server, for the push services (VAPID's `sub`): PUSH_CONTACT, an https: or mailto: address. */
      contact: string;
      /** Tests only (PUSH_LOOPBACK=on): devices whose push service is plain http on this computer are accepted. */
      loopback: boolean;
      retry: PushRetry;
    }
  | { on: false; reason: string };

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

export const pushOffReason =
  "Alerts are off on this server: PUSH_CONTACT is not set (an https: or mailto: address of whoever runs it).";

/** The setting as read by the one settings schema (server/settings.ts). */
export function pushSettingOf(
  all: Pick<ServerSettings, "PUSH_CONTACT" | "PUSH_LOOPBACK">,
  retry: Partial<PushRetry> = {},
): PushSetting {
  if (!all.PUSH_CONTACT) return { on: false, reason: pushOffReason };
  return { on: true, contact: all.PUSH_CONTACT, loopback: all.PUSH_LOOPBACK, retry: { ...defaultPushRetry, ...retry } };
}

export function readPushSetting(env: Record<string, string | undefined>): PushSetting {
  return pushSettingOf(readServerSettings(env, ["PUSH_CONTACT", "PUSH_LOOPBACK"]));
}

/** Whether the office accepts `endpoint` as a device's push service: https, or loopback http in tests. */
export function acceptableEndpoint(endpoint: string, loopback: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === "https:") return true;
  return loopback && url.protocol === "http:" && (url.hostname === "127.0.0.1" || url.hostname === "[::1]");
}
