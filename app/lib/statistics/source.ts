/**
 * Where a visit came from, for the agency's statistics: decided once, when the visit lands, from the link's
 * `utm_source` (a campaign tag the agency puts on its own links), else the referring site, else the in-app browser
 * that opened the page; with the link's `utm_campaign` after it when there is one. Lowest floor: imports nothing, used by the browser (app/lib/statistics/collector.ts) and by
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

/** The longest campaign tag kept, and the longest campaign (utm_campaign) kept after its source. */
const longestTag = 40;
/** A campaign tag as stored: lower case letters, digits, space, dot, dash, underscore; starting with a letter or digit. */
const tagPattern = /^[a-z0-9][a-z0-9 ._-]{0,39}$/;
/** Between a source and its campaign: a slash is in no tag, so a source has at most two parts. */
const campaignSeparator = " / ";

/**
 * A source as stored: a known one or a campaign tag, optionally followed by " / " and the visit's campaign
 * (`utm_campaign`), itself bounded as a tag is (issue 35): "facebook / eid offer", "eid-flyer / eid 2026".
 */
export function isSource(value: unknown): value is string {
  if (typeof value !== "string") return false;
  const parts = value.split(campaignSeparator);
  return parts.length <= 2 && parts.every((part) => tagPattern.test(part) && part.trim() === part);
}

/** How the office and `npm run stats` name a source: "Facebook", "eid flyer (campaign tag), campaign eid 2026". */
export function sourceLabel(source: string): string {
  if (source === "") return "Not known";
  const [from = "", campaign] = source.split(campaignSeparator);
  const label = from in labels ? labels[from as KnownSource] : `${from} (campaign tag)`;
  return campaign === undefined ? label : `${label}, campaign ${campaign}`;
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

/**
 * The visit's source: its `utm_source`, else where it came from (below); then, when the link names one, " / " and
 * its `utm_campaign`, so that a campaign shared on several sites shows on each (issue 35).
 */
export function sourceOfVisit(landing: Landing): string {
  const query = new URLSearchParams(landing.search);
  const source = asTag(query.get("utm_source")) ?? sourceWithoutTag(landing);
  const campaign = asTag(query.get("utm_campaign"));
  return campaign === null ? source : `${source}${campaignSeparator}${campaign}`;
}

function sourceWithoutTag({ referrer, userAgent, siteOrigin }: Landing): string {
  const host = referrerHost(referrer);
  if (host !== null && host.origin !== siteOrigin) {
    for (const [source, pattern] of byHost) if (pattern.test(host.name)) return source;
    return "other sites";
  }
  if (host === null) for (const [source, pattern] of byApp) if (pattern.test(userAgent)) return source;
  return "direct";
}

/** A tag of the link (`utm_source`, `utm_campaign`) as kept: lower case, what is safe, at most 40 characters. */
function asTag(raw: string | null): string | null {
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
