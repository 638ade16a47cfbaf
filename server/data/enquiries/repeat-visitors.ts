import { type Kysely, sql } from "kysely";
import type { Schema, Stage } from "../schema";

/** What an enquiry had of the earlier one it was linked to: kept on the earlier one's timeline. */
export type Matched = "phone" | "email";

/** New enquiries looked up together: two lists of at most this many values per statement. */
const perLookup = 500;

/** The stages of an enquiry still being worked: not won, not lost. */
const openStages: Stage[] = ["new", "contacted", "awaiting"];

/**
 * An enquiry with the details of an earlier one (issue 37): each new enquiry that is not held as spam, with the same
 * phone number (its international form, when known) or the same e-mail address (whatever its case) as an earlier
 * enquiry that is still open (not won or lost, not held as spam), is linked to the newest such one (`earlier_id`),
 * and that one's timeline says so (`wrote-again`, by no person, with what matched: `same`, "phone" and/or "email").
 * Anyone can type a customer's number or address (issue 55, part 5), so a match is shown for what it is, never as
 * the same person, and the earlier enquiry's stage is left as it is: a stranger's enquiry moves nothing of the
 * customer's; the new one is in New, with the match on its page. Run in the transaction that stores the new
 * enquiries (InboxStore.addMany), so they are stored linked or not at all; new ones of the same batch link to each
 * other in their order. Held spam links nothing.
 */
export async function linkRepeatVisitors(
  trx: Kysely<Schema>,
  ids: number[],
  held: boolean[],
  now: Date,
): Promise<void> {
  const fresh = ids.filter((_, index) => !held[index]);
  for (let first = 0; first < fresh.length; first += perLookup) {
    await linkSome(trx, fresh.slice(first, first + perLookup), now);
  }
}

async function linkSome(trx: Kysely<Schema>, ids: number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  const news = await trx
    .selectFrom("enquiries")
    .select((eb) => ["id", "phone_international as phone", eb.fn<string>("lower", ["email"]).as("email")])
    .where("id", "in", ids)
    .orderBy("id")
    .execute();
  const phones = [...new Set(news.flatMap((row) => (row.phone ? [row.phone] : [])))];
  const emails = [...new Set(news.flatMap((row) => (row.email ? [row.email] : [])))];
  if (phones.length === 0 && emails.length === 0) return;
  // The newest open enquiry before this batch of each number and address: one row a key, however many there are.
  const firstNew = Math.min(...ids);
  const open = trx
    .selectFrom("enquiries as e")
    .innerJoin("outbox as o", "o.enquiry_id", "e.id")
    .where("o.status", "!=", "held")
    .where("e.stage", "in", openStages)
    .where("e.id", "<", firstNew);
  const [byPhone, byEmail] = await Promise.all([
    phones.length === 0
      ? []
      : open
          .select((eb) => ["e.phone_international as key", eb.fn.max("e.id").as("id")])
          .where("e.phone_international", "in", phones)
          .groupBy("e.phone_international")
          .execute(),
    emails.length === 0
      ? []
      : open
          .select((eb) => [eb.fn<string>("lower", ["e.email"]).as("key"), eb.fn.max("e.id").as("id")])
          .where((eb) => eb(eb.fn("lower", ["e.email"]), "in", emails))
          .groupBy((eb) => eb.fn("lower", ["e.email"]))
          .execute(),
  ]);
  const newestByPhone = new Map(byPhone.map((row) => [row.key, Number(row.id)]));
  const newestByEmail = new Map(byEmail.map((row) => [row.key, Number(row.id)]));
  // In the batch's order: each new one is the newest open one of its number and address for those after it.
  const links: { id: number; earlier: number; same: Matched[] }[] = [];
  for (const enquiry of news) {
    const byPhone = (enquiry.phone && newestByPhone.get(enquiry.phone)) || 0;
    const byEmail = (enquiry.email && newestByEmail.get(enquiry.email)) || 0;
    const earlier = Math.max(byPhone, byEmail);
    if (earlier > 0) {
      const same: Matched[] = [];
      if (byPhone === earlier) same.push("phone");
      if (byEmail === earlier) same.push("email");
      links.push({ id: enquiry.id, earlier, same });
    }
    if (enquiry.phone) newestByPhone.set(enquiry.phone, enquiry.id);
    if (enquiry.email) newestByEmail.set(enquiry.email, enquiry.id);
  }
  if (links.length === 0) return;
  // One statement for every link, the same on both engines (as migration 10 does): UPDATE … FROM VALUES.
  const pairs = links.map((link) => sql`(cast(${link.id} as integer), cast(${link.earlier} as integer))`);
  await sql`update enquiries set earlier_id = v.column2
    from (values ${sql.join(pairs)}) as v where enquiries.id = v.column1`.execute(trx);
  const at = now.toISOString();
  await trx
    .insertInto("enquiry_events")
    .values(
      links.map((link) => ({
        enquiry_id: link.earlier,
        at,
        person_id: null,
        kind: "wrote-again" as const,
        detail: JSON.stringify({ id: link.id, same: link.same }),
      })),
    )
    .execute();
}
