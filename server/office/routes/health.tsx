/** @jsxImportSource preact */
import { healthDetails } from "../../data/health";
import type { OfficeContext } from "../context";
import { Health } from "../pages/health";
import { Audit } from "../pages/owner";
import { officeRoutes } from "../routes";
import type { On } from "../routing";

/** An owner's view of the server: its health in detail, and the audit log. */
export function register(on: On, { database, mail, partsNow, page }: OfficeContext): void {
  // The server's health in detail (public /healthz says only ok or not): the database, the mail, the outbox.
  on(officeRoutes.health, async (request, reply, { session }) =>
    page(request, reply, "Server health", <Health report={await healthDetails(database, mail)} />, session, {
      section: "owner",
    }),
  );

  on(officeRoutes.audit, async (request, reply, { query, session }) => {
    const { rows, older } = await partsNow().accounts.auditLog(50, query.before);
    return page(request, reply, "Audit log", <Audit rows={rows} older={older} />, session, { section: "owner" });
  });
}
