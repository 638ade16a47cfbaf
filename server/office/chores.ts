import type { FastifyBaseLogger } from "fastify";
import { dubaiDay, nextDubaiHour } from "../data/dubai-days";
import { CaseStore } from "../data/cases/store";
import { claimDueAlerts, type DueAlert } from "../data/enquiries/due-alerts";
import type { Connection, DatabaseResource } from "../data/resource";
import { dueStepAlert } from "../data/alert-texts";
import { queueAlert } from "../data/push";
import type { ChoresTable } from "../data/schema";
import type { OutgoingMail } from "../mailer";
import { escapeHtml, forMail } from "../text";
import { plural } from "../words";
import { NextSteps } from "./next-steps";
import { dueWords } from "./next-step-time";
import { dubaiDateTime } from "./time";
import { readServerSettings, type ServerSettings } from "../settings";
import { Work } from "./work";

/** RETENTION_MONTHS and OFFICE_DIGEST (README.md, "The back office"). */
export interface ChoreSettings {
  /** Enquiries older than this many months are deleted, every night. */
  retentionMonths: number;
  /** The daily digest mail at 09:00 Dubai time. */
  digest: boolean;
  /** A closed case's papers are deleted this many days after it closed (issue 56). */
  documentsKeepDays: number;
}

export function choreSettingsOf(
  settings: Pick<ServerSettings, "RETENTION_MONTHS" | "OFFICE_DIGEST" | "DOCUMENTS_KEEP_DAYS">,
): ChoreSettings {
  return {
    retentionMonths: settings.RETENTION_MONTHS,
    digest: settings.OFFICE_DIGEST,
    documentsKeepDays: settings.DOCUMENTS_KEEP_DAYS,
  };
}

export function readChoreSettings(env: Record<string, string | undefined>): ChoreSettings {
  return choreSettingsOf(readServerSettings(env, ["RETENTION_MONTHS", "OFFICE_DIGEST", "DOCUMENTS_KEEP_DAYS"]));
}

/** How much of a visitor's name and of the service asked for the digest shows, in characters. */
const longestName = 80;
const longestService = 80;
/** And of a next step's note (at most 200 anyway). */
const longestNote = 200;

/** A line of the digest: text, then perhaps a link of the office's own and the text after it. */
interface DigestLine {
  text: string;
  href?: string | null;
  after?: string;
}

export interface ChoreOptions {
  settings: ChoreSettings;
  /** The office's origin, for links in the digest; null when the office is off. */
  office: string | null;
  agencyName: string;
  log: FastifyBaseLogger;
  /** The mail transport for the digest; null when mail is not set up (SMTP_HOST). */
  mail: OutgoingMail | null;
  /** Told when due steps' alerts were queued, so that they go now rather than at the push worker's next look. */
  alertsQueued?: () => void;
}

/**
 * The office's daily jobs, on every server, each done once a day by whichever server claims it first (a row in
 * `chores`): at 03:00 Dubai time the clean-up (enquiries past RETENTION_MONTHS, held spam after 30 days), at
 * 09:00 the digest mail (next steps overdue, first; enquiries not contacted a day after they came; how many are
 * held). A job that fails gives its claim back and is tried again in 10 minutes.
 */
export class Chores {
  private timers = new Set<NodeJS.Timeout>();
  private stopped = false;

  constructor(
    private readonly database: Pick<DatabaseResource, "connection">,
    private readonly options: ChoreOptions,
  ) {}

  start(now = Date.now()): void {
    this.schedule("retention", nextDubaiHour(now, 3));
    if (this.options.settings.digest) this.schedule("digest", nextDubaiHour(now, 9));
    this.everyMinute();
  }

  /** Next steps come due are looked for once a minute, on every server (issue 37); a failure waits for the next. */
  private everyMinute(): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      // While the database is unreachable there is nothing to claim: the server's health says why.
      const run = this.database.connection ? this.dueAlerts(Date.now()) : Promise.resolve([]);
      void run
        .then((alerts) => {
          if (alerts.length > 0) this.options.alertsQueued?.();
        })
        .catch((error: unknown) => this.options.log.error(error, "The office's due next steps were not alerted"))
        .finally(() => this.everyMinute());
    }, 60_000);
    timer.unref();
    this.timers.add(timer);
  }

  /**
   * The next steps come due (issue 37), each claimed once, by whichever server comes first, in one transaction, and
   * alerted to the person who set it (the owners, when that person is gone): claimDueAlerts says to whom.
   */
  async dueAlerts(now: number): Promise<DueAlert[]> {
    return this.connection.database.db.transaction().execute(async (trx) => {
      const alerts = await claimDueAlerts(trx, now);
      // One push per device of each person told, queued in the transaction that marks the step alerted: queued
      // exactly once, whichever server claims it (the push worker sends it: server/push). The locked screen shows
      // the visitor's name, never the note (it may hold a number, or more than a lock screen should).
      for (const alert of alerts) await queueAlert(trx, { to: alert.personIds, ...dueStepAlert(alert) }, now);
      return alerts;
    });
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private schedule(name: ChoresTable["name"], at: number): void {
    if (this.stopped) return;
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        const run = name === "digest" ? this.digest(Date.now()) : this.retention(Date.now());
        void run.then(
          () => this.schedule(name, nextDubaiHour(Date.now(), name === "digest" ? 9 : 3)),
          (error: unknown) => {
            this.options.log.error(error, `The office's ${name} failed; trying again in 10 minutes`);
            this.schedule(name, Date.now() + 10 * 60_000);
          },
        );
      },
      Math.max(0, at - Date.now()),
    );
    timer.unref();
    this.timers.add(timer);
  }

  private get connection(): Connection {
    const connection = this.database.connection;
    if (!connection) throw new Error("the database is not open");
    return connection;
  }

  /** Claims today's run of a job; false when another server (or an earlier run) has it. */
  private async claim(name: ChoresTable["name"], now: number): Promise<boolean> {
    const claimed = await this.connection.database.db
      .insertInto("chores")
      .values({ name, day: dubaiDay(now), done_at: new Date(now).toISOString() })
      .onConflict((conflict) => conflict.columns(["name", "day"]).doNothing())
      .returning("name")
      .execute();
    return claimed.length === 1;
  }

  private async giveBack(name: ChoresTable["name"], now: number): Promise<void> {
    await this.connection.database.db
      .deleteFrom("chores")
      .where("name", "=", name)
      .where("day", "=", dubaiDay(now))
      .execute();
  }

  /** The nightly clean-up; null when it was not this server's to do. */
  async retention(now: number): Promise<{ old: number; spam: number } | null> {
    if (!(await this.claim("retention", now))) return null;
    try {
      const swept = await new Work(this.connection.database).sweep(now, this.options.settings.retentionMonths);
      // The statistics' raw rows older than 90 days become daily totals (server/data/stats/store.ts).
      await this.connection.stats.rollUp(dubaiDay(now));
      // The papers of cases closed DOCUMENTS_KEEP_DAYS ago, and uploads abandoned for a day (issue 56).
      const cases = new CaseStore(this.connection.database, null);
      const cleaned = await cases.deleteClosedPapers(new Date(now), this.options.settings.documentsKeepDays);
      await cases.removeAbandonedUploads(new Date(now));
      if (cleaned > 0) {
        this.options.log.info(
          `Deleted the papers of ${plural(cleaned, "case")} closed over ${plural(this.options.settings.documentsKeepDays, "day")} ago`,
        );
      }
      if (swept.old + swept.spam > 0) {
        this.options.log.info(
          `Deleted ${plural(swept.old, "enquiry", "enquiries")} older than ${plural(this.options.settings.retentionMonths, "month")} and ` +
            `${swept.spam} held as spam for over 30 days`,
        );
      }
      return swept;
    } catch (error) {
      await this.giveBack("retention", now).catch(() => {});
      throw error;
    }
  }

  /** The digest mail; returns whether one was sent (not when nothing waits, mail is off, or it was not ours). */
  async digest(now: number): Promise<boolean> {
    const mail = this.options.mail;
    if (!mail) return false;
    if (!(await this.claim("digest", now))) return false;
    try {
      const { database } = this.connection;
      const [{ rows, total, held }, overdue] = await Promise.all([
        new Work(database).waiting(now),
        new NextSteps(database).due(now, 50),
      ]);
      if (total === 0 && held === 0 && overdue.total === 0) return false;
      const office = this.options.office;
      const link = (path: string) => (office ? `${office}${path}` : null);
      // Each line is plain text, then perhaps one of the office's own links: the only links in the mail. What a
      // visitor typed is never one (forMail breaks what a mail program would link) and is cut to a sensible length.
      const lines: DigestLine[] = rows.map((row) => {
        const where = link(`/office/enquiries/${row.id}`);
        return {
          text: `- ${forMail(row.name, longestName)}, ${forMail(row.service, longestService)}, received ${dubaiDateTime(row.receivedAt)}${where ? ": " : ""}`,
          href: where,
        };
      });
      const more = total > rows.length ? [{ text: `…and ${total - rows.length} more.` }] : [];
      // Overdue next steps first (issue 37): each with its note, how long overdue, and who set it.
      const steps: DigestLine[] =
        overdue.total === 0
          ? []
          : [
              { text: `Next steps overdue: ${overdue.total}.` },
              ...overdue.rows.map((row) => {
                const where = link(`/office/enquiries/${row.id}`);
                const note = row.step.note ? `${forMail(row.step.note, longestNote)}, ` : "";
                const by = row.step.by === null ? "" : `, set by ${forMail(row.step.by, longestName)}`;
                return {
                  text: `- ${forMail(row.name, longestName)}: ${note}${dueWords(row.step.at, now)}${by}${where ? ": " : ""}`,
                  href: where,
                };
              }),
              ...(overdue.total > overdue.rows.length
                ? [{ text: `…and ${overdue.total - overdue.rows.length} more.` }]
                : []),
              { text: "" },
            ];
      const heldLink = link("/office?tab=held");
      const heldLine = heldLink
        ? { text: `Held as suspected spam: ${held} (`, href: heldLink, after: ")." }
        : { text: `Held as suspected spam: ${held}.` };
      const all: DigestLine[] = [
        ...steps,
        { text: `Not contacted a day after they came in: ${total}.` },
        ...lines,
        ...more,
        { text: "" },
        heldLine,
        { text: "" },
        {
          text: `${this.options.agencyName}, the back office's digest of ${dubaiDay(now)} (OFFICE_DIGEST=off stops it).`,
        },
      ];
      const text = all.map((line) => `${line.text}${line.href ?? ""}${line.after ?? ""}`).join("\n");
      const html = `<!doctype html><html><body>${all
        .map((line) => {
          const anchor = line.href ? `<a href="${escapeHtml(line.href)}">${escapeHtml(line.href)}</a>` : "";
          return `<p>${escapeHtml(line.text)}${anchor}${escapeHtml(line.after ?? "")}</p>`;
        })
        .join("\n")}</body></html>`;
      await mail.sender.send({
        messageId: `<digest-${dubaiDay(now)}@${/@([A-Za-z0-9.-]+)/.exec(mail.from)?.[1] ?? "localhost"}>`,
        from: mail.from,
        to: mail.to,
        subject: `Office digest: ${overdue.total > 0 ? `${overdue.total} overdue, ` : ""}${total} not contacted, ${held} held as spam`,
        text,
        html,
      });
      return true;
    } catch (error) {
      await this.giveBack("digest", now).catch(() => {});
      throw error;
    }
  }
}
