// @vitest-environment node
import { h } from "preact";
import { renderToString } from "preact-render-to-string";
import { describe, expect, it } from "vitest";
import type { HealthDetails } from "../../data/health";
import { type AlertsHealth, Health } from "./health";

describe("issue 34, finding 10: the owner's health page", () => {
  const now = Date.parse("2026-05-04T08:00:00Z");
  const broken: HealthDetails = {
    checkedAt: now,
    database: { engine: "postgres", ok: true },
    outbox: {
      pending: 3,
      oldestPendingSeconds: 7200,
      rejected: 1,
      held: 4,
      lastError: "connect ECONNREFUSED 127.0.0.1:2525",
    },
    mail: { ok: false, at: now - 5 * 60_000, error: "connect ECONNREFUSED 127.0.0.1:2525" },
  };
  const text = (report: HealthDetails, alerts?: AlertsHealth) =>
    renderToString(h(Health, { report, alerts }))
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ");

  it("shows the mail server's error, the outbox's counts and the oldest wait", () => {
    const page = text(broken);
    expect(page).toMatch(/PostgreSQL/);
    expect(page).toMatch(/The latest mail could not be sent \(5 min ago\)/);
    expect(page).toMatch(/Error: connect ECONNREFUSED 127\.0\.0\.1:2525/);
    expect(page).toMatch(/Waiting to be mailed 3 Set aside \(refused\) 1 Held as spam 4/);
    expect(page).toMatch(/The oldest has waited 2 hours/);
    expect(page).toMatch(/npm run enquiries -- --pending/);
  });

  it("says when all is well, when mail is not set up and when the database is down", () => {
    const well = text({
      ...broken,
      outbox: { pending: 0, oldestPendingSeconds: null, rejected: 0, held: 0, lastError: null },
      mail: { ok: true, at: now - 60_000, error: null },
    });
    expect(well).toMatch(/The latest mail was sent 1 min ago/);
    expect(well).not.toMatch(/error|oldest/i);
    expect(text({ ...broken, mail: null })).toMatch(/Not set up \(SMTP_HOST\)/);
    expect(text({ ...broken, mail: { ok: null, at: null, error: null } })).toMatch(/Nothing sent since/);
    const down = text({
      checkedAt: now,
      database: { engine: "sqlite", ok: false, error: "SQLITE_CANTOPEN: unable to open database file" },
      outbox: null,
      mail: null,
    });
    expect(down).toMatch(/SQLite .* cannot be opened or read/);
    expect(down).toMatch(/SQLITE_CANTOPEN/);
    expect(down).not.toMatch(/Outbox/);
  });

  describe("alerts on phones (issue 37)", () => {
    const alerts: AlertsHealth = {
      off: null,
      devices: 3,
      waiting: 2,
      oldestWaitingSeconds: 600,
      failing: 1,
      lastError: "push service answered 500",
    };

    it("counts the devices and what waits, and names a failing device's error", () => {
      const page = text(broken, alerts);
      expect(page).toMatch(/Alerts on phones/);
      expect(page).toMatch(/Devices with alerts on 3 Waiting to be sent 2/);
      expect(page).toMatch(/The oldest has waited 10 minutes/);
      expect(page).toMatch(/1 device's latest alert failed/);
      expect(page).toMatch(/Latest error: push service answered 500/);
    });

    it("says when none is on yet, when all is well, and when alerts are off and what waits is forgotten", () => {
      const none = text(broken, {
        ...alerts,
        devices: 0,
        waiting: 0,
        oldestWaitingSeconds: null,
        failing: 0,
        lastError: null,
      });
      expect(none).toMatch(/No device has alerts on yet: each person turns them on under Me/);
      expect(none.split("Alerts on phones")[1]).not.toMatch(/failed|oldest/i);
      const off = text(broken, { ...alerts, off: "Alerts are off on this server: its PUSH_CONTACT setting is off." });
      expect(off).toMatch(/Alerts are off on this server: its PUSH_CONTACT setting is off\./);
      expect(off).toMatch(/2 alerts wait for a server with alerts on; each is forgotten after a day/);
      expect(text(broken)).not.toMatch(/Alerts on phones/);
    });
  });
});
