/**
 * The owner's editor at /admin (Decap CMS, see scripts/admin-files.ts): its settings and its headers. The editor
 * is a page of its own with its own policy; the public pages' policy (./headers.ts) stays as it is.
 */
import { readServerSettings, type ServerSettings, ServerSettingsError, type SettingName } from "./settings";

/** The editor's address, and the folder of the client build that holds it. */
export const adminPath = "/admin";
export const adminFolder = "admin";

export function isAdminPath(pathname: string): boolean {
  const lower = pathname.toLowerCase();
  return lower === adminPath || lower.startsWith(`${adminPath}/`);
}

/** Where the editor saves. */
export interface CmsSettings {
  /** The live site's git host: github or gitlab. */
  backend: "github" | "gitlab";
  /** owner/name of the site's repository; empty when the editor is not set up for the live site. */
  repo: string;
  branch: string;
  /** github: the OAuth provider (base_url); gitlab: the GitLab address. Unset: Decap's default. */
  authUrl: string | undefined;
  /** gitlab: the OAuth application's id (sign-in with PKCE, no server of our own needed). */
  gitlabAppId: string | undefined;
  /** The local backend (decap-server) that `npm run admin` starts; only for that build. */
  localBackend: string | undefined;
}

/** The editor's settings (server/settings.ts). */
export function cmsSettingsOf(settings: Pick<ServerSettings, Extract<SettingName, `CMS_${string}`>>): CmsSettings {
  return {
    backend: settings.CMS_BACKEND,
    repo: settings.CMS_REPO,
    branch: settings.CMS_BRANCH,
    authUrl: settings.CMS_AUTH_URL,
    gitlabAppId: settings.CMS_GITLAB_APP_ID,
    localBackend: settings.CMS_LOCAL_BACKEND,
  };
}

/** The editor's settings from the environment alone; a bad value throws an error naming the variable. */
export function readCmsSettings(env: Record<string, string | undefined>): CmsSettings {
  try {
    return cmsSettingsOf(
      readServerSettings(env, [
        "CMS_BACKEND",
        "CMS_REPO",
        "CMS_BRANCH",
        "CMS_AUTH_URL",
        "CMS_GITLAB_APP_ID",
        "CMS_LOCAL_BACKEND",
      ]),
    );
  } catch (error) {
    if (!(error instanceof ServerSettingsError)) throw error;
    throw new Error(`Invalid editor settings:\n  ${error.problems.join("\n  ")}`);
  }
}

/** The origins the editor talks to: the git host's API and, for `npm run admin` only, the local backend. */
export function cmsOrigins(cms: CmsSettings): string[] {
  const api = cms.backend === "github" ? "https://api.github.com" : new URL(cms.authUrl ?? "https://gitlab.com").origin;
  return [api, ...(cms.localBackend === undefined ? [] : [new URL(cms.localBackend).origin])];
}

/**
 * The editor's headers: the public pages' headers for what they share, and its own policy. Decap needs, beyond
 * the public pages' policy: 'unsafe-eval' (it compiles its configuration's JSON schema with `new Function`),
 * blob: images (previews of photos being uploaded), its git host's API and blob: in connect-src (the media
 * library fetches the blobs it made of the photos it loaded), and popups that keep
 * their opener (the sign-in window of GitHub's OAuth reports back to it). Its scripts are its own files, never
 * an inline script. No search engine indexes it.
 */
export function adminHeaders(siteHeaders: Record<string, string>, cms: CmsSettings): Record<string, string> {
  const csp = [
    "default-src 'self'",
    "script-src 'self' 'unsafe-eval'",
    // Decap's styles are injected at run time (emotion).
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' blob: ${cmsOrigins(cms).join(" ")}`,
    "frame-src 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
  ].join("; ");
  return {
    ...siteHeaders,
    "content-security-policy": csp,
    "cross-origin-opener-policy": "same-origin-allow-popups",
    "x-robots-tag": "noindex, nofollow",
  };
}
