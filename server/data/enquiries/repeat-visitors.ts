import type { Kysely } from "kysely";
import type { Schema, Stage } from "../schema";

/** New enquiries looked up together: two lists of at most this many values per statement. */
const perLookup = 500;

/** The stages of an enquiry still being worked: not won, not lost. */
const openStages: Stage[] = ["new", "contacted", "awaiting"];

/**
 * A visitor writing again (issue 37): each new enquiry that is not held as spam, from the same phone number (its
 * international form, when known) or the same e-mail address (whatever its case) as an earlier enquiry that is
 * still open (not won or lost, not held as spam), is linked to the newest such one (`earlier_id`); that one comes
 * back to New, and its timeline says why (`wrote-again`, by no person). Run in the transaction that stores the new
 * enquiries (InboxStore.addMany), so they are stored linked or not at all; new ones of the same batch link to each
 * other in their order. Held spam links nothing and reopens nothing.
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
  const newest = Math.max(...ids);
  const candidates = await trx
    .selectFrom("enquiries as e")
    .innerJoin("outbox as o", "o.enquiry_id", "e.id")
    .select((eb) => [
      "e.id",
      "e.phone_international as phone",
      eb.fn<string>("lower", ["e.email"]).as("email"),
      "e.stage",
    ])
    .where("o.status", "!=", "held")
    .where("e.stage", "in", openStages)
    .where("e.id", "<", newest)
    .where((eb) =>
      eb.or([
        ...(phones.length > 0 ? [eb("e.phone_international", "in", phones)] : []),
        ...(emails.length > 0 ? [eb(eb.fn("lower", ["e.email"]), "in", emails)] : []),
      ]),
    )
    .orderBy("e.id", "desc")
    .execute();
  const stages = new Map(candidates.map((row) => [row.id, row.stage]));
  const at = now.toISOString();
  for (const enquiry of news) {
    const earlier = candidates.find(
      (row) =>
        row.id < enquiry.id &&
        ((enquiry.phone !== null && row.phone === enquiry.phone) ||
          (enquiry.email !== "" && row.email === enquiry.email)),
    );
    if (!earlier) continue;
    await trx.updateTable("enquiries").set({ earlier_id: earlier.id }).where("id", "=", enquiry.id).execute();
    const stage = stages.get(earlier.id) ?? "new";
    if (stage !== "new") {
      await trx
        .updateTable("enquiries")
        .set({ stage: "new", lost_reason: null })
        .where("id", "=", earlier.id)
        .execute();
      stages.set(earlier.id, "new");
    }
    await trx
      .insertInto("enquiry_events")
      .values({
        enquiry_id: earlier.id,
        at,
        person_id: null,
        kind: "wrote-again",
        detail: JSON.stringify({ id: enquiry.id, from: stage === "new" ? null : stage }),
      })
      .execute();
  }
}
