/*
 * What the site serves, by path: the one rule for the Node server (server/app.ts), the nginx block and the build
 * check (scripts/deploy-files.ts). A path is judged on its decoded segments, so no percent-encoding, dot segment
 * or doubled slash can spell its way around it.
 */

/** The only dot-folder served: RFC 8615's home for security.txt and the like, at the top of the site. */
export const wellKnownFolder = ".well-known";

/**
 * The kinds of file a page of this site loads: documents, styles, scripts, images, fonts, the text files
 * crawlers read and the web app manifest. Anything else in the served folder (archives, databases, configs,
 * the pre-compressed .gz/.br copies, which are sent by content negotiation only) is not served.
 */
export const assetExtensions = [
  "html",
  "css",
  "js",
  "mjs",
  "svg",
  "png",
  "jpg",
  "jpeg",
  "webp",
  "avif",
  "gif",
  "ico",
  "woff2",
  "woff",
  "txt",
  "xml",
  "webmanifest",
] as const;
const assetExtension = new Set<string>(assetExtensions);

/**
 * The decoded segments of a request path (without its query), or null when the path is not one the site can
 * have: undecodable, a segment that decodes to a separator or NUL, an empty segment inside the path, a dot
 * segment, a segment starting with a dot (other than a leading /.well-known) or with an underscore (the files
 * written for other hosts, React Router's SPA fallback).
 */
export function publicSegments(rawPath: string): string[] | null {
  const path = rawPath.split("?", 1)[0] ?? "";
  if (!path.startsWith("/")) return null;
  const raw = path.slice(1).split("/");
  const segments: string[] = [];
  for (const [index, encoded] of raw.entries()) {
    let segment: string;
    try {
      segment = decodeURIComponent(encoded);
    } catch {
      return null;
    }
    if (/[/\\\0]/.test(segment)) return null;
    // An empty segment is allowed only last: "/" itself and a trailing slash (which the pages redirect).
    if (segment === "" && index !== raw.length - 1) return null;
    if (segment.startsWith(".") && !(index === 0 && segment === wellKnownFolder)) return null;
    if (segment.startsWith("_")) return null;
    segments.push(segment);
  }
  return segments;
}

/** Whether the path may be answered with a file of the served folder: public, and a page or an asset. */
export function isServableFile(rawPath: string): boolean {
  const segments = publicSegments(rawPath);
  if (segments === null) return false;
  // Files under /.well-known/ are published there on purpose, whatever their names (many have no extension).
  if (segments[0] === wellKnownFolder) return segments.length > 1;
  const name = segments.at(-1) ?? "";
  const dot = name.lastIndexOf(".");
  return dot > 0 && assetExtension.has(name.slice(dot + 1).toLowerCase());
}
