/** @jsxImportSource preact */
import type { FastifyReply, FastifyRequest } from "fastify";
import { readEmail } from "../by-hand";
import { type OfficeContext, OfficeError } from "../context";
import { Enquiry, type EnquiryProblem, longestNote, longestReason } from "../pages/enquiry";
import { loadPageTitles } from "../../page-titles";
import { readPhone } from "../../data/enquiries/phone";
import { oneLine } from "../../text";
import { longestStepNote, quickPick, readDubaiDateTime } from "../next-step-time";
import { readyReplies, replyLinks } from "../replies";
import { loadReplyFacts, serviceFacts } from "../reply-facts";
import { serviceKind } from "../service-kind";
import { CaseStore } from "../../data/cases/store";
import { officeRoutes } from "../routes";
import type { On } from "../routing";
import type { Session } from "../sessions";
import type { Work } from "../work";

/** One enquiry: its page, and what the office does to it (stage, note, corrections, spam, replies, resend). */
export function register(on: On, ctx: OfficeContext): void {
  const { mail, kick, partsNow, page, notFound, fresh } = ctx;

  const showEnquiry = async (
    request: FastifyRequest,
    reply: FastifyReply,
    session: Session,
    id: number,
    problem?: EnquiryProblem,
  ) => {
    const { work, steps, database } = partsNow();
    const [enquiry, { step, linked }, cases] = await Promise.all([
      work.detail(id),
      steps.ofEnquiry(id),
      // Its cases (issue 56): the list reads no paper, so no documents key.
      new CaseStore(database, null).list({ enquiryId: id }),
      loadPageTitles(),
      loadReplyFacts(),
    ]);
    if (!enquiry) return notFound(request, reply, session);
    const replies = replyLinks(enquiry, ctx.texts, ctx.agencyName);
    const { unknown, ...facts } = serviceFacts(enquiry, ctx.siteUrl);
    return page(
      request,
      reply,
      oneLine(enquiry.name).slice(0, 80) || "Enquiry",
      <Enquiry
        enquiry={enquiry}
        steps={{ step, linked, now: Date.now() }}
        replies={replies}
        ready={readyReplies(enquiry, ctx.texts, { ...facts, agency: ctx.agencyName })}
        readyNote={unknown}
        mailOn={Boolean(mail)}
        problem={problem}
        owner={session.person.role === "owner" ? { fresh: fresh(session) } : undefined}
        cases={{ list: cases, kind: serviceKind(enquiry) }}
      />,
      session,
      { status: problem ? 400 : 200, section: "inbox" },
    );
  };

  on(officeRoutes.enquiry, async (request, reply, { params, session }) => {
    // Opened only when someone in the office went there: from an office page, or typed or from the mail app
    // (Sec-Fetch-Site "none"); a link or an image on another site shows nothing and marks nothing.
    const site = request.headers["sec-fetch-site"];
    if (site === "same-origin" || site === "none")
      await partsNow().work.opened(params.id, session.person.id, Date.now());
    return showEnquiry(request, reply, session, params.id);
  });

  on(officeRoutes.stage, async (request, reply, { params, body, session }) => {
    const { id } = params;
    const { stage } = body;
    const reason = body.reason.trim();
    if (stage === "lost" && (reason === "" || reason.length > longestReason)) {
      const message = reason === "" ? "Say why it was lost." : `A reason can be at most ${longestReason} characters.`;
      return showEnquiry(request, reply, session, id, { form: "lost", message, text: body.reason });
    }
    const moved = await partsNow().work.moveTo(
      id,
      stage,
      stage === "lost" ? reason : null,
      session.person.id,
      Date.now(),
    );
    if (!moved) return notFound(request, reply, session);
    return reply.redirect(`/office/enquiries/${id}`, 303);
  });

  on(officeRoutes.note, async (request, reply, { params, body, session }) => {
    const { id } = params;
    const typed = body.note;
    const note = typed.trim();
    if (note === "" || note.length > longestNote) {
      const message =
        note === ""
          ? "Write the note first."
          : `A note can be at most ${longestNote.toLocaleString("en")} characters; this one has ${note.length.toLocaleString("en")}.`;
      return showEnquiry(request, reply, session, id, { form: "note", message, text: typed });
    }
    const added = await partsNow().work.note(id, note, session.person.id, Date.now());
    if (!added) return notFound(request, reply, session);
    return reply.redirect(`/office/enquiries/${id}#notes-heading`, 303);
  });

  // A next step (issue 37): a quick pick, or a date and time read as Dubai's; nothing typed is lost to a problem.
  on(officeRoutes.nextStep, async (request, reply, { params, body, session }) => {
    const { id } = params;
    const now = Date.now();
    // One line: a step's note is a short reminder (shown through oneLine, like every stored text).
    const note = body.note.replace(/[\r\n\t]+/g, " ").trim();
    const keep = (message: string) =>
      showEnquiry(request, reply, session, id, { form: "next-step", message, text: body.note, when: body.when });
    if (note.length > longestStepNote) {
      return keep(`A next step's note can be at most ${longestStepNote} characters; this one has ${note.length}.`);
    }
    let at: number;
    if (body.pick === "date") {
      const read = readDubaiDateTime(body.when, now);
      if ("problem" in read) return keep(read.problem);
      at = read.at;
    } else at = quickPick(body.pick, now);
    if (!(await partsNow().steps.set(id, at, note, session.person.id, now))) return notFound(request, reply, session);
    return reply.redirect(`/office/enquiries/${id}#next-step-heading`, 303);
  });

  on(officeRoutes.finishStep, async (request, reply, { params, body, session }) => {
    const { id } = params;
    if (!(await partsNow().steps.finish(id, body.how, body.step, session.person.id, Date.now()))) {
      return notFound(request, reply, session);
    }
    return reply.redirect(`/office/enquiries/${id}#next-step-heading`, 303);
  });

  // A number corrected in the office: its international form, the visitor's own kept (issue 35).
  on(officeRoutes.phone, async (request, reply, { params, body, session }) => {
    const { id } = params;
    const { international } = readPhone(body.phone);
    if (international === null) {
      const message = "Type the number with its country code, such as +91 98450 12345.";
      return showEnquiry(request, reply, session, id, { form: "phone", message, text: body.phone });
    }
    if (!(await partsNow().work.correctPhone(id, international, session.person.id, Date.now()))) {
      return notFound(request, reply, session);
    }
    return reply.redirect(`/office/enquiries/${id}`, 303);
  });

  // A wrong e-mail address corrected, by the site's form's rule; the one it replaced kept on the timeline.
  on(officeRoutes.email, async (request, reply, { params, body, session }) => {
    const { id } = params;
    const read = readEmail(body.email, false);
    if ("problem" in read) {
      return showEnquiry(request, reply, session, id, { form: "email", message: read.problem, text: body.email });
    }
    if (!(await partsNow().work.correctEmail(id, read.email, session.person.id, Date.now()))) {
      return notFound(request, reply, session);
    }
    return reply.redirect(`/office/enquiries/${id}`, 303);
  });

  // Marked as spam by someone in the office: held, "marked by <name>"; the "Not spam" button lets it back.
  on(officeRoutes.markSpam, async (request, reply, { params, session }) => {
    const { id } = params;
    const { work } = partsNow();
    // Pressed twice (or by two people): the second finds it held already and just shows the enquiry.
    if (!(await work.markSpam(id, session.person.name, session.person.id, Date.now()))) {
      if (!(await work.detail(id))) return notFound(request, reply, session);
    }
    return reply.redirect(`/office/enquiries/${id}`, 303);
  });

  on(officeRoutes.reply, async (_request, reply, { params, body, session }) => {
    // The timeline names a ready text of the agency's file, sent on a channel it is for; a name the file does not
    // have (changed since the page was shown, or typed by hand) is noted as a plain tap.
    const ready = ctx.texts.texts.find(
      (text) => text.name === body.text && body.channel !== "call" && [body.channel, "both"].includes(text.channel),
    );
    const { id } = params;
    if (!(await partsNow().work.replied(id, body.channel, session.person.id, Date.now(), ready?.name ?? ""))) {
      throw new OfficeError(404, "Not found");
    }
    return reply.code(204).send();
  });

  const backToEnquiry = (
    spec: typeof officeRoutes.notSpam | typeof officeRoutes.resend,
    act: (work: Work, id: number, personId: number) => Promise<boolean>,
  ) =>
    on(spec, async (_request, reply, { params, session }) => {
      // Pressed twice (or by two people): the second finds nothing to do and just shows the enquiry.
      if (await act(partsNow().work, params.id, session.person.id)) kick();
      return reply.redirect(`/office/enquiries/${params.id}`, 303);
    });
  backToEnquiry(officeRoutes.notSpam, (work, id, personId) => work.notSpam(id, personId, Date.now()));
  backToEnquiry(officeRoutes.resend, (work, id, personId) => work.resend(id, personId, Date.now()));
}
