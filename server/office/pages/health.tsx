/** @jsxImportSource preact */
import type { HealthDetails } from "../../data/health";
import { plural } from "../../words";
import { ago, dubaiDateTime } from "../time";

const engineNames = { sqlite: "SQLite (a file on this server)", postgres: "PostgreSQL" } as const;

function waited(seconds: number): string {
  if (seconds < 60) return plural(seconds, "second");
  if (seconds < 3600) return plural(Math.floor(seconds / 60), "minute");
  if (seconds < 86_400) return plural(Math.floor(seconds / 3600), "hour");
  return plural(Math.floor(seconds / 86_400), "day");
}

/**
 * The owner's view of the server's health (issue 34, finding 10): what the public /healthz no longer shows, the
 * database's and the mail server's errors and the outbox's counts.
 */
export function Health({ report }: { report: HealthDetails }) {
  const { database, outbox, mail } = report;
  const now = report.checkedAt;
  const at = (ms: number) => new Date(ms).toISOString();
  return (
    <>
      <h1>Server health</h1>
      <p class="quiet">As of {dubaiDateTime(at(now))}, Dubai time, on this server.</p>
      <section class="card" aria-labelledby="database-heading">
        <h2 id="database-heading">Database</h2>
        <p>{engineNames[database.engine]}</p>
        {database.ok ? (
          <p role="status">Answering.</p>
        ) : (
          <>
            <p class="error" role="alert">
              It cannot be opened or read: enquiries are refused until it is back (it is tried again by itself).
            </p>
            <p class="quiet">Error: {database.error}</p>
          </>
        )}
      </section>
      <section class="card" aria-labelledby="mail-heading">
        <h2 id="mail-heading">Mail</h2>
        {mail === null ? (
          <p>Not set up (SMTP_HOST): enquiries are kept here and in the office, not e-mailed.</p>
        ) : mail.ok === false ? (
          <>
            <p class="error" role="alert">
              The latest mail could not be sent{mail.at !== null ? ` (${ago(at(mail.at), now)})` : ""}. Enquiries wait
              in the outbox and are tried again.
            </p>
            <p class="quiet">Error: {mail.error}</p>
          </>
        ) : mail.ok === true ? (
          <p role="status">The latest mail was sent{mail.at !== null ? ` ${ago(at(mail.at), now)}` : ""}.</p>
        ) : (
          <p role="status">Nothing sent since this server started.</p>
        )}
      </section>
      {outbox ? (
        <section class="card" aria-labelledby="outbox-heading">
          <h2 id="outbox-heading">Outbox</h2>
          <dl class="totals">
            <div>
              <dt>Waiting to be mailed</dt>
              <dd>{outbox.pending}</dd>
            </div>
            <div>
              <dt>Set aside (refused)</dt>
              <dd>{outbox.rejected}</dd>
            </div>
            <div>
              <dt>Held as spam</dt>
              <dd>{outbox.held}</dd>
            </div>
          </dl>
          {outbox.oldestPendingSeconds !== null ? (
            <p>The oldest has waited {waited(outbox.oldestPendingSeconds)}.</p>
          ) : null}
          {outbox.lastError ? <p class="quiet">Latest delivery error: {outbox.lastError}</p> : null}
          {outbox.rejected > 0 ? (
            <p class="quiet">
              The mail server refused those set aside too often: see them with "npm run enquiries -- --pending".
            </p>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
