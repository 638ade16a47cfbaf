import type { Database } from "../data/open";
import type { Person } from "./accounts";
import type { OfficeConfig } from "./config";
import { hashToken, newToken } from "./tokens";

export interface Session {
  /** The cookie's value; only its hash is stored. */
  token: string;
  person: Person;
  csrf: string;
  createdAt: number;
  verifiedAt: number;
}

/** Needs another write to seen_at only once this much has passed, not on every request. */
const touchEveryMs = 60_000;

/**
 * Signed-in browsers, in the database so any server knows them and sign-out ends them everywhere. A session ends
 * after `sessionIdleMs` unused or `sessionMaxMs` after its sign-in, and at once when its person is revoked.
 */
export class Sessions {
  constructor(
    private readonly database: Database,
    private readonly config: Pick<OfficeConfig, "sessionIdleMs" | "sessionMaxMs">,
  ) {}

  private get db() {
    return this.database.db;
  }

  /** A new session (a new id, always) for a person who has just proved a passkey: the one named, which can end it. */
  async start(person: Person, label: string, now: number, passkeyId: string | null): Promise<Session> {
    const token = newToken();
    const csrf = newToken();
    await this.db
      .insertInto("sessions")
      .values({
        id_hash: hashToken(token),
        person_id: person.id,
        created_at: now,
        seen_at: now,
        verified_at: now,
        csrf,
        label: label.slice(0, 120),
        passkey_id: passkeyId,
      })
      .execute();
    return { token, person, csrf, createdAt: now, verifiedAt: now };
  }

  /** The live session a cookie names, or null (unknown, ended, idle too long, too old, person revoked). */
  async find(token: string, now: number): Promise<Session | null> {
    const idHash = hashToken(token);
    const row = await this.db
      .selectFrom("sessions as s")
      .innerJoin("people as p", "p.id", "s.person_id")
      .select(["s.created_at", "s.seen_at", "s.verified_at", "s.csrf", "p.id", "p.name", "p.role", "p.handle"])
      .where("s.id_hash", "=", idHash)
      .where("p.revoked_at", "is", null)
      .executeTakeFirst();
    if (!row) return null;
    if (now - row.seen_at > this.config.sessionIdleMs || now - row.created_at > this.config.sessionMaxMs) {
      await this.db.deleteFrom("sessions").where("id_hash", "=", idHash).execute();
      return null;
    }
    if (now - row.seen_at > touchEveryMs) {
      await this.db.updateTable("sessions").set({ seen_at: now }).where("id_hash", "=", idHash).execute();
    }
    return {
      token,
      person: { id: row.id, name: row.name, role: row.role, handle: row.handle },
      csrf: row.csrf,
      createdAt: row.created_at,
      verifiedAt: row.verified_at,
    };
  }

  /** A fresh passkey check on this session (before export, erase, invite or revoke). */
  async verified(token: string, now: number): Promise<void> {
    await this.db.updateTable("sessions").set({ verified_at: now }).where("id_hash", "=", hashToken(token)).execute();
  }

  async end(token: string): Promise<void> {
    await this.db.deleteFrom("sessions").where("id_hash", "=", hashToken(token)).execute();
  }

  /** Ends every session of a person but this one ("sign out my other devices"); returns how many ended. */
  async endOthers(personId: number, keepToken: string): Promise<number> {
    const ended = await this.db
      .deleteFrom("sessions")
      .where("person_id", "=", personId)
      .where("id_hash", "!=", hashToken(keepToken))
      .executeTakeFirst();
    return Number(ended.numDeletedRows);
  }

  /** The person's live sessions: where they are signed in. */
  async of(personId: number, now: number): Promise<{ label: string; createdAt: number; seenAt: number }[]> {
    const rows = await this.db
      .selectFrom("sessions")
      .select(["label", "created_at", "seen_at"])
      .where("person_id", "=", personId)
      .where("seen_at", ">", now - this.config.sessionIdleMs)
      .where("created_at", ">", now - this.config.sessionMaxMs)
      .orderBy("seen_at", "desc")
      .execute();
    return rows.map((row) => ({ label: row.label, createdAt: row.created_at, seenAt: row.seen_at }));
  }
}
