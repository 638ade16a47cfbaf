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

/** How alerts on the agency's phones are going (issue 37), for the Server health page. */
export interface AlertsHealth {
  /** Why alerts are off on this server (PUSH_CONTACT=off), or null when they are on. */
  off: string | null;
  devices: number;
  waiting: number;
  /** How long the oldest alert waiting has waited, in whole seconds; null when none waits. */
  oldestWaitingSeconds: number | null;
  /** Devices whose latest alert failed. */
  failing: number;
  lastError: string | null;
}

/**
 * The owner's view of the server's health (issue 34, finding 10): what the public /healthz no longer shows, the
 * database's and the mail server's errors and the outbox's counts.
 */
export function Health({ report, alerts }: { report: HealthDetails; alerts?: AlertsHealth }) {
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
      {alerts ? <Alerts alerts={alerts} /> : null}
    </>
  );
}

/** The alerts card: whether they are on, how many devices get them, what waits, and a failing device's error. */
function Alerts({ alerts }: { alerts: AlertsHealth }) {
  return (
    <section class="card" aria-labelledby="alerts-heading">
      <h2 id="alerts-heading">Alerts on phones</h2>
      {alerts.off !== null ? (
        <>
          <p>{alerts.off}</p>
          {alerts.waiting > 0 ? (
            <p class="quiet">
              {plural(alerts.waiting, "alert")} {alerts.waiting === 1 ? "waits" : "wait"} for a server with alerts on;
              each is forgotten after a day.
            </p>
          ) : null}
        </>
      ) : alerts.devices === 0 ? (
        <p>No device has alerts on yet: each person turns them on under Me.</p>
      ) : (
        <>
          <dl class="totals">
            <div>
              <dt>Devices with alerts on</dt>
              <dd>{alerts.devices}</dd>
            </div>
            <div>
              <dt>Waiting to be sent</dt>
              <dd>{alerts.waiting}</dd>
            </div>
          </dl>
          {alerts.oldestWaitingSeconds !== null ? (
            <p>The oldest has waited {waited(alerts.oldestWaitingSeconds)}.</p>
          ) : null}
          {alerts.failing > 0 ? (
            <>
              <p class="error">
                {alerts.failing === 1 ? "1 device's" : `${plural(alerts.failing, "device")}'`} latest alert failed: its
                person can send a test from Me, or turn alerts off and on again there.
              </p>
              {alerts.lastError ? <p class="quiet">Latest error: {alerts.lastError}</p> : null}
            </>
          ) : null}
        </>
      )}
    </section>
  );
}
