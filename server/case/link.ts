/**
 * The private link's guard (issue 56): a link is 256 random bits, so guessing one is hopeless; still, an address
 * that tries many wrong links is stopped for a while, on every server (the misses are counted in the database's
 * rate-limit rows, under a key that cannot be read back to the address). Only misses count: a traveller opening
 * their page again and again is never stopped.
 */
import type { FastifyRateLimitStore } from "@fastify/rate-limit";

/** Wrong links an address may try in a window before it is stopped until the window ends. */
export const wrongLinksAllowed = 20;
export const wrongLinksWindowMs = 10 * 60_000;

export class LinkGuard {
  private readonly stopped = new Map<string, number>();

  constructor(
    private readonly store: () => FastifyRateLimitStore | null,
    private readonly allowed = wrongLinksAllowed,
    private readonly windowMs = wrongLinksWindowMs,
  ) {}

  /** Whether the address is stopped now (by a miss counted on this server). */
  isStopped(address: string, now = Date.now()): boolean {
    const until = this.stopped.get(address);
    if (until === undefined) return false;
    if (until > now) return true;
    this.stopped.delete(address);
    return false;
  }

  /** Counts a wrong link from the address; returns whether it is now stopped. */
  async missed(address: string, now = Date.now()): Promise<boolean> {
    const store = this.store();
    if (!store) return false;
    const counted = await new Promise<{ current: number; ttl: number } | null>((resolve) =>
      store.incr(
        `case-link:${address}`,
        (error, result) => resolve(error ? null : (result ?? null)),
        this.windowMs,
        this.allowed,
      ),
    );
    if (!counted || counted.current <= this.allowed) return false;
    this.stopped.set(address, now + Math.max(counted.ttl, 1_000));
    return true;
  }
}

/** Papers one address may start sending in an hour, over all cases (a family's phone sends a few dozen at most). */
export const uploadsPerHour = 60;

/** Counts the uploads an address starts, on all servers; whether this one is within the hour's allowance. */
export async function uploadAllowed(
  store: FastifyRateLimitStore | null,
  address: string,
  allowed = uploadsPerHour,
): Promise<boolean> {
  if (!store) return true;
  const counted = await new Promise<{ current: number } | null>((resolve) =>
    store.incr(
      `case-upload:${address}`,
      (error, result) => resolve(error ? null : (result ?? null)),
      3_600_000,
      allowed,
    ),
  );
  return !counted || counted.current <= allowed;
}
