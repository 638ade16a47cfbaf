/**
 * Campaign links (issue 55): the tagged links, with their QR codes, the owner makes in the office for a flyer, a shop
 * window or a post. A link is the site's address of one of its pages with `?utm_source=<tag>`, the tag made from the
 * campaign's name ("Eid flyer" → `eid-flyer`). Their tags always count under their own name in the statistics
 * (counting.ts), whatever else visitors send that day; removing a link keeps its row, so past figures still name it.
 */
import type { Kysely } from "kysely";
import { pagePaths } from "../../../app/lib/paths";
import { isSource } from "../../../app/lib/statistics/source";
import type { Schema } from "../schema";
import { isKnownSource, otherSource } from "./bounds";

/** The longest campaign name kept. */
export const longestCampaignName = 60;
/** A tag is at most 40 characters (app/lib/statistics/source.ts). */
const longestTag = 40;

export interface CampaignLink {
  id: number;
  name: string;
  tag: string;
  path: string;
  createdAt: string;
  removedAt: string | null;
}

/** The name as kept: spaces run together, trimmed, no control characters; null when empty or too long. */
export function campaignName(raw: string): string | null {
  const name = raw
    .replace(/[\p{Cc}\p{Cf}]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  return name === "" || [...name].length > longestCampaignName ? null : name;
}

/**
 * The tag a campaign's name makes: lower-case letters and digits of the name, accents dropped, anything else one
 * dash ("Eid flyer – Karama shop" → `eid-flyer-karama-shop`), at most 40 characters; null when nothing is left.
 */
export function tagOfName(name: string): string | null {
  const tag = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+/, "")
    .slice(0, longestTag)
    .replace(/-+$/, "");
  return tag !== "" && isSource(tag) ? tag : null;
}

/** The link to print or share: the site's address of the page, tagged. The tag needs no escaping (a–z, 0–9, -). */
export function campaignUrl(siteUrl: string, link: Pick<CampaignLink, "path" | "tag">): string {
  const url = new URL(link.path, siteUrl);
  url.search = `utm_source=${link.tag}`;
  return url.toString();
}

/** The campaign link a stored source is from (its tag, with or without " / " and a utm_campaign), if any. */
export function tagOfSource(source: string): string {
  return source.split(" / ")[0] ?? "";
}

export type Made = { ok: true; link: CampaignLink } | { ok: false; problem: string };

export class CampaignLinks {
  constructor(private readonly db: Kysely<Schema>) {}

  /** Every link, the newest first; removed ones too when asked (the statistics name them). */
  async list(options: { removed?: boolean } = {}): Promise<CampaignLink[]> {
    const rows = await this.db
      .selectFrom("campaign_links")
      .select(["id", "name", "tag", "path", "created_at", "removed_at"])
      .$if(options.removed !== true, (query) => query.where("removed_at", "is", null))
      .orderBy("id", "desc")
      .execute();
    return rows.map((row) => ({
      id: Number(row.id),
      name: row.name,
      tag: row.tag,
      path: row.path,
      createdAt: row.created_at,
      removedAt: row.removed_at,
    }));
  }

  async find(id: number): Promise<CampaignLink | null> {
    return (await this.list({ removed: true })).find((link) => link.id === id && link.removedAt === null) ?? null;
  }

  /** The tags of the links not removed: always counted under their name. */
  async activeTags(): Promise<Set<string>> {
    const rows = await this.db.selectFrom("campaign_links").select("tag").where("removed_at", "is", null).execute();
    return new Set(rows.map((row) => row.tag));
  }

  /**
   * A new link for the campaign `name` to the page `path`. A name whose tag a link not removed has is refused; a
   * removed link's tag is taken up again by the new campaign (its past figures stay under the tag).
   */
  async create(input: { name: string; path: string; by: number | null; now: number }): Promise<Made> {
    const name = campaignName(input.name);
    if (name === null)
      return { ok: false, problem: `Give the campaign a name (at most ${longestCampaignName} characters).` };
    if (!(pagePaths as readonly string[]).includes(input.path))
      return { ok: false, problem: "Choose a page of the site." };
    const tag = tagOfName(name);
    if (tag === null) {
      return {
        ok: false,
        problem:
          "Put some English letters or digits in the name (they make the link's tag, e.g. “Eid flyer” → eid-flyer).",
      };
    }
    if (isKnownSource(tag) || tag === otherSource) {
      return { ok: false, problem: `“${tag}” is a source the statistics already tell apart; choose another name.` };
    }
    const createdAt = new Date(input.now).toISOString();
    return this.db.transaction().execute(async (trx): Promise<Made> => {
      const existing = await trx
        .selectFrom("campaign_links")
        .select(["id", "name", "removed_at"])
        .where("tag", "=", tag)
        .executeTakeFirst();
      if (existing && existing.removed_at === null) {
        return {
          ok: false,
          problem: `The campaign “${existing.name}” already has the tag ${tag}; choose another name.`,
        };
      }
      const values = { name, path: input.path, created_at: createdAt, created_by: input.by, removed_at: null };
      const row = existing
        ? await trx
            .updateTable("campaign_links")
            .set(values)
            .where("id", "=", existing.id)
            .returning("id")
            .executeTakeFirstOrThrow()
        : await trx
            .insertInto("campaign_links")
            .values({ ...values, tag })
            .returning("id")
            .executeTakeFirstOrThrow();
      return { ok: true, link: { id: Number(row.id), name, tag, path: input.path, createdAt, removedAt: null } };
    });
  }

  /** Removes a link: its row stays (past figures name it), its tag no longer always counts. False if none. */
  async remove(id: number, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable("campaign_links")
      .set({ removed_at: new Date(now).toISOString() })
      .where("id", "=", id)
      .where("removed_at", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
