/** @jsxImportSource preact */
import type { OfficeContext } from "../context";
import { Stats } from "../pages/stats";
import { loadPageTitles } from "../../page-titles";
import { loadOpeningHours } from "../../opening-hours";
import { officeRoutes } from "../routes";
import type { On } from "../routing";
import { defaultDays, periods, statsReport } from "../../data/stats/report";

/** What brings enquiries, and the site's speed for real visitors (server/stats): for everyone in the office. */
export function register(on: On, { partsNow, page }: OfficeContext): void {
  on(officeRoutes.stats, async (request, reply, { query, session }) => {
    const asked = Number(query.days);
    const days = (periods as readonly number[]).includes(asked) ? asked : defaultDays;
    const [report] = await Promise.all([
      loadOpeningHours().then((hours) => statsReport(partsNow().database, days, hours)),
      loadPageTitles(),
    ]);
    return page(request, reply, "Statistics", <Stats report={report} />, session, { section: "stats" });
  });
}
