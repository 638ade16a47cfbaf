/** @jsxImportSource preact */
import type { FastifyReply, FastifyRequest } from "fastify";
import { toCsv } from "../../data/enquiries/csv";
import { dubaiDayStart } from "../../data/dubai-days";
import { calendarDay, plural } from "../../words";
import { type OfficeContext, OfficeError } from "../context";
import { Data } from "../pages/owner";
import { officeRoutes } from "../routes";
import type { On } from "../routing";
import type { Session } from "../sessions";
import { toXlsx } from "../xlsx";
import { loadPageTitles, titleOfPage } from "../../page-titles";

/** An owner's data: export a date range, erase a person, delete held spam. */
export function register(on: On, ctx: OfficeContext): void {
  const { partsNow, page, fresh, mail } = ctx;

  const dubaiDay = (offsetDays: number) =>
    new Date(Date.now() + 4 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
  const showData = async (
    request: FastifyRequest,
    reply: FastifyReply,
    session: Session,
    extra: Partial<Parameters<typeof Data>[0]> = {},
  ) =>
    page(
      request,
      reply,
      "Export and erase",
      <Data fresh={fresh(session)} from={dubaiDay(-30)} to={dubaiDay(0)} {...extra} />,
      session,
      { section: "owner", status: extra.problem ? 400 : 200 },
    );

  on(officeRoutes.data, async (request, reply, { query, session }) => {
    const { email, phone, erased } = query;
    const erase =
      (email || phone) && fresh(session)
        ? { email, phone, matches: await partsNow().work.matching({ email, phone }) }
        : undefined;
    return showData(request, reply, session, { erase, erased });
  });

  on(officeRoutes.exportEnquiries, async (request, reply, { body, session }) => {
    const { from, to, format } = body;
    const day = /^\d{4}-\d{2}-\d{2}$/;
    const start = dubaiDayStart(from);
    const end = dubaiDayStart(to) + 86_400_000;
    if (!day.test(from) || !day.test(to) || Number.isNaN(start) || Number.isNaN(end) || start >= end) {
      return showData(request, reply, session, { problem: "Choose a From date on or before the To date." });
    }
    const { work, accounts } = partsNow();
    const [rows] = await Promise.all([
      work.between(new Date(start).toISOString(), new Date(end).toISOString()),
      loadPageTitles(),
    ]);
    const as = format === "xlsx" ? "a spreadsheet" : "CSV";
    const now = Date.now();
    await accounts.audit(
      session.person.id,
      "exported",
      `${plural(rows.length, "enquiry", "enquiries")}, ${calendarDay(from)} to ${calendarDay(to)}, as ${as}`,
      now,
    );
    reply.header("content-disposition", `attachment; filename="enquiries-${from}-to-${to}.${format}"`);
    if (format === "xlsx") {
      return reply
        .type("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
        .send(Buffer.from(toXlsx(rows, new Date(now), { mailOn: Boolean(mail), pageTitle: titleOfPage })));
    }
    return reply.type("text/csv; charset=utf-8").send(toCsv(rows));
  });

  on(officeRoutes.erase, async (_request, reply, { body, session }) => {
    const { email, phone } = body;
    const { work, accounts } = partsNow();
    const erased = await work.erase({ email, phone });
    const by = [email ? "e-mail" : "", phone ? "phone" : ""].filter(Boolean).join(" and ");
    await accounts.audit(
      session.person.id,
      "erased a person",
      `${plural(erased, "enquiry", "enquiries")}, found by ${by || "nothing"}`,
      Date.now(),
    );
    return reply.redirect(`/office/data?erased=${erased}`, 303);
  });

  // An owner deletes held spam now: one, or every one (issue 35, item 6). Asked twice: a ticked box, and a
  // fresh passkey check, as for erasing a person.
  on(officeRoutes.deleteSpam, async (_request, reply, { body, session }) => {
    const { which, sure } = body;
    if (sure !== "yes") {
      throw new OfficeError(400, "Tick the box to say you are sure, then press Delete again.");
    }
    const { work, accounts } = partsNow();
    const deleted = await work.deleteHeld(which);
    const what = deleted === 1 ? "1 enquiry" : `${deleted} enquiries`;
    await accounts.audit(
      session.person.id,
      "deleted held spam",
      which === "all" ? `${what}, every one held` : `${what}, number ${which}`,
      Date.now(),
    );
    return reply.redirect(`/office?tab=held&deleted=${deleted}`, 303);
  });
}
