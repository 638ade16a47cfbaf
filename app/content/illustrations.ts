/**
 * The names of the site's illustrations. Each is an original SVG at app/assets/illustrations/<name>.svg,
 * drawn on an 800 x 500 canvas, shown through app/components/Illustration.tsx. Content records name
 * their image by one of these, or by a photo of content/images (./images.ts, content/images/README.md).
 */
export const illustrationNames = [
  "dubai-skyline",
  "desert-safari",
  "airport-transit",
  "passport-stamps",
  "tourist-visa",
  "visa-change-flight",
  "road-to-oman",
  "visa-extension",
  "airline-ticket",
  "hotel-booking",
  "insurance-shield",
  "worldwide-insurance",
  "kabayan-family",
  "cross-country",
  "visa-with-ticket",
  "holiday-beach",
  "theme-park",
  "office-karama",
  "customer-support",
] as const;

export type IllustrationName = (typeof illustrationNames)[number];

export const illustrationSize = { width: 800, height: 500 } as const;
