import type { Kysely, Transaction } from "kysely";
import type { Database } from "./database";
import type { Schema } from "./schema";

/*
 * Alerts on the agency's phones (issue 37, Web Push): the devices people turned alerts on for, and the durable
 * queue the push worker (server/push/worker.ts) sends from. Every query written once for both engines. The queue is
 * worked like the mail outbox: a server claims due rows with a lease, and only the lease holder may settle one, so
 * two living servers never send the same alert; a server killed mid-send leaves its rows to the next claim once the
 * lease has passed (at least once: a kill after the push service accepted and before the delete means one more).
 */

type Db = Kysely<Schema> | Transaction<Schema>;

/** A device's subscription as its browser gives it (PushSubscription.toJSON()). */
export interface NewSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
  /** Which device, as its browser named itself. */
  label: string;
}

export interface StoredSubscription extends NewSubscription {
  id: number;
  personId: number;
  createdAt: string;
  lastSuccessAt: string | null;
  lastFailureAt: string | null;
  lastError: string | null;
}

/** What an alert says: its title and text on a locked screen, and the office page a tap opens. */
export interface Alert {
  title: string;
  body: string;
  url: string;
}

/** Who an alert is for: these people, every owner, or everyone with alerts on. Revoked people never get one. */
export type AlertAudience = readonly number[] | "owners" | "everyone-on";

/** A queued alert claimed for sending, with the device it goes to. */
export interface ClaimedAlert extends Alert {
  id: number;
  subscriptionId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  attempts: number;
  createdAt: number;
}

/**
 * Queues `alert` for every device of the people in `to`, in one statement pair on `db` (a transaction, when the
 * alert must be queued with what it is about: an enquiry stored and its alert queued commit together, so a
 * server killed between the two sends nothing twice and loses nothing). Returns how many devices it is queued for.
 * Any part of the server may call it (a due next step, issue 37): the push worker, when alerts are on, sends it
 * within seconds; when they are off (PUSH_CONTACT unset) nothing sends it, and the worker of a server that has them
 * on drops what waited longer than a day (server/push/worker.ts).
 */
export async function queueAlert(db: Db, { to, ...alert }: Alert & { to: AlertAudience }, now = Date.now()) {
  return queueAlerts(db, to, [alert], now);
}

/** Rows a statement inserts at most: SQLite takes 32,766 values in one, and a row has 9. */
const rowsPerInsert = 1000;

/** Queues several alerts for the same people at once: one read of their devices, then the rows (queueAlert). */
export async function queueAlerts(db: Db, to: AlertAudience, alerts: readonly Alert[], now = Date.now()) {
  if (alerts.length === 0 || (Array.isArray(to) && to.length === 0)) return 0;
  const devices = await db
    .selectFrom("push_subscriptions as s")
    .innerJoin("people as p", "p.id", "s.person_id")
    .select("s.id")
    .where("p.revoked_at", "is", null)
    .$if(to === "owners", (query) => query.where("p.role", "=", "owner"))
    .$if(Array.isArray(to), (query) => query.where("p.id", "in", to as readonly number[]))
    .orderBy("s.id")
    .execute();
  const rows = alerts.flatMap((alert) =>
    devices.map(({ id }) => ({
      subscription_id: id,
      ...clip(alert),
      created_at: now,
      next_attempt_at: now,
      last_error: null,
      lease_owner: null,
      lease_until: null,
    })),
  );
  for (let first = 0; first < rows.length; first += rowsPerInsert) {
    await db
      .insertInto("push_queue")
      .values(rows.slice(first, first + rowsPerInsert))
      .execute();
  }
  return rows.length;
}

/** Push services take about 4 KB of payload: the texts are cut well within it. */
function clip({ title, body, url }: Alert): Alert {
  const cut = (text: string, most: number) => (text.length > most ? `${text.slice(0, most - 1)}…` : text);
  return { title: cut(title, 120), body: cut(body, 240), url: url.slice(0, 500) };
}

/**
 * How long an alert is kept, sent or not: the push worker drops one that waited longer (a ring hours late helps
 * nobody), and the nightly sweep deletes what is older still (a server with alerts off sends nothing, and each
 * alert names a visitor).
 */
export const alertsKeptMs = 24 * 60 * 60_000;

/** Deletes the alerts queued longer ago than alertsKeptMs, sent or not (the nightly sweep); returns how many. */
export async function dropStaleAlerts(db: Db, now: number): Promise<number> {
  const result = await db
    .deleteFrom("push_queue")
    .where("created_at", "<", now - alertsKeptMs)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** How alerts are going on this database, for the owner's Server health page. */
export interface PushHealth {
  /** Devices with alerts on, of people not revoked. */
  devices: number;
  /** Alerts queued and not yet sent. */
  waiting: number;
  /** When the oldest of those was queued (ms since the epoch); null when none waits. */
  oldestWaitingAt: number | null;
  /** Devices whose latest attempt failed (not followed by a success). */
  failing: number;
  /** The latest of those failures' errors. */
  lastError: string | null;
}

/** The devices and alert queue of one database. */
export class PushStore {
  constructor(readonly database: Database) {}

  private get db() {
    return this.database.db;
  }

  /**
   * Turns alerts on for a device: a new endpoint is added; one already known (the same browser turning alerts on
   * again, or another person now signed in on it) takes the new keys and person.
   */
  async subscribe(personId: number, subscription: NewSubscription, now = new Date()): Promise<void> {
    const { endpoint, p256dh, auth, label } = subscription;
    await this.db
      .insertInto("push_subscriptions")
      .values({ person_id: personId, endpoint, p256dh, auth, label, created_at: now.toISOString() })
      .onConflict((conflict) =>
        conflict.column("endpoint").doUpdateSet({
          person_id: personId,
          p256dh,
          auth,
          label,
          created_at: now.toISOString(),
          last_failure_at: null,
          last_error: null,
        }),
      )
      .execute();
  }

  /** Turns alerts off for a person's device; false when they had no such device. */
  async unsubscribe(personId: number, endpoint: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom("push_subscriptions")
      .where("person_id", "=", personId)
      .where("endpoint", "=", endpoint)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** A person's devices with alerts on, oldest first. */
  async subscriptionsOf(personId: number): Promise<StoredSubscription[]> {
    const rows = await this.db
      .selectFrom("push_subscriptions")
      .selectAll()
      .where("person_id", "=", personId)
      .orderBy("id")
      .execute();
    return rows.map((row) => ({
      id: row.id,
      personId: row.person_id,
      endpoint: row.endpoint,
      p256dh: row.p256dh,
      auth: row.auth,
      label: row.label,
      createdAt: row.created_at,
      lastSuccessAt: row.last_success_at,
      lastFailureAt: row.last_failure_at,
      lastError: row.last_error,
    }));
  }

  /** Queues an alert (queueAlert) on this database. */
  queue(alert: Alert & { to: AlertAudience }, now = Date.now()): Promise<number> {
    return queueAlert(this.db, alert, now);
  }

  /**
   * Claims up to `limit` due alerts no other server holds, oldest first, for `worker` until now + leaseMs; on
   * PostgreSQL the rows another server is claiming at that moment are skipped (FOR UPDATE SKIP LOCKED), SQLite has
   * one writer at a time.
   */
  async claim(worker: string, now: number, limit: number, leaseMs: number): Promise<ClaimedAlert[]> {
    const free = this.db
      .selectFrom("push_queue")
      .select("id")
      .where("next_attempt_at", "<=", now)
      .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<=", now)]))
      .orderBy("next_attempt_at")
      .orderBy("id")
      .limit(limit)
      .$if(this.database.engine === "postgres", (query) => query.forUpdate().skipLocked());
    const claimed = await this.db
      .updateTable("push_queue")
      .set({ lease_owner: worker, lease_until: now + leaseMs })
      .where("id", "in", free)
      .returning("id")
      .execute();
    if (claimed.length === 0) return [];
    const rows = await this.db
      .selectFrom("push_queue as q")
      .innerJoin("push_subscriptions as s", "s.id", "q.subscription_id")
      .select([
        "q.id",
        "q.subscription_id",
        "q.title",
        "q.body",
        "q.url",
        "q.attempts",
        "q.created_at",
        "s.endpoint",
        "s.p256dh",
        "s.auth",
      ])
      .where(
        "q.id",
        "in",
        claimed.map((row) => row.id),
      )
      .where("q.lease_owner", "=", worker)
      .orderBy("q.next_attempt_at")
      .orderBy("q.id")
      .execute();
    return rows.map((row) => ({
      id: row.id,
      subscriptionId: row.subscription_id,
      title: row.title,
      body: row.body,
      url: row.url,
      attempts: row.attempts,
      createdAt: Number(row.created_at),
      endpoint: row.endpoint,
      p256dh: row.p256dh,
      auth: row.auth,
    }));
  }

  /** The push service took the alert: it is gone from the queue. False when `worker` no longer held it. */
  async markSent(alert: ClaimedAlert, worker: string, now = new Date()): Promise<boolean> {
    const result = await this.db
      .deleteFrom("push_queue")
      .where("id", "=", alert.id)
      .where("lease_owner", "=", worker)
      .executeTakeFirst();
    await this.db
      .updateTable("push_subscriptions")
      .set({ last_success_at: now.toISOString(), last_error: null })
      .where("id", "=", alert.subscriptionId)
      .execute();
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * A failed attempt by the lease holder: tried again at `nextAttemptAt`, or, given null (too many attempts, or
   * too late to be worth a ring), dropped. The device keeps the last error for its person's page.
   */
  async markFailed(
    alert: ClaimedAlert,
    worker: string,
    error: string,
    nextAttemptAt: number | null,
    now = new Date(),
  ): Promise<boolean> {
    const settled =
      nextAttemptAt === null
        ? await this.db
            .deleteFrom("push_queue")
            .where("id", "=", alert.id)
            .where("lease_owner", "=", worker)
            .executeTakeFirst()
            .then((result) => Number(result.numDeletedRows) > 0)
        : await this.db
            .updateTable("push_queue")
            .set((eb) => ({
              attempts: eb("attempts", "+", 1),
              last_error: error.slice(0, 500),
              next_attempt_at: nextAttemptAt,
              lease_owner: null,
              lease_until: null,
            }))
            .where("id", "=", alert.id)
            .where("lease_owner", "=", worker)
            .executeTakeFirst()
            .then((result) => Number(result.numUpdatedRows) > 0);
    await this.db
      .updateTable("push_subscriptions")
      .set({ last_failure_at: now.toISOString(), last_error: error.slice(0, 500) })
      .where("id", "=", alert.subscriptionId)
      .execute();
    return settled;
  }

  /** The push service says the device is gone (404/410): it and every alert queued for it are deleted. */
  async removeSubscription(id: number): Promise<void> {
    await this.db.deleteFrom("push_subscriptions").where("id", "=", id).execute();
  }

  /** Lets go of every alert `worker` claimed and did not settle (a server stopping). */
  async releaseClaims(worker: string): Promise<void> {
    await this.db
      .updateTable("push_queue")
      .set({ lease_owner: null, lease_until: null })
      .where("lease_owner", "=", worker)
      .execute();
  }

  /** When the next alert is due (ms since the epoch), or null when none waits. */
  async nextDueAt(): Promise<number | null> {
    const row = await this.db
      .selectFrom("push_queue")
      .select((eb) => eb.fn.min("next_attempt_at").as("next"))
      .executeTakeFirst();
    return row?.next === null || row?.next === undefined ? null : Number(row.next);
  }

  /** How many alerts wait (tests, and the health of the queue). */
  /** How alerts are going: devices, what waits and since when, and the devices whose latest attempt failed. */
  async health(): Promise<PushHealth> {
    const [devices, queue, failing] = await Promise.all([
      this.db
        .selectFrom("push_subscriptions as s")
        .innerJoin("people as p", "p.id", "s.person_id")
        .where("p.revoked_at", "is", null)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom("push_queue")
        .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.min("created_at").as("oldest")])
        .executeTakeFirstOrThrow(),
      // ISO moments compare as text: a failure after the latest success (or with none) is a failing device.
      this.db
        .selectFrom("push_subscriptions")
        .select(["last_failure_at", "last_error"])
        .where("last_failure_at", "is not", null)
        .where((eb) =>
          eb.or([eb("last_success_at", "is", null), eb("last_success_at", "<", eb.ref("last_failure_at"))]),
        )
        .orderBy("last_failure_at", "desc")
        .execute(),
    ]);
    return {
      devices: Number(devices.n),
      waiting: Number(queue.n),
      oldestWaitingAt: queue.oldest === null ? null : Number(queue.oldest),
      failing: failing.length,
      lastError: failing[0]?.last_error ?? null,
    };
  }

  /** Deletes the alerts queued longer ago than alertsKeptMs (dropStaleAlerts). */
  dropStale(now: number): Promise<number> {
    return dropStaleAlerts(this.db, now);
  }

  async waiting(): Promise<number> {
    const row = await this.db
      .selectFrom("push_queue")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}
