import type { SiteSettings } from "./settings";

declare const __SITE_SETTINGS__: SiteSettings;

/** The validated settings, injected at build time by vite.config.ts (see app/lib/settings.ts). */
export const site: SiteSettings = __SITE_SETTINGS__;
