import { createHmac, randomBytes } from "node:crypto";
import { isIPv6 } from "node:net";
import { tagsPerAddress } from "../data/stats/bounds";

export { tagsPerAddress };
/** Addresses a day's shares are kept for; past them, a new address's tags nobody made count as other. */
export const addressesKept = 20_000;

/**
 * The day's bound on campaign tags nobody made (server/data/stats/bounds.ts), shared between addresses (issue 55): each
 * address may have `tagsPerAddress` distinct tags counted by name a day; its further tags count as other, so one
 * sender cannot use up the day's places. Campaign links' tags and the tags of enquiries are not counted here: they
 * always count by name.
 *
 * In memory only, per server, for the Dubai day: an address is kept as a keyed hash (the key drawn anew each day,
 * never stored), so the server holds no visitor's address past the minute of the rate limit. An IPv6 address counts
 * by its /64, the block one household or phone is given.
 */
export class TagShare {
  private day = "";
  private key = randomBytes(32);
  private sent = new Map<string, Set<string>>();

  constructor(
    private readonly perAddress = tagsPerAddress,
    private readonly kept = addressesKept,
  ) {}

  /** Whether `tag`, sent from `address` on `day`, may count under its name (it then counts in the address's share). */
  allows(address: string, day: string, tag: string): boolean {
    if (day !== this.day) this.newDay(day);
    const who = createHmac("sha256", this.key).update(addressGroup(address)).digest("base64url").slice(0, 22);
    let tags = this.sent.get(who);
    if (tags === undefined) {
      if (this.sent.size >= this.kept) return false;
      tags = new Set();
      this.sent.set(who, tags);
    }
    if (tags.has(tag)) return true;
    if (tags.size >= this.perAddress) return false;
    tags.add(tag);
    return true;
  }

  /** Addresses held now. */
  get size(): number {
    return this.sent.size;
  }

  clear(): void {
    this.newDay("");
  }

  private newDay(day: string) {
    this.day = day;
    this.key = randomBytes(32);
    this.sent = new Map();
  }
}

/** An IPv4 address as itself; an IPv6 address as its first four groups (its /64). */
export function addressGroup(address: string): string {
  if (!isIPv6(address) || /^::ffff:\d/i.test(address)) return address;
  const [head = "", tail = ""] = address.toLowerCase().split("::");
  const left = head === "" ? [] : head.split(":");
  const right = tail === "" ? [] : tail.split(":");
  const groups = address.includes("::")
    ? [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
