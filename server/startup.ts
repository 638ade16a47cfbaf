import type { EnvFileLoaded } from "./env-file";
import type { OfficeSetting } from "./office/config";

export interface Startup {
  env: Record<string, string | undefined>;
  /** The port bound (PORT=0 lets the system pick one). */
  port: number;
  host: string;
  /** SITE_URL, or its default. */
  siteUrl: string;
  office: OfficeSetting;
  /** The line about the inbox: where enquiries are kept and whether they are mailed. */
  enquiries: string;
  envFile: EnvFileLoaded;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/**
 * What the server says once it listens: where it is on this computer, the public address and the office's
 * (the one passkeys and invitation links are bound to), the inbox, and where the settings came from. The first
 * line's "Site ready on http://localhost:PORT" is what scripts and tests wait for.
 */
export function startupMessage({ env, port, host, siteUrl, office, enquiries, envFile }: Startup): string[] {
  const siteUrlSet = (env.SITE_URL?.trim() ?? "") !== "";
  const officeFrom = (env.OFFICE_URL?.trim() ?? "") !== "" ? "OFFICE_URL" : "SITE_URL";
  const settings =
    envFile.file === null
      ? `Settings: from the environment only (${
          (env.ENV_FILE?.trim().toLowerCase() ?? "") === "off" ? "ENV_FILE=off" : "no .env file beside the project"
        })`
      : `Settings: the environment, then ${envFile.file} (${plural(envFile.applied.length, "setting")}) for what ` +
        "the environment does not set" +
        (envFile.overridden.length > 0 ? ` (the environment's own: ${envFile.overridden.join(", ")})` : "");
  return [
    `Site ready on http://localhost:${port} (listening on ${host}, port ${port})`,
    siteUrlSet
      ? `Public address: ${siteUrl} (SITE_URL)`
      : `Public address: ${siteUrl} (SITE_URL is not set: links and invitations name this computer; set SITE_URL ` +
        "in the environment or in .env)",
    office.on
      ? `Back office: ${office.config.origin}/office (${officeFrom}): passkeys and invitation links work at this ` +
        "address only"
      : `Back office: off: ${office.reason}`,
    enquiries,
    settings,
  ];
}
