import type { Database } from "../data/open";
import type { ChallengesTable, Role } from "../data/schema";
import * as auditLog from "./audit-log";
import * as invitations from "./invitations";
import { cleanName, type NewPasskey, type Person, type StoredPasskey, toPasskey } from "./people";
import { newToken } from "./tokens";

export { cleanName, type NewPasskey, type Person, type StoredPasskey } from "./people";

export type Challenge = Pick<ChallengesTable, "challenge" | "purpose" | "token_hash"> & { personId: number | null };

/**
 * The agency's people and how they get in: invitations (one-time links, kept as hashes), passkeys, and passkey
 * challenges (each taken once, by whichever server sees the answer first). Written once for both engines.
 */
export class Accounts {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.db;
  }

  /** A one-time link's token for a new person with the role given (invitations.ts). */
  invite(options: { name: string; role: Role } & invitations.LinkOptions) {
    return invitations.invite(this.db, options);
  }

  /** A new one-time link for an active person (a lost phone); their earlier unused links stop working. */
  newLink(personId: number, options: invitations.LinkOptions): Promise<string> {
    return invitations.newLink(this.db, personId, options);
  }

  /**
   * Changes an active person's role. The office always keeps an owner: taking the role from the last active owner
   * is refused. The owners' rows are written first, which locks them on PostgreSQL (and takes SQLite's one write
   * lock), so two owners demoting each other at once cannot both succeed.
   */
  async setRole(personId: number, role: Role): Promise<"changed" | "unchanged" | "last owner" | "not found"> {
    return this.db.transaction().execute(async (trx) => {
      await lockOwners(trx);
      const person = await trx
        .selectFrom("people")
        .select("role")
        .where("id", "=", personId)
        .where("revoked_at", "is", null)
        .executeTakeFirst();
      if (!person) return "not found";
      if (person.role === role) return "unchanged";
      if (person.role === "owner" && (await otherOwners(trx, personId)) === 0) return "last owner";
      await trx.updateTable("people").set({ role }).where("id", "=", personId).execute();
      return "changed";
    });
  }

  /** The person an unused, unexpired link is for; null for any other link (invitations.ts). */
  invitation(token: string, now: number): Promise<Person | null> {
    return invitations.invitation(this.db, token, now);
  }

  /** Spends a link: true for the one caller that does so while it is still good. */
  spendInvitation(tokenHash: string, now: number): Promise<boolean> {
    return invitations.spendInvitation(this.db, tokenHash, now);
  }

  async person(id: number): Promise<Person | null> {
    const row = await this.db
      .selectFrom("people")
      .select(["id", "name", "role", "handle"])
      .where("id", "=", id)
      .where("revoked_at", "is", null)
      .executeTakeFirst();
    return row ?? null;
  }

  /** The active people of a name, whatever its case and spacing (for the server command's new link). */
  async named(name: string): Promise<Person[]> {
    const clean = cleanName(name);
    if (clean === null) return [];
    return this.db
      .selectFrom("people")
      .select(["id", "name", "role", "handle"])
      .where((eb) => eb(eb.fn("lower", ["name"]), "=", clean.toLowerCase()))
      .where("revoked_at", "is", null)
      .orderBy("id")
      .execute();
  }

  /** Keeps a challenge until it is answered or expires; returns the id the browser sends back with its answer. */
  async saveChallenge(challenge: Challenge, now: number, validMs: number): Promise<string> {
    const id = newToken();
    await this.db
      .insertInto("challenges")
      .values({
        id,
        challenge: challenge.challenge,
        purpose: challenge.purpose,
        person_id: challenge.personId,
        token_hash: challenge.token_hash,
        expires_at: now + validMs,
      })
      .execute();
    // Unanswered ones are dropped as they expire.
    await this.db.deleteFrom("challenges").where("expires_at", "<", now).execute();
    return id;
  }

  /** Takes a challenge for one answer: a second answer to it, on any server, finds nothing. */
  async takeChallenge(id: string, purpose: ChallengesTable["purpose"], now: number): Promise<Challenge | null> {
    const row = await this.db
      .deleteFrom("challenges")
      .where("id", "=", id)
      .returning(["challenge", "purpose", "person_id", "token_hash", "expires_at"])
      .executeTakeFirst();
    if (!row || row.purpose !== purpose || row.expires_at <= now) return null;
    return { challenge: row.challenge, purpose: row.purpose, token_hash: row.token_hash, personId: row.person_id };
  }

  /**
   * Keeps a new passkey; for an invitation (its token's hash), spends the link in the same transaction. A passkey
   * id already registered (to anyone) is refused and the link stays unspent, also when two answers race.
   */
  async addPasskey(
    personId: number,
    passkey: NewPasskey,
    now: number,
    invitation: string | null = null,
  ): Promise<"kept" | "link spent" | "already registered"> {
    const registered = async () =>
      (await this.db.selectFrom("passkeys").select("id").where("id", "=", passkey.id).executeTakeFirst()) !== undefined;
    if (await registered()) return "already registered";
    try {
      return await this.db.transaction().execute(async (trx) => {
        if (invitation !== null && !(await invitations.spendInvitation(trx, invitation, now))) return "link spent";
        await trx
          .insertInto("passkeys")
          .values({
            id: passkey.id,
            person_id: personId,
            public_key: Buffer.from(passkey.publicKey).toString("base64url"),
            counter: passkey.counter,
            transports: JSON.stringify(passkey.transports),
            label: passkey.label,
            created_at: new Date(now).toISOString(),
          })
          .execute();
        return "kept";
      });
    } catch (error) {
      // Another answer with the same passkey was kept first: this one's transaction, link included, rolled back.
      if (await registered()) return "already registered";
      throw error;
    }
  }

  /** Removes one of a person's passkeys and ends every session it began; false when they hold no such passkey. */
  async removePasskey(personId: number, passkeyId: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const removed = await trx
        .deleteFrom("passkeys")
        .where("id", "=", passkeyId)
        .where("person_id", "=", personId)
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) !== 1) return false;
      await trx.deleteFrom("sessions").where("passkey_id", "=", passkeyId).execute();
      return true;
    });
  }

  /** A passkey of an active person, with that person. */
  async passkey(id: string): Promise<{ passkey: StoredPasskey; person: Person } | null> {
    const row = await this.db
      .selectFrom("passkeys as k")
      .innerJoin("people as p", "p.id", "k.person_id")
      .selectAll("k")
      .select(["p.name", "p.role", "p.handle"])
      .where("k.id", "=", id)
      .where("p.revoked_at", "is", null)
      .executeTakeFirst();
    if (!row) return null;
    return {
      passkey: toPasskey(row),
      person: { id: row.person_id, name: row.name, role: row.role, handle: row.handle },
    };
  }

  async passkeysOf(personId: number): Promise<StoredPasskey[]> {
    const rows = await this.db
      .selectFrom("passkeys")
      .selectAll()
      .where("person_id", "=", personId)
      .orderBy("created_at")
      .execute();
    return rows.map(toPasskey);
  }

  async usedPasskey(id: string, counter: number, now: number): Promise<void> {
    await this.db
      .updateTable("passkeys")
      .set({ counter, last_used_at: new Date(now).toISOString() })
      .where("id", "=", id)
      .execute();
  }

  /**
   * Revokes a person: their sessions end and their passkeys stop working, on every server at once. False when
   * they are already revoked, or are the last active owner (the office always keeps one).
   */
  async revoke(personId: number, now: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await lockOwners(trx);
      const target = await trx.selectFrom("people").select("role").where("id", "=", personId).executeTakeFirst();
      if (target?.role === "owner" && (await otherOwners(trx, personId)) === 0) return false;
      const revoked = await trx
        .updateTable("people")
        .set({ revoked_at: new Date(now).toISOString() })
        .where("id", "=", personId)
        .where("revoked_at", "is", null)
        .executeTakeFirst();
      await trx.deleteFrom("sessions").where("person_id", "=", personId).execute();
      return Number(revoked.numUpdatedRows) === 1;
    });
  }

  /** Everyone, active first, with their passkeys: the owner's team page. */
  async team(): Promise<(Person & { revokedAt: string | null; createdAt: string; passkeys: StoredPasskey[] })[]> {
    const people = await this.db
      .selectFrom("people")
      .select(["id", "name", "role", "handle", "created_at", "revoked_at"])
      .orderBy("revoked_at", "desc")
      .orderBy("name")
      .execute();
    const keys = await this.db.selectFrom("passkeys").selectAll().orderBy("created_at").execute();
    return people.map((person) => ({
      id: person.id,
      name: person.name,
      role: person.role,
      handle: person.handle,
      createdAt: person.created_at,
      revokedAt: person.revoked_at,
      passkeys: keys.filter((key) => key.person_id === person.id).map(toPasskey),
    }));
  }

  /** The audit log, newest first, a page at a time (before: an id). */
  auditLog(limit: number, before?: number) {
    return auditLog.auditLog(this.db, limit, before);
  }

  audit(personId: number | null, action: string, detail: string, now: number): Promise<void> {
    return auditLog.audit(this.db, personId, action, detail, now);
  }
}

type Transaction = Parameters<Parameters<ReturnType<Database["db"]["transaction"]>["execute"]>[0]>[0];

/** Writes the active owners' rows (to themselves): a row lock on PostgreSQL, the write lock on SQLite. */
async function lockOwners(trx: Transaction): Promise<void> {
  await trx
    .updateTable("people")
    .set((eb) => ({ role: eb.ref("role") }))
    .where("role", "=", "owner")
    .where("revoked_at", "is", null)
    .execute();
}

/** How many active owners there are besides this person. */
async function otherOwners(trx: Transaction, personId: number): Promise<number> {
  const row = await trx
    .selectFrom("people")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("role", "=", "owner")
    .where("revoked_at", "is", null)
    .where("id", "!=", personId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
