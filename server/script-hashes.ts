import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";

const scriptTag = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const typeAttribute = /\btype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;
const executableTypes = new Set(["", "module", "text/javascript", "application/javascript"]);

/**
 * The CSP source of each inline script the browser would run ('sha256-…'). React Router and React write
 * small inline scripts into every pre-rendered page (the hydration context, the route-module imports, the
 * streaming runtime); hashing them lets the policy allow exactly these and no other inline script.
 * External scripts (src=…) are covered by 'self'; data blocks such as JSON-LD never run, so CSP ignores them.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = "", body = ""] of html.matchAll(scriptTag)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const match = typeAttribute.exec(attributes);
    const type = (match?.[1] ?? match?.[2] ?? match?.[3] ?? "").trim().toLowerCase();
    if (!executableTypes.has(type)) continue;
    hashes.push(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return hashes;
}

/**
 * Every inline-script hash of every page in a client build, sorted and without repeats. One policy for the
 * whole site: static hosts merge (rather than replace) a header that several path rules set, so per-page
 * policies would combine into one that blocks every page's scripts.
 */
export async function collectScriptHashes(clientRoot: string): Promise<string[]> {
  const entries = await readdir(clientRoot, { recursive: true, withFileTypes: true });
  // Files starting with "_" (React Router's SPA fallback) are never served (server/app.ts).
  const pages = entries.filter(
    (entry) => entry.isFile() && entry.name.endsWith(".html") && !entry.name.startsWith("_"),
  );
  const hashes = new Set<string>();
  for (const page of pages) {
    for (const hash of inlineScriptHashes(await readFile(join(page.parentPath, page.name), "utf8"))) hashes.add(hash);
  }
  return [...hashes].sort();
}
