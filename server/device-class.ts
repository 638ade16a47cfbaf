export const deviceClasses = ["phone", "tablet", "desktop"] as const;
export type DeviceClass = (typeof deviceClasses)[number];

/**
 * Phone, tablet or desktop, from a request's User-Agent: the only thing the statistics keep of it. An iPad that
 * asks for desktop sites says it is a Mac and is counted as a desktop.
 */
export function deviceClass(userAgent: string | undefined): DeviceClass {
  const ua = userAgent ?? "";
  if (/iPad|Tablet|PlayBook|Silk\/|Kindle|Android(?!.*Mobile)/i.test(ua)) return "tablet";
  if (/Mobi|iPhone|iPod|Android|Windows Phone|BlackBerry|Opera Mini/i.test(ua)) return "phone";
  return "desktop";
}
