/**
 * Where a visit came from, for the agency's statistics: decided once, when the visit lands, from the link's
 * `utm_source` (a campaign tag the agency puts on its own links), else the referring site, else the in-app browser
 * that opened the page. Lowest floor: imports nothing, used by the browser (app/lib/statistics/collector.ts) and by
 * the server that checks what it is sent (server/stats).
 */

/** The sources the site tells apart by itself; any other is a campaign's `utm_source`. */
export const knownSources = [
  "whatsapp",
  "facebook",
  "instagram",
  "tiktok",
  "google",
  "other search",
  "other sites",
  "direct",
] as const;
export type KnownSource = (typeof knownSources)[number];

const labels: Record<KnownSource, string> = {
  whatsapp: "WhatsApp",
  facebook: "Facebook",
  instagram: "Instagram",
  tiktok: "TikTok",
  google: "Google",
  "other search": "Other search engines",
  "other sites": "Other sites",
  direct: "Direct (typed or no referrer)",
};

/** The longest campaign tag kept. */
const longestTag = 40;
/** A campaign tag as stored: lower case letters, digits, space, dot, dash, underscore; starting with a letter or digit. */
const tagPattern = /^[a-z0-9][a-z0-9 ._-]{0,39}$/;

export function isSource(value: unknown): value is string {
  return typeof value === "string" && tagPattern.test(value) && value.trim() === value;
}

/** How the office and `npm run stats` name a source. */
export function sourceLabel(source: string): string {
  if (source === "") return "Not known";
  return source in labels ? labels[source as KnownSource] : `${source} (campaign tag)`;
}

/** Hosts (and Android apps, which refer as android-app://package/) by source; a host matches itself and its subdomains. */
const byHost: [KnownSource, RegExp][] = [
  ["whatsapp", /(^|\.)(whatsapp\.com|whatsapp\.net|wa\.me|com\.whatsapp(\.w4b)?)$/],
  ["facebook", /(^|\.)(facebook\.com|fb\.com|fb\.me|messenger\.com|com\.facebook\.(katana|orca|lite))$/],
  ["instagram", /(^|\.)(instagram\.com|com\.instagram\.android)$/],
  ["tiktok", /(^|\.)(tiktok\.com|com\.zhiliaoapp\.musically|com\.ss\.android\.ugc\.trill)$/],
  [
    "google",
    /(^|\.)(google\.[a-z.]{2,6}|com\.google\.android\.(googlequicksearchbox|gm)|com\.google\.android\.apps\.\w+)$/,
  ],
  [
    "other search",
    /(^|\.)(bing\.com|duckduckgo\.com|yahoo\.com|yandex\.[a-z]{2,3}|baidu\.com|ecosia\.org|search\.brave\.com|qwant\.com|naver\.com|startpage\.com)$/,
  ],
];

/** In-app browsers often send no referrer; their user agent still says whose app it is. Read, never stored. */
const byApp: [KnownSource, RegExp][] = [
  ["facebook", /FBAN\/|FBAV\/|FB_IAB\//],
  ["instagram", /\bInstagram\b/],
  ["tiktok", /musical_ly|BytedanceWebview|TikTok/],
];

export interface Landing {
  /** The query string of the address the visit landed on. */
  search: string;
  referrer: string;
  userAgent: string;
  /** The site's own origin: a referrer from it is not a source. */
  siteOrigin: string;
}

export function sourceOfVisit({ search, referrer, userAgent, siteOrigin }: Landing): string {
  const tag = campaignTag(search);
  if (tag !== null) return tag;
  const host = referrerHost(referrer);
  if (host !== null && host.origin !== siteOrigin) {
    for (const [source, pattern] of byHost) if (pattern.test(host.name)) return source;
    return "other sites";
  }
  if (host === null) for (const [source, pattern] of byApp) if (pattern.test(userAgent)) return source;
  return "direct";
}

function campaignTag(search: string): string | null {
  const raw = new URLSearchParams(search).get("utm_source");
  if (raw === null) return null;
  const tag = raw
    .toLowerCase()
    .replace(/[^a-z0-9 ._-]+/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^[ ._-]+/, "")
    .slice(0, longestTag)
    .trim();
  return tagPattern.test(tag) ? tag : null;
}

function referrerHost(referrer: string): { name: string; origin: string } | null {
  if (referrer === "") return null;
  try {
    const url = new URL(referrer);
    return { name: url.hostname.toLowerCase(), origin: url.origin };
  } catch {
    return null;
  }
}
