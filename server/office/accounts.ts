import { randomBytes } from "node:crypto";
import type { Database } from "../data/open";
import type { ChallengesTable, Role } from "../data/schema";
import { hashToken, newToken } from "./tokens";

export interface Person {
  id: number;
  name: string;
  role: Role;
  /** The WebAuthn user handle. */
  handle: string;
}

export interface StoredPasskey {
  id: string;
  personId: number;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
  transports: string[];
  label: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface NewPasskey {
  id: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  label: string;
}

export type Challenge = Pick<ChallengesTable, "challenge" | "purpose" | "token_hash"> & { personId: number | null };

/** A person's name as given: trimmed, inner spaces single; 1 to 80 characters. */
export function cleanName(name: string): string | null {
  const clean = name.replace(/\s+/g, " ").trim();
  return clean.length >= 1 && clean.length <= 80 ? clean : null;
}

/**
 * The agency's people and how they get in: invitations (one-time links, kept as hashes), passkeys, and passkey
 * challenges (each taken once, by whichever server sees the answer first). Written once for both engines.
 */
export class Accounts {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.db;
  }

  /**
   * A one-time link's token for a new person with the role given. An invitation always makes a new person, even
   * when the name is taken: a role changes only by an owner's explicit act (`setRole`), never as a side effect.
   */
  async invite(options: { name: string; role: Role; by: number | null; now: number; validMs: number }) {
    const name = cleanName(options.name);
    if (name === null) throw new Error("A name is needed, at most 80 characters");
    const token = newToken();
    const at = new Date(options.now).toISOString();
    const person = await this.db.transaction().execute(async (trx) => {
      const handle = randomBytes(16).toString("base64url");
      const row = await trx
        .insertInto("people")
        .values({ name, role: options.role, handle, created_at: at })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("invitations")
        .values({
          token_hash: hashToken(token),
          person_id: row.id,
          created_by: options.by,
          created_at: at,
          expires_at: options.now + options.validMs,
        })
        .execute();
      return { id: row.id, name, role: options.role, handle } satisfies Person;
    });
    return { token, person };
  }

  /**
   * A new one-time link for an active person (a lost phone): the same person and role. Their earlier unused links
   * stop working. The caller checks that the person is active.
   */
  async newLink(personId: number, options: { by: number | null; now: number; validMs: number }): Promise<string> {
    const token = newToken();
    const at = new Date(options.now).toISOString();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable("invitations")
        .set({ used_at: at })
        .where("person_id", "=", personId)
        .where("used_at", "is", null)
        .execute();
      await trx
        .insertInto("invitations")
        .values({
          token_hash: hashToken(token),
          person_id: personId,
          created_by: options.by,
          created_at: at,
          expires_at: options.now + options.validMs,
        })
        .execute();
    });
    return token;
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

  /** The person an unused, unexpired link is for; null for any other link (used, expired, made up, revoked). */
  async invitation(token: string, now: number): Promise<Person | null> {
    const row = await this.db
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
  async spendInvitation(tokenHash: string, now: number): Promise<boolean> {
    const spent = await this.db
      .updateTable("invitations")
      .set({ used_at: new Date(now).toISOString() })
      .where("token_hash", "=", tokenHash)
      .where("used_at", "is", null)
      .where("expires_at", ">", now)
      .returning("person_id")
      .execute();
    return spent.length === 1;
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
        if (invitation !== null) {
          const spent = await trx
            .updateTable("invitations")
            .set({ used_at: new Date(now).toISOString() })
            .where("token_hash", "=", invitation)
            .where("used_at", "is", null)
            .where("expires_at", ">", now)
            .executeTakeFirst();
          if (Number(spent.numUpdatedRows) !== 1) return "link spent";
        }
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
  async auditLog(limit: number, before?: number) {
    let query = this.db
      .selectFrom("audit_log as a")
      .leftJoin("people as p", "p.id", "a.person_id")
      .select(["a.id", "a.at", "a.action", "a.detail", "p.name"]);
    if (before !== undefined) query = query.where("a.id", "<", before);
    const rows = await query
      .orderBy("a.id", "desc")
      .limit(limit + 1)
      .execute();
    const page = rows
      .slice(0, limit)
      .map((row) => ({ id: row.id, at: row.at, who: row.name, action: row.action, detail: row.detail }));
    const last = page.at(-1);
    return { rows: page, older: rows.length > limit && last ? last.id : null };
  }

  async audit(personId: number | null, action: string, detail: string, now: number): Promise<void> {
    await this.db
      .insertInto("audit_log")
      .values({ at: new Date(now).toISOString(), person_id: personId, action, detail })
      .execute();
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

function toPasskey(row: {
  id: string;
  person_id: number;
  public_key: string;
  counter: number;
  transports: string;
  label: string;
  created_at: string;
  last_used_at: string | null;
}): StoredPasskey {
  return {
    id: row.id,
    personId: row.person_id,
    publicKey: new Uint8Array(Buffer.from(row.public_key, "base64url")),
    counter: row.counter,
    transports: JSON.parse(row.transports) as string[],
    label: row.label,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  };
}
