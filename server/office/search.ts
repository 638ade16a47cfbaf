/**
 * How the inbox finds enquiries: its tabs, a search (words, or a whole phone number however typed) and the service
 * filter as expressions written once for both engines, and how many each tab holds of what they find.
 */
import { type Expression, type ExpressionBuilder, type Kysely, sql } from "kysely";
import type { Schema, Stage } from "../data/schema";
import { asciiDigits, nationalDigits, searchedNumber } from "../data/enquiries/phone";

/** The inbox's tabs: New, In progress (contacted, awaiting documents), Done (won, lost), Held as spam, All. */
export const tabs = ["new", "progress", "done", "held", "all"] as const;
export type Tab = (typeof tabs)[number];

export interface ListQuery {
  /** null: every tab, held as spam too (a search looks everywhere until someone picks a tab, issue 35). */
  tab: Tab | null;
  /**
   * Words that must each appear in the name, phone, e-mail or message; or a whole phone number, however typed,
   * which finds the enquiries with that number (its international form, or a flagged number holding its digits).
   */
  search?: string;
  /** Only enquiries for this visa type (or subject). */
  service?: string;
  /** Paging: only enquiries older than this id. */
  before?: number;
  limit?: number;
}

/** How many each tab holds (of what the search and service filter find, when given), and how many came today. */
export interface TabCounts {
  tabs: Record<Tab, number>;
  /** Every tab together, held as spam too: what a search finds everywhere. */
  everywhere: number;
  /** A search that finds more than countCap: its counts are of the newest it found, at least so many. */
  capped: boolean;
}

/**
 * The most matches a search counts: counting one that finds thousands would read every enquiry, while its page
 * stops at the first 25; past this its tabs say "1,000+".
 */
export const countCap = 1000;

/** The most words a search looks for. */
const searchWords = 6;

type Builder = ExpressionBuilder<Schema & { e: Schema["enquiries"]; o: Schema["outbox"] }, "e" | "o">;

/** A LIKE pattern matching `word` anywhere, with the word's own % _ and \ taken literally. */
const containing = (word: string) => `%${word.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** Whether a phone number as typed (with spaces or dashes) holds these digits. */
export const phoneHas = (phone: Expression<string>, digits: string) =>
  sql<boolean>`replace(replace(${phone}, ' ', ''), '-', '') like ${containing(digits)} escape '\\'`;

export function tabFilter(eb: Builder, tab: Tab | null) {
  if (tab === null) return eb.lit(true);
  if (tab === "held") return eb("o.status", "=", "held");
  const notHeld = eb("o.status", "!=", "held");
  if (tab === "new") return eb.and([notHeld, eb("e.stage", "=", "new")]);
  if (tab === "progress") return eb.and([notHeld, eb("e.stage", "in", ["contacted", "awaiting"])]);
  if (tab === "done") return eb.and([notHeld, eb("e.stage", "in", ["won", "lost"])]);
  return notHeld;
}

function wordFilter(eb: Builder, word: string) {
  const pattern = containing(word.toLowerCase());
  const like = (column: "e.name" | "e.email" | "e.message") =>
    sql<boolean>`lower(${eb.ref(column)}) like ${pattern} escape '\\'`;
  const digits = word.replace(/[^0-9]/g, "");
  // A word without a digit is not looked for in phone numbers, which hold nothing else worth finding: so each of
  // the conditions has its index on PostgreSQL (migration 13), and the search reads the indexes, not every row.
  const phone =
    digits.length >= 3
      ? [phoneHas(eb.ref("e.phone"), digits)]
      : digits.length > 0
        ? [sql<boolean>`${eb.ref("e.phone")} like ${pattern} escape '\\'`]
        : [];
  return eb.or([like("e.name"), like("e.email"), like("e.message"), ...phone]);
}

/** The enquiries the search and service filter find, before a tab or a page narrows them. */
export function found(reads: Kysely<Schema>, query: Pick<ListQuery, "search" | "service">) {
  let select = reads.selectFrom("enquiries as e").innerJoin("outbox as o", "o.enquiry_id", "e.id");
  const search = asciiDigits(query.search ?? "");
  const number = searchedNumber(search);
  if (number !== null) {
    // Its international form (indexed), or one of the few flagged numbers whose digits hold its own.
    const national = nationalDigits(number);
    select = select.where((eb) =>
      eb.or([
        eb("e.phone_international", "=", number),
        eb.and([eb("e.phone_flag", "is not", null), phoneHas(eb.ref("e.phone"), national)]),
      ]),
    );
  } else {
    const words = search.split(/\s+/).filter(Boolean).slice(0, searchWords);
    for (const word of words) select = select.where((eb) => wordFilter(eb, word));
  }
  if (query.service) {
    const service = query.service;
    // What the visitor picked (the label, when the form said it), as the filter's choices name it (Work's services()).
    select = select.where((eb) =>
      eb.or([
        eb("e.visa_label", "=", service),
        eb.and([eb("e.visa_label", "is", null), eb("e.visa_type", "=", service)]),
        eb("e.subject", "=", service),
      ]),
    );
  }
  return select;
}

/**
 * How many each tab holds, of what the search and service filter find (issue 35). Unfiltered, one statement
 * counts the stages from their index and looks up only the held enquiries' stages (never 100,000 rows joined);
 * filtered, one grouped count of the newest matches, at most countCap of them.
 */
export async function tabCounts(
  reads: Kysely<Schema>,
  query: Pick<ListQuery, "search" | "service">,
): Promise<TabCounts> {
  const filtered = Boolean(query.search?.trim()) || Boolean(query.service);
  const rows: { stage: Stage; held: number; count: number | string | bigint }[] = filtered
    ? await reads
        .selectFrom(
          found(reads, query)
            .select((eb) => ["e.stage", eb.case().when("o.status", "=", "held").then(1).else(0).end().as("held")])
            .orderBy("e.id", "desc")
            .limit(countCap + 1)
            .as("m"),
        )
        .select((eb) => ["m.stage", "m.held", eb.fn.countAll<number>().as("count")])
        .groupBy(["m.stage", "m.held"])
        .execute()
    : await reads
        .selectFrom("enquiries")
        .select((eb) => ["stage", sql<number>`0`.as("held"), eb.fn.countAll<number>().as("count")])
        .groupBy("stage")
        .unionAll(
          // Each held one's stage by its id: a few thousand lookups, never a second pass over every enquiry.
          reads
            .selectFrom("outbox as o")
            .select((eb) => [
              sql<Stage>`(select e.stage from enquiries e where e.id = ${eb.ref("o.enquiry_id")})`.as("stage"),
              sql<number>`1`.as("held"),
              eb.fn.countAll<number>().as("count"),
            ])
            .where("o.status", "=", "held")
            .groupBy("stage"),
        )
        .execute();
  // Unfiltered, a stage's row counts its held enquiries too: they are taken off it.
  const notHeld: Record<Stage, number> = { new: 0, contacted: 0, awaiting: 0, won: 0, lost: 0 };
  let held = 0;
  for (const row of rows) {
    const count = Number(row.count);
    if (Number(row.held) !== 1) notHeld[row.stage] += count;
    else {
      held += count;
      if (!filtered) notHeld[row.stage] -= count;
    }
  }
  const counts: Record<Tab, number> = {
    new: notHeld.new,
    progress: notHeld.contacted + notHeld.awaiting,
    done: notHeld.won + notHeld.lost,
    held,
    all: notHeld.new + notHeld.contacted + notHeld.awaiting + notHeld.won + notHeld.lost,
  };
  const everywhere = counts.all + counts.held;
  return { tabs: counts, everywhere, capped: filtered && everywhere > countCap };
}
