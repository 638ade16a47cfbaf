/**
 * Invitations: the one-time links with which a person adds a passkey, kept only as hashes of their tokens
 * (tokens.ts). A new person comes with one, a person who lost their phone is given another, and each link is
 * spent once. Accounts' methods of the same names call these.
 */
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Role, Schema } from "../data/schema";
import { cleanName, type Person } from "./people";
import { hashToken, newToken } from "./tokens";

/** Who asks for a link (null: the server command), when, and for how long it holds. */
export interface LinkOptions {
  by: number | null;
  now: number;
  validMs: number;
}

/**
 * A one-time link's token for a new person with the role given. An invitation always makes a new person, even
 * when the name is taken: a role changes only by an owner's explicit act (`setRole`), never as a side effect.
 */
export async function invite(db: Kysely<Schema>, options: { name: string; role: Role } & LinkOptions) {
  const name = cleanName(options.name);
  if (name === null) throw new Error("A name is needed, at most 80 characters");
  const token = newToken();
  const at = new Date(options.now).toISOString();
  const person = await db.transaction().execute(async (trx) => {
    const handle = randomBytes(16).toString("base64url");
    const row = await trx
      .insertInto("people")
      .values({ name, role: options.role, handle, created_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    await addLink(trx, token, row.id, options);
    return { id: row.id, name, role: options.role, handle } satisfies Person;
  });
  return { token, person };
}

/**
 * A new one-time link for an active person (a lost phone): the same person and role. Their earlier unused links
 * stop working. The caller checks that the person is active.
 */
export async function newLink(db: Kysely<Schema>, personId: number, options: LinkOptions): Promise<string> {
  const token = newToken();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("invitations")
      .set({ used_at: new Date(options.now).toISOString() })
      .where("person_id", "=", personId)
      .where("used_at", "is", null)
      .execute();
    await addLink(trx, token, personId, options);
  });
  return token;
}

/** The person an unused, unexpired link is for; null for any other link (used, expired, made up, revoked). */
export async function invitation(db: Kysely<Schema>, token: string, now: number): Promise<Person | null> {
  const row = await db
    .selectFrom("invitations as i")
    .innerJoin("people as p", "p.id", "i.person_id")
    .select(["p.id", "p.name", "p.role", "p.handle"])
    .where("i.token_hash", "=", hashToken(token))
    .where("i.used_at", "is", null)
    .where("i.expires_at", ">", now)
    .where("p.revoked_at", "is", null)
    .executeTakeFirst();
  return row ?? null;
}

/** Spends a link: true for the one caller that does so while it is still good. */
export async function spendInvitation(db: Kysely<Schema>, tokenHash: string, now: number): Promise<boolean> {
  const spent = await db
    .updateTable("invitations")
    .set({ used_at: new Date(now).toISOString() })
    .where("token_hash", "=", tokenHash)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .returning("person_id")
    .execute();
  return spent.length === 1;
}

/** Keeps a link's token, as its hash, for a person (in the caller's transaction). */
async function addLink(trx: Kysely<Schema>, token: string, personId: number, options: LinkOptions): Promise<void> {
  await trx
    .insertInto("invitations")
    .values({
      token_hash: hashToken(token),
      person_id: personId,
      created_by: options.by,
      created_at: new Date(options.now).toISOString(),
      expires_at: options.now + options.validMs,
    })
    .execute();
}
