/** @jsxImportSource preact */
import type { FastifyReply, FastifyRequest } from "fastify";
import { readAdd } from "../by-hand";
import type { OfficeContext } from "../context";
import { Add, type AddProps, emptyAdd } from "../pages/add";
import { Inbox } from "../pages/inbox";
import { loadPageTitles } from "../../page-titles";
import { officeRoutes } from "../routes";
import type { On } from "../routing";
import type { Session } from "../sessions";
import type { Work } from "../work";

/** The inbox: its tabs, search and service filter, and an enquiry added by hand. */
export function register(on: On, ctx: OfficeContext): void {
  const { partsNow, page, fresh } = ctx;

  /**
   * The service filter's choices: every visa type and subject ever asked for, which takes a pass over the whole
   * table (a third of the inbox page's time at 100,000 enquiries). They change rarely, so they are read at most
   * once a minute.
   */
  let services: { at: number; list: Promise<string[]>; work: Work } | null = null;
  const servicesNow = (work: Work) => {
    const now = Date.now();
    if (!services || services.work !== work || now - services.at > 60_000) {
      const list = work.services();
      services = { at: now, list, work };
      // A failed read is not kept: the next page asks again.
      list.catch(() => (services = null));
    }
    return services.list;
  };

  on(officeRoutes.inbox, async (request, reply, { query, session }) => {
    const { q: search, service, before, deleted } = query;
    // A search looks in every tab until someone picks one (issue 35).
    const tab = query.tab ?? (search.trim() || service ? null : "new");
    const { work, steps } = partsNow();
    const now = Date.now();
    // The Due tab (issue 37) is a list of its own, the longest overdue first; its count shows on every tab.
    const [list, services, counts, today, dueCount, due] = await Promise.all([
      tab === "due" ? { rows: [], older: null } : work.list({ tab, search, service, before }),
      servicesNow(work),
      work.counts({ search, service }),
      work.today(now),
      steps.dueCount(now),
      tab === "due" ? steps.due(now) : undefined,
      // The pages' titles, read on the first page that shows them (server/page-titles.ts).
      loadPageTitles(),
    ]);
    return page(
      request,
      reply,
      "Enquiries",
      <Inbox
        tab={tab}
        dueCount={dueCount}
        due={due ? { ...due, now } : undefined}
        search={search}
        service={service}
        services={services}
        rows={list.rows}
        older={list.older}
        paged={before !== undefined}
        now={now}
        counts={counts}
        today={today}
        owner={session.person.role === "owner" ? { fresh: fresh(session) } : undefined}
        deleted={deleted}
      />,
      session,
      { section: "inbox" },
    );
  });

  // An enquiry added by hand: a walk-in, a phone call, a WhatsApp chat (issue 35, item 6).
  const showAdd = (request: FastifyRequest, reply: FastifyReply, session: Session, extra: Partial<AddProps> = {}) =>
    page(request, reply, "Add an enquiry", <Add values={emptyAdd} {...extra} />, session, {
      section: "inbox",
      status: extra.problems ? 400 : 200,
    });

  on(officeRoutes.addPage, async (request, reply, { session }) => showAdd(request, reply, session));

  on(officeRoutes.add, async (request, reply, { body, session }) => {
    const { name, phone, email, service, came, message } = body;
    const values = { name, phone, email, service, came, message };
    const read = readAdd(values);
    if ("problems" in read) return showAdd(request, reply, session, { values, problems: read.problems });
    const id = await partsNow().work.addByHand(read.entry, session.person.id, Date.now());
    return reply.redirect(`/office/enquiries/${id}`, 303);
  });
}
