import type { FastifyError, FastifyPluginAsync } from "fastify";
import { isbot } from "isbot";
import { beaconPath, largestBeacon } from "../../app/lib/statistics/beacon";
import { dubaiDay } from "../data/dubai-days";
import { isOwnOrigin } from "../own-origin";
import { otherPage, otherSource, sourceOf } from "../data/stats/bounds";
import { isTag } from "../data/stats/counting";
import { deviceClass } from "../device-class";
import { MinuteLimit } from "./minute-limit";
import { readBeacon } from "./read-beacon";
import type { StatEvent, StatVital } from "../data/stats/store";
import { TagShare, tagsPerAddress } from "./tag-share";
import { StatsWriter, type WriterOptions, writerDefaults } from "./writer";

export interface CollectorConfig extends WriterOptions {
  /** Beacons a minute from one address; beyond, 429. Kept in memory only, for the minute. */
  perAddressPerMinute: number;
  /** Distinct campaign tags nobody made one address may have counted by name a day (tag-share.ts). */
  tagsPerAddress: number;
}

export const collectorDefaults: CollectorConfig = { ...writerDefaults, perAddressPerMinute: 120, tagsPerAddress };

export interface CollectorOptions {
  /** The site's public address (SITE_URL): beacons come from its pages only. */
  siteUrl: string;
  config?: Partial<CollectorConfig>;
}

/**
 * POST /api/stats: the site's own statistics (issue 27). A page sends one beacon when it is shown and one with its
 * Core Web Vitals when it is hidden (app/lib/statistics/collector.ts). Each is checked field by field
 * (read-beacon.ts), then kept as a day, a page, a source and a device class, nothing more, each from a bounded set
 * (server/data/stats/bounds.ts, issue 34: a page of the site or one other, a known source, a campaign link's tag, or
 * one of the day's first 200 other campaign tags, of which one address may name 10: tag-share.ts, issue 55): the
 * address is used for the rate limit, in memory, for a minute, and for the day's share of tags as a keyed hash; the User-Agent tells a bot (not
 * counted) and the device class, and is dropped. The route's requests are not logged. Answers 204 whether counted or not (a bot learns nothing), 400 for
 * anything but a beacon, 403 from another site, 429 past the rate limit.
 */
export const collectorPlugin: FastifyPluginAsync<CollectorOptions> = async (app, options) => {
  const config = { ...collectorDefaults, ...options.config };
  const siteOrigin = new URL(options.siteUrl).origin;
  // The statistics' store of the database now (server/data/resource.ts); null while it is not open.
  const writer = new StatsWriter(() => app.database.connection?.stats ?? null, app.log, config);
  app.addHook("onClose", async () => writer.flush());

  // sendBeacon sends a string as text/plain; JSON is accepted too. Each is read as text and checked by readBeacon.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(["text/plain", "application/json"], { parseAs: "string" }, (_request, body, done) =>
    done(null, body),
  );
  app.setErrorHandler<FastifyError>((error, _request, reply) => {
    const status = error.statusCode === 429 ? 429 : 400;
    const message =
      error.code === "FST_ERR_CTP_BODY_TOO_LARGE"
        ? `The beacon is larger than ${largestBeacon} bytes`
        : error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE"
          ? "Send the beacon as text/plain or application/json"
          : status === 429
            ? "Too many beacons"
            : "Not a beacon";
    return reply.code(status).header("cache-control", "no-store").send({ message });
  });

  // isbot's one expression is long; browsers' User-Agents repeat, so each is tested once (a few hundred kept).
  const bots = new Map<string, boolean>();
  const isBot = (userAgent: string) => {
    let known = bots.get(userAgent);
    if (known === undefined) {
      if (bots.size >= 500) bots.clear();
      known = userAgent === "" || isbot(userAgent);
      bots.set(userAgent, known);
    }
    return known;
  };

  const limit = new MinuteLimit(config.perAddressPerMinute);
  app.addHook("onClose", async () => limit.clear());

  // The day's places for tags nobody made, shared between addresses (issue 55); a campaign link's tag takes none.
  const share = new TagShare(config.tagsPerAddress);
  app.addHook("onClose", async () => share.clear());
  const sharedSource = async (sent: string, address: string, day: string): Promise<string> => {
    const source = sourceOf(sent);
    if (!isTag(source)) return source;
    const stats = app.database.connection?.stats;
    if (stats && (await stats.isCampaignSource(source))) return source;
    return share.allows(address, day, source) ? source : otherSource;
  };

  app.post(beaconPath, { bodyLimit: largestBeacon, logLevel: "silent" }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const origin = request.headers.origin;
    if (
      (origin !== undefined && !isOwnOrigin(origin, request.headers.host, siteOrigin)) ||
      request.headers["sec-fetch-site"] === "cross-site"
    ) {
      return reply.code(403).send({ message: "Beacons come from the site's own pages" });
    }
    const now = Date.now();
    if (limit.over(request.ip, now)) return reply.code(429).send({ message: "Too many beacons" });
    const read = readBeacon(typeof request.body === "string" ? request.body : "");
    if (!read.ok) return reply.code(400).send({ message: read.error });
    const userAgent = request.headers["user-agent"] ?? "";
    if (isBot(userAgent)) return reply.code(204).send();
    if (app.database.connection === null) return reply.code(503).send({ message: "The statistics cannot be kept now" });

    const day = dubaiDay(now);
    const device = deviceClass(userAgent);
    const { beacon } = read;
    const events: StatEvent[] = [];
    const vitals: StatVital[] = [];
    const source = beacon.kind === "vitals" ? "" : await sharedSource(beacon.source, request.ip, day);
    if (beacon.kind === "view") events.push({ day, kind: "view", route: beacon.route, source, device });
    else if (beacon.kind === "missing") events.push({ day, kind: "missing", route: otherPage, source, device });
    else
      for (const metric of beacon.metrics)
        vitals.push({ id: metric.id, day, route: beacon.route, device, metric: metric.name, value: metric.value });
    writer.add(events, vitals);
    return reply.code(204).send();
  });
};
