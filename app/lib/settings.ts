import { z } from "zod";

/**
 * Every setting of the site, read from environment variables at build time (and by the server at start).
 * Defaults give a working local site; README.md documents each variable.
 */
const url = z.url({ protocol: /^https?$/ });
const httpUrlOrPath = z.union([url, z.string().regex(/^\/[^/]/, "must be an http(s) URL or a path starting with /")]);

export const settingsSchema = z.object({
  AGENCY_NAME: z.string().trim().min(1).default("Karama Visa & Travel"),
  AGENCY_PHONE: z
    .string()
    .trim()
    .regex(
      /^\+[0-9][0-9 ()-]{6,20}$/,
      "must be an international phone number starting with +, such as +971 50 123 4567",
    )
    .default("+971 50 123 4567"),
  AGENCY_WHATSAPP: z
    .string()
    .trim()
    .regex(/^[0-9]{8,15}$/, "must be the WhatsApp number as digits only, with country code, such as 971501234567")
    .optional(),
  AGENCY_EMAIL: z.email().default("info@example.com"),
  FORM_ENDPOINT: httpUrlOrPath.default("/api/submit"),
  FORM_ACCESS_KEY: z.string().trim().default(""),
  SITE_URL: url.default("http://localhost:3000").transform((value) => value.replace(/\/+$/, "")),
  SOCIAL_FACEBOOK_URL: url.default("https://www.facebook.com/"),
  SOCIAL_INSTAGRAM_URL: url.default("https://www.instagram.com/"),
  SOCIAL_TIKTOK_URL: url.default("https://www.tiktok.com/"),
  MAP_EMBED_URL: url.default("https://www.google.com/maps?q=Al+Karama,+Dubai&output=embed"),
  MAP_LINK_URL: url.default("https://www.google.com/maps/search/?api=1&query=Al+Karama+Dubai"),
  SERVICE_WORKER: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(["on", "off"], "must be on or off"))
    .default("on"),
});

export type SocialNetwork = "Facebook" | "Instagram" | "TikTok";

export interface SiteSettings {
  agencyName: string;
  phone: { display: string; href: string };
  whatsappDigits: string;
  email: string;
  formEndpoint: string;
  formAccessKey: string;
  siteUrl: string;
  social: { label: SocialNetwork; href: string }[];
  map: { embedUrl: string; linkUrl: string };
  /** Whether pages register the service worker (app/service-worker): kept pages, the offline page. */
  serviceWorker: boolean;
}

export class SettingsError extends Error {
  override name = "SettingsError";
}

/** Parses the environment; throws a SettingsError naming every bad variable. */
export function readSettings(env: Record<string, string | undefined>): SiteSettings {
  // An empty variable means "not set", so the default applies.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  const parsed = settingsSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new SettingsError(
      `Invalid site settings (the environment, or the .env file beside the project):\n${lines.join("\n")}`,
    );
  }
  return siteSettingsOf(parsed.data);
}

/** The site's settings from their parsed variables (the server parses them in its own schema, server/settings.ts). */
export function siteSettingsOf(s: z.output<typeof settingsSchema>): SiteSettings {
  const phoneDigits = s.AGENCY_PHONE.replace(/[^0-9]/g, "");
  return {
    agencyName: s.AGENCY_NAME,
    phone: { display: s.AGENCY_PHONE, href: `tel:+${phoneDigits}` },
    whatsappDigits: s.AGENCY_WHATSAPP ?? phoneDigits,
    email: s.AGENCY_EMAIL,
    formEndpoint: s.FORM_ENDPOINT,
    formAccessKey: s.FORM_ACCESS_KEY,
    siteUrl: s.SITE_URL,
    social: [
      { label: "Facebook", href: s.SOCIAL_FACEBOOK_URL },
      { label: "Instagram", href: s.SOCIAL_INSTAGRAM_URL },
      { label: "TikTok", href: s.SOCIAL_TIKTOK_URL },
    ],
    map: { embedUrl: s.MAP_EMBED_URL, linkUrl: s.MAP_LINK_URL },
    serviceWorker: s.SERVICE_WORKER === "on",
  };
}
