import { lookup as systemLookup } from "node:dns/promises";
import { BlockList, isIP, type LookupFunction } from "node:net";
import type { EndpointPolicy } from "./config";

/*
 * Which push services the server posts to (issue 55, part 5). A device's "endpoint" is an address its browser
 * names, which a signed-in person sends the office: taken as it is, the server would post to any address inside
 * its network on every alert. So it is accepted only at a known push service's host (or one PUSH_HOSTS adds), on
 * https and its standard port, with no login in it; and the name is resolved when the device is added and again
 * on every send, when the connection goes to the very address checked (`guardedLookup`), so that a name made to
 * resolve to a public address at first and a private one later (DNS rebinding) still reaches nothing inside.
 */

/** The push services browsers use: Chrome, Edge's Chromium, Opera, Samsung (FCM); Firefox; Safari; old Edge. */
export const knownPushHosts: readonly string[] = [
  // Google's Firebase Cloud Messaging (Chromium's /fcm/send/ and /wp/ endpoints).
  "fcm.googleapis.com",
  // Mozilla's autopush.
  "updates.push.services.mozilla.com",
  // Apple's web push (web.push.apple.com).
  "*.push.apple.com",
  // Microsoft's WNS (wns2-….notify.windows.com).
  "*.notify.windows.com",
];

/** A host name's addresses, as `dns.lookup(name, { all: true })` gives them. */
export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const systemResolver: Resolver = (hostname) => systemLookup(hostname, { all: true, verbatim: true });

/** What the office says of a refused address: the same words whatever the reason, naming nothing inside. */
/** A subscription's key as browsers give it: base64url of exactly `bytes` bytes (65 for p256dh, 16 for auth). */
export function isPushKey(text: string, bytes: number): boolean {
  return /^[A-Za-z0-9_-]+={0,2}$/.test(text) && Buffer.from(text, "base64url").length === bytes;
}

export const refusedEndpoint = "not a known push service's public address: refused";

/** The error a refused address fails a connection with (its code, for the sender). */
export class RefusedAddress extends Error {
  readonly code = "EPUSHREFUSED";
  constructor() {
    super(refusedEndpoint);
  }
}

/** Public unicast IPv4 is everything but these (RFC 6890's special-purpose registry, and multicast). */
const notPublicV4 = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network", 0.0.0.0 included
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local (cloud metadata at 169.254.169.254)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and the broadcast address
] as const) {
  notPublicV4.addSubnet(network, prefix, "ipv4");
}

/** Public IPv6 is global unicast (2000::/3), less the parts of it that lead elsewhere. */
const globalV6 = new BlockList();
globalV6.addSubnet("2000::", 3, "ipv6");
const notPublicV6 = new BlockList();
for (const [network, prefix] of [
  ["2001::", 23], // IETF protocol assignments (Teredo among them)
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4: an IPv4 address inside, maybe a private one
  ["3fff::", 20], // documentation
] as const) {
  notPublicV6.addSubnet(network, prefix, "ipv6");
}

/** Loopback, which the tests' push service listens on (PUSH_LOOPBACK=on). */
const loopbackAddresses = new BlockList();
loopbackAddresses.addSubnet("127.0.0.0", 8, "ipv4");
loopbackAddresses.addAddress("::1", "ipv6");

/**
 * Whether `address` (an IP address) is public: not private, loopback, link-local, carrier-grade NAT, unique-local,
 * multicast, unspecified, reserved or documentation; IPv4-mapped and other IPv6 forms with an IPv4 address inside
 * are refused with them (they lie outside 2000::/3, or in 2002::/16).
 */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !notPublicV4.check(address, "ipv4");
  if (family === 6) return globalV6.check(address, "ipv6") && !notPublicV6.check(address, "ipv6");
  return false;
}

function isLoopbackAddress(address: string): boolean {
  const family = isIP(address);
  return family !== 0 && loopbackAddresses.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** Whether `host` is a known push service's, or one PUSH_HOSTS adds (`*.name`: any name under that one). */
function listedHost(host: string, extra: readonly string[]): boolean {
  return [...knownPushHosts, ...extra].some((entry) =>
    entry.startsWith("*.") ? host.endsWith(entry.slice(1)) && host.length > entry.length - 1 : host === entry,
  );
}

/** The URL's host as an address, when it is one (`[::1]` → `::1`). */
const literalOf = (hostname: string) => hostname.replace(/^\[(.*)\]$/, "$1");

/**
 * Whether `endpoint`, as written, may be a device's push service: https on the standard port, no login, at a
 * listed host; or, with PUSH_LOOPBACK=on (tests), plain http or https on any port at 127.0.0.1 or ::1, or at a
 * listed host. Its addresses are checked apart (`checkEndpoint`), as the name resolves now.
 */
export function acceptableEndpoint(endpoint: string, policy: Pick<EndpointPolicy, "loopback" | "hosts">): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  if (policy.loopback) {
    if (url.protocol !== "https:" && url.protocol !== "http:") return false;
    return isLoopbackAddress(literalOf(host)) || (isIP(literalOf(host)) === 0 && listedHost(host, policy.hosts ?? []));
  }
  if (url.protocol !== "https:" || url.port !== "") return false;
  // An address written as one is never a push service's (the URL parser has made 0x7f.1 and 2130706433 127.0.0.1).
  if (isIP(literalOf(host)) !== 0) return false;
  return listedHost(host, policy.hosts ?? []);
}

/** Whether each of `addresses` may be posted to: public, or loopback with PUSH_LOOPBACK=on. */
function allowedAddresses(addresses: { address: string }[], loopback: boolean): boolean {
  return (
    addresses.length > 0 &&
    addresses.every(({ address }) => isPublicAddress(address) || (loopback && isLoopbackAddress(address)))
  );
}

/**
 * Whether the office takes `endpoint` as a device's push service now: acceptable as written, and its name
 * resolving only to public addresses. Null when it does; the refusal's words (the same for every reason) when not.
 */
export async function checkEndpoint(endpoint: string, policy: EndpointPolicy): Promise<string | null> {
  if (!acceptableEndpoint(endpoint, policy)) return refusedEndpoint;
  const host = literalOf(new URL(endpoint).hostname);
  if (isIP(host) !== 0) return allowedAddresses([{ address: host }], policy.loopback) ? null : refusedEndpoint;
  try {
    return allowedAddresses(await (policy.resolve ?? systemResolver)(host), policy.loopback) ? null : refusedEndpoint;
  } catch {
    return refusedEndpoint;
  }
}

/**
 * The `lookup` a send connects with: the name resolved once, every address checked, and the connection made to
 * those checked addresses, never to what a second resolution might give. A name with any address that is not
 * public fails the connection with a RefusedAddress.
 */
export function guardedLookup(policy: EndpointPolicy): LookupFunction {
  const resolve = policy.resolve ?? systemResolver;
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (found) => {
        const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
        const addresses = found.filter((entry) => wanted === 0 || entry.family === wanted);
        if (!allowedAddresses(addresses, policy.loopback)) {
          callback(new RefusedAddress(), "", 0);
          return;
        }
        if (options.all) {
          (callback as unknown as (error: null, all: { address: string; family: number }[]) => void)(null, addresses);
        } else {
          const [first] = addresses as [{ address: string; family: number }];
          callback(null, first.address, first.family);
        }
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), "", 0),
    );
  };
}
