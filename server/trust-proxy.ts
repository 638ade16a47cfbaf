import { isIP } from "node:net";

/** The names proxy-addr (Fastify's trustProxy) knows for ranges of addresses. */
const rangeNames = new Set(["loopback", "linklocal", "uniquelocal"]);

/** One entry of TRUST_PROXY: an IPv4 or IPv6 address, with an optional /prefix, or one of the names above. */
function isProxyAddress(entry: string): boolean {
  if (rangeNames.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^[0-9]{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset or "false" (default), the proxy's addresses or CIDRs, comma-separated (`127.0.0.1`), or
 * "true". Only the addresses named are believed when they say, in X-Forwarded-For, whom a request came from. A
 * value that is none of these stops the start, naming the entry.
 */
export function readTrustProxy(value: string | undefined): boolean | string {
  const setting = value?.trim() ?? "";
  if (setting === "" || setting.toLowerCase() === "false") return false;
  if (setting.toLowerCase() === "true") return true;
  const entries = setting.split(",").map((entry) => entry.trim());
  const wrong = entries.find((entry) => !isProxyAddress(entry));
  if (wrong !== undefined) {
    throw new Error(
      `TRUST_PROXY must be the proxy's addresses (such as 127.0.0.1 or 10.0.0.0/8), comma-separated, not "${wrong}"`,
    );
  }
  return entries.join(",");
}
