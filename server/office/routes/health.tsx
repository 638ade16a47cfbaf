/** @jsxImportSource preact */
import { healthDetails } from "../../data/health";
import { PushStore } from "../../data/push";
import type { OfficeContext } from "../context";
import { type AlertsHealth, Health } from "../pages/health";
import { Audit } from "../pages/owner";
import { officeRoutes } from "../routes";
import type { On } from "../routing";

/** An owner's view of the server: its health in detail, and the audit log. */
export function register(on: On, { database, mail, partsNow, page, push }: OfficeContext): void {
  /** The alerts' card; none while the database cannot be read (its own card says so). */
  const alertsHealth = async (now: number): Promise<AlertsHealth | undefined> => {
    try {
      const health = await new PushStore(partsNow().database).health();
      const { oldestWaitingAt, ...counts } = health;
      return {
        off: push.setting.on ? null : push.setting.reason,
        ...counts,
        oldestWaitingSeconds: oldestWaitingAt === null ? null : Math.max(0, Math.floor((now - oldestWaitingAt) / 1000)),
      };
    } catch {
      return undefined;
    }
  };

  // The server's health in detail (public /healthz says only ok or not): the database, the mail, the outbox, and
  // the alerts on the agency's phones.
  on(officeRoutes.health, async (request, reply, { session }) => {
    const now = Date.now();
    const [report, alerts] = await Promise.all([healthDetails(database, mail, now), alertsHealth(now)]);
    return page(request, reply, "Server health", <Health report={report} alerts={alerts} />, session, {
      section: "owner",
    });
  });

  on(officeRoutes.audit, async (request, reply, { query, session }) => {
    const { rows, older } = await partsNow().accounts.auditLog(50, query.before);
    return page(request, reply, "Audit log", <Audit rows={rows} older={older} />, session, { section: "owner" });
  });
}
