/** @jsxImportSource preact */
import type { FastifyReply, FastifyRequest } from "fastify";
import sharp from "sharp";
import { CaseStore, MissingKeyError, type PassportRecord } from "../../data/cases/store";
import type { CaseStage } from "../../data/schema";
import { attachmentHeader, inspectPaper } from "../../papers/inspect";
import { confirmPassport } from "../../papers/passport/confirm";
import { alertTraveller, longestStageNote, papersWaiting, stageAlert, stageMail, travellerService } from "../cases";
import { type OfficeContext, OfficeError } from "../context";
import { officePaperPolicy } from "../headers";
import { CasesList, type CaseProblem, CaseView } from "../pages/cases";
import { readyReplies } from "../replies";
import { officeRoutes } from "../routes";
import type { On } from "../routing";
import type { Session } from "../sessions";
import { oneLine } from "../../text";
import { InvoiceInputError, InvoiceStore, invoicesOffReason, type InvoiceRecord } from "../../data/invoices/store";
import { invoicePdf } from "../../invoices/pdf";
import { formatAed } from "../../data/payments/money";
import { PaymentError, PaymentStore } from "../../data/payments/store";
import { refundPayment } from "../../pay/refund";
import { audit } from "../audit-log";
import { invoiceFileName, invoiceFor, paymentRef } from "../paid";
import {
  chargesOfService,
  draftOf,
  draftOfCharge,
  filsTyped,
  linesOfDraft,
  longestReason as longestRefundReason,
  type DraftLine,
} from "../payments";
import type { PaymentProblem, PaymentRow, PaymentsView } from "../pages/payments";
import { loadReplyFacts, pickedLabel } from "../reply-facts";

/** The longest reason a paper is sent back with (the traveller reads it on their page). */
const longestReason = 300;

/**
 * The travellers' cases (issue 56), the office's side: start one from an enquiry, the Cases tab, a case's page, its
 * private link (issued, shown once, stopped), its papers (viewed, downloaded, each logged; accepted or sent back),
 * its stage (the traveller e-mailed), and the visa or a paper that came another way, uploaded by the office's script.
 * Staff see every case, as they see every enquiry.
 */
export function register(on: On, ctx: OfficeContext): void {
  const { partsNow, page, notFound, mail } = ctx;
  const setup = ctx.cases;

  /** The cases' store on the database now, opening and sealing papers with the documents key. */
  const store = () => new CaseStore(partsNow().database, setup.keyring);

  const showCase = async (
    request: FastifyRequest,
    reply: FastifyReply,
    session: Session,
    id: number,
    extra: {
      issued?: string;
      problem?: CaseProblem;
      payProblem?: PaymentProblem;
      asked?: PaymentsView["asked"];
      notice?: string;
      charges?: string;
    } = {},
  ) => {
    const cases = store();
    const record = await cases.get(id);
    if (!record) return notFound(request, reply, session);
    const [events, papers, passport] = await Promise.all([cases.events(id), cases.papers(id), passportOf(cases, id)]);
    if (passport && passport !== "missing-key") await cases.logPassportSeen(id, session.person.id, new Date());
    const payments = await paymentsView(record, events, session, extra);
    const issued =
      extra.issued === undefined
        ? undefined
        : {
            link: extra.issued,
            texts: readyReplies(
              {
                name: record.name,
                phone: record.phone ?? "",
                email: record.email ?? "",
                service: record.service,
                visaType: travellerService(record.service),
              },
              ctx.texts,
              { price: "", documents: [], pageAddress: null, hours: "", agency: ctx.agencyName, link: extra.issued },
              { onlyLink: true },
            ),
          };
    return page(
      request,
      reply,
      oneLine(record.name).slice(0, 80) || "Case",
      <CaseView
        record={record}
        events={events}
        papers={papers}
        asked={setup.checklists.get(record.kind) ?? []}
        issued={issued}
        mails={Boolean(mail) && Boolean(record.email?.includes("@"))}
        keepDays={setup.keepDays}
        problem={extra.problem}
        now={Date.now()}
        payments={payments}
        passport={passport}
        reader={setup.passportReader ?? null}
      />,
      session,
      { section: "cases", status: extra.problem || extra.payProblem?.message ? 400 : 200 },
    );
  };

  // Start a case from an enquiry: at most one open case an enquiry (a closed one may be followed by another).
  on(officeRoutes.startCase, async (request, reply, { params, body, session }) => {
    const enquiry = await partsNow().work.detail(params.id);
    if (!enquiry) return notFound(request, reply, session);
    const cases = store();
    const open = (await cases.list({ enquiryId: params.id })).find((each) => each.closedAt === null);
    if (open) return reply.redirect(`/office/cases/${open.id}`, 303);
    const id = await cases.start(
      {
        enquiryId: params.id,
        name: enquiry.name,
        phone: enquiry.phoneInternational ?? (enquiry.phone || null),
        email: enquiry.email.trim() || null,
        service: enquiry.service,
        kind: body.kind,
        travelDate: enquiry.travelDate || null,
      },
      session.person.id,
      new Date(),
    );
    return reply.redirect(`/office/cases/${id}`, 303);
  });

  on(officeRoutes.cases, async (request, reply, { query, session }) => {
    const cases = store();
    const [records, waiting] = await Promise.all([cases.list(), papersWaiting(partsNow().database)]);
    const rows = records.map((record) => ({ record, waiting: waiting.get(record.id) ?? 0 }));
    const show = query.show ?? (rows.some((row) => row.waiting > 0) ? "waiting" : "open");
    return page(request, reply, "Cases", <CasesList rows={rows} show={show} now={Date.now()} />, session, {
      section: "cases",
    });
  });

  on(officeRoutes.case, async (request, reply, { params, query, session }) =>
    showCase(request, reply, session, params.id, query.charges ? { charges: query.charges } : {}),
  );

  // Payments (issue 58).
  const pay = setup.payments ?? null;
  const payStore = () => new PaymentStore(partsNow().database);
  const invoiceStore = () =>
    new InvoiceStore(partsNow().database, pay?.invoices ?? { name: ctx.agencyName, address: "", trn: "" });
  const invoicesOff = () => invoicesOffReason(pay?.invoices ?? { name: ctx.agencyName, address: "", trn: "" });

  /** The case's payments, with their invoices, refunds and what a flagged one differed by; and the form's lines. */
  async function paymentsView(
    record: NonNullable<Awaited<ReturnType<CaseStore["get"]>>>,
    events: Awaited<ReturnType<CaseStore["events"]>>,
    session: Session,
    extra: { payProblem?: PaymentProblem; asked?: PaymentsView["asked"]; notice?: string; charges?: string },
  ): Promise<PaymentsView> {
    const payments = payStore();
    const [list, documents] = await Promise.all([payments.paymentsOf(record.id), invoiceStore().invoicesOf(record.id)]);
    const rows: PaymentRow[] = await Promise.all(
      list.map(async (payment) => {
        const invoice =
          documents.find((each) => each.kind === "invoice" && each.paymentRef === paymentRef(payment)) ?? null;
        const mismatch = events
          .filter((event) => event.kind === "payment-mismatch")
          .map((event) => JSON.parse(event.detail) as { payment?: string; what?: string })
          .find((detail) => detail.payment === payment.publicId);
        return {
          payment,
          refunds: payment.refundedFils > 0 ? await payments.refundsOf(payment.id) : [],
          invoice,
          creditNotes: invoice ? documents.filter((each) => each.creditedInvoiceId === invoice.id) : [],
          mismatch: mismatch?.what ?? null,
        };
      }),
    );
    await loadReplyFacts();
    const enquiry = record.enquiryId === null ? null : await partsNow().work.detail(record.enquiryId);
    const charges = chargesOfService(
      enquiry ?? { page: null, visaType: pickedLabel(travellerService(record.service), null) },
    );
    const picked = charges.find((each) => each.service === extra.charges) ?? charges[0] ?? null;
    const problem = extra.payProblem;
    const draft: DraftLine[] =
      problem?.form === "payment" ? problem.draft : picked ? picked.lines.map(draftOfCharge) : [];
    return {
      caseId: record.id,
      offReason: pay ? pay.offReason : "Payments are not set up on this server.",
      invoicesOff: invoicesOff(),
      owner: session.person.role === "owner",
      rows,
      draft,
      charges,
      chargesPicked: picked?.service ?? null,
      ...(extra.asked ? { asked: extra.asked } : {}),
      ...(extra.notice ? { notice: extra.notice } : {}),
      ...(problem ? { problem } : {}),
    };
  }

  on(officeRoutes.casePayment, async (request, reply, { params, body, session }) => {
    const cases = store();
    const record = await cases.get(params.id);
    if (!record) return notFound(request, reply, session);
    if (!pay || pay.offReason !== null) {
      throw new OfficeError(409, pay?.offReason ?? "Payments are not set up on this server.");
    }
    let draft = draftOf(body as Record<string, unknown>);
    const pressed = String((body as { do?: string }).do ?? "send");
    // Add a line, or remove one: the form again, as typed, nothing asked yet.
    if (pressed === "add" || pressed.startsWith("remove-")) {
      if (pressed === "add") draft = [...draft, { label: "", amount: "", vat: true }];
      else draft = draft.filter((_, index) => index !== Number(pressed.slice("remove-".length)) - 1);
      return showCase(request, reply, session, params.id, {
        payProblem: { form: "payment", message: "", draft },
      });
    }
    const checked = linesOfDraft(draft);
    if ("problem" in checked) {
      return showCase(request, reply, session, params.id, {
        payProblem: { form: "payment", message: checked.problem, draft },
      });
    }
    let payment;
    try {
      payment = await payStore().requestPayment(params.id, checked.lines, session.person.id, new Date());
    } catch (error) {
      if (!(error instanceof PaymentError)) throw error;
      return showCase(request, reply, session, params.id, {
        payProblem: { form: "payment", message: error.message, draft },
      });
    }
    const amount = `${formatAed(payment.amountFils)} (${payment.lines.map((line) => line.label).join(", ")})`;
    if (!(body as { link?: string }).link) {
      return showCase(request, reply, session, params.id, { asked: { amount, link: null, texts: [] } });
    }
    const token = await cases.issueLink(params.id, session.person.id, new Date());
    const link = new URL(`/case/${token}`, ctx.siteUrl).href;
    const texts = readyReplies(
      {
        name: record.name,
        phone: record.phone ?? "",
        email: record.email ?? "",
        service: record.service,
        visaType: travellerService(record.service),
      },
      ctx.texts,
      { price: "", documents: [], pageAddress: null, hours: "", agency: ctx.agencyName, link, amount },
      { onlyLink: true },
    );
    return showCase(request, reply, session, params.id, { asked: { amount, link, texts } });
  });

  /** A payment of this case, or none (another case's is not found here). */
  const paymentOf = async (caseId: number, paymentId: number) => {
    const payment = await payStore().get(paymentId);
    return payment && payment.caseId === caseId ? payment : null;
  };

  on(officeRoutes.casePaymentCancel, async (request, reply, { params, session }) => {
    const payment = await paymentOf(params.id, params.payment);
    if (!payment) return notFound(request, reply, session);
    const cancelled = await payStore().cancel(payment.id, session.person.id, new Date());
    return showCase(request, reply, session, params.id, {
      notice: cancelled
        ? `The payment of ${formatAed(payment.amountFils)} is cancelled: the traveller no longer sees it.`
        : "That payment was no longer waiting (paid or cancelled meanwhile): nothing changed.",
    });
  });

  on(officeRoutes.casePaymentInvoice, async (request, reply, { params, session }) => {
    const payment = await paymentOf(params.id, params.payment);
    const record = await store().get(params.id);
    if (!payment || !record) return notFound(request, reply, session);
    if (!["paid", "partly-refunded", "refunded"].includes(payment.status)) {
      throw new OfficeError(409, "Only a paid payment has an invoice.");
    }
    const off = invoicesOff();
    if (off || !pay) throw new OfficeError(409, off ?? "Invoices are not set up on this server.");
    const { invoice } = await invoiceFor(partsNow().database, pay.invoices, payment, record);
    return showCase(request, reply, session, params.id, { notice: `Invoice ${invoice.number} is issued.` });
  });

  on(officeRoutes.casePaymentRefund, async (request, reply, { params, body, session }) => {
    const payment = await paymentOf(params.id, params.payment);
    if (!payment) return notFound(request, reply, session);
    const reason = body.reason.replace(/\s+/g, " ").trim();
    const problem = (message: string) =>
      showCase(request, reply, session, params.id, {
        payProblem: { form: "refund", payment: payment.id, message, amount: body.amount, reason: body.reason },
      });
    const fils = filsTyped(body.amount);
    const left = payment.amountFils - payment.refundedFils;
    if (fils === null || fils <= 0) return problem(`Give the amount to refund, such as ${formatAed(left)}.`);
    if (fils > left) {
      return problem(`${formatAed(fils)} is more than is left to refund: at most ${formatAed(left)}.`);
    }
    if (reason === "") return problem("Say why: the credit note prints it.");
    if (reason.length > longestRefundReason) {
      return problem(`A reason is at most ${longestRefundReason} characters; this one has ${reason.length}.`);
    }
    try {
      await refundPayment(pay?.provider ?? null, payStore(), payment.id, {
        amountFils: fils,
        by: session.person.id,
        reason,
      });
    } catch (error) {
      if (error instanceof PaymentError) return problem(error.message);
      request.log.error({ err: error, case: params.id }, `The refund of payment ${payment.publicId} failed`);
      return problem(
        `The payment provider did not make the refund (${oneLine(error instanceof Error ? error.message : String(error)).slice(0, 200)}): nothing was refunded or recorded. Try again, or refund it in the provider's dashboard.`,
      );
    }
    // The refund is made: its credit note, against the payment's invoice.
    let note: InvoiceRecord | null = null;
    let noNote: string | null = null;
    const invoice = await invoiceStore().invoiceForPayment(paymentRef(payment));
    if (!invoice) noNote = "the payment has no invoice";
    else if (invoicesOff()) noNote = invoicesOff();
    else {
      try {
        note = await invoiceStore().issueCreditNote(invoice.id, { amountFils: fils }, reason);
      } catch (error) {
        if (!(error instanceof InvoiceInputError)) throw error;
        noNote = error.message;
      }
    }
    return showCase(request, reply, session, params.id, {
      notice: note
        ? `Refunded ${formatAed(fils)}; credit note ${note.number} is issued.`
        : `Refunded ${formatAed(fils)}; no credit note: ${noNote ?? ""}`,
    });
  });

  // An invoice or credit note of this case, as a PDF download; each download in the owner's audit log.
  on(officeRoutes.caseInvoice, async (request, reply, { params, session }) => {
    const invoice = await invoiceStore().invoice(params.invoice);
    if (!invoice || invoice.caseId !== params.id) return notFound(request, reply, session);
    const pdf = await invoicePdf(invoice);
    await audit(
      partsNow().database.db,
      session.person.id,
      "invoice-downloaded",
      `Case ${params.id}: ${invoice.kind === "invoice" ? "invoice" : "credit note"} ${invoice.number}`,
      Date.now(),
    );
    return reply
      .header("x-content-type-options", "nosniff")
      .header("cache-control", "no-store")
      .header("content-disposition", attachmentHeader(invoiceFileName(invoice)))
      .type("application/pdf")
      .send(pdf);
  });

  // A new link, shown only in this answer (the database keeps its hash): any link sent before stops working.
  on(officeRoutes.caseLink, async (request, reply, { params, session }) => {
    const cases = store();
    if (!(await cases.get(params.id))) return notFound(request, reply, session);
    const token = await cases.issueLink(params.id, session.person.id, new Date());
    const link = new URL(`/case/${token}`, ctx.siteUrl).href;
    return showCase(request, reply, session, params.id, { issued: link });
  });

  on(officeRoutes.caseLinkStop, async (request, reply, { params, session }) => {
    const cases = store();
    const record = await cases.get(params.id);
    if (!record) return notFound(request, reply, session);
    if (record.hasLink) await cases.revokeLink(params.id, session.person.id, new Date());
    return reply.redirect(`/office/cases/${params.id}#link-heading`, 303);
  });

  on(officeRoutes.caseStage, async (request, reply, { params, body, session }) => {
    const cases = store();
    const record = await cases.get(params.id);
    if (!record) return notFound(request, reply, session);
    const stage: CaseStage = body.stage;
    const note = body.note.trim();
    if (stage === "need-more" && (note === "" || note.length > longestStageNote)) {
      const message =
        note === ""
          ? "Say what else is needed, and why: the traveller reads it on their page."
          : `A note can be at most ${longestStageNote.toLocaleString("en")} characters; this one has ${note.length.toLocaleString("en")}.`;
      return showCase(request, reply, session, params.id, {
        problem: { form: "stage", message, stage, text: body.note },
      });
    }
    if (stage === record.stage && stage !== "need-more") return reply.redirect(`/office/cases/${params.id}`, 303);
    const now = new Date();
    const kept = stage === "need-more" ? note : null;
    await cases.setStage(params.id, stage, kept, session.person.id, now);
    // The traveller is told in their words; a mail that fails is logged, the stage stays moved.
    const message = mail
      ? stageMail(record, stage, kept, { name: ctx.agencyName, phone: setup.phone, from: mail.from }, now)
      : null;
    if (mail && message) {
      await mail.sender.send(message).catch((error: unknown) => {
        request.log.warn({ err: error, case: params.id }, "The case's stage e-mail was not sent");
      });
    }
    // And their phone, when they asked on their page; not waited for.
    void alertTraveller(cases, ctx.push, params.id, stageAlert(record, stage)).catch((error: unknown) => {
      request.log.warn({ err: error, case: params.id }, "The case's stage alert was not sent");
    });
    return reply.redirect(`/office/cases/${params.id}#case-stage-heading`, 303);
  });

  // The passport read (or typed) in the office from its photo (issue 57): checked as the traveller's would be.
  on(officeRoutes.casePassport, async (request, reply, { params, body, session }) => {
    const cases = store();
    const record = await cases.get(params.id);
    if (!record) return notFound(request, reply, session);
    const { lines, paper, ...fields } = body;
    const answer = await confirmPassport(
      cases,
      record,
      {
        fields,
        ...(lines.trim()
          ? {
              lines: lines
                .trim()
                .split(/\s*\n\s*/)
                .slice(0, 3),
            }
          : {}),
        ...(paper ? { paperId: paper } : {}),
      },
      new Date(),
      session.person.id,
    );
    if (answer.status === 400) {
      const errors = Object.fromEntries(
        Object.entries(answer.body.errors).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
      );
      return showCase(request, reply, session, params.id, {
        problem: {
          form: "passport",
          message: "Some details need correcting.",
          errors,
          values: { ...fields, lines, paper },
        },
      });
    }
    return reply.redirect(`/office/cases/${params.id}#passport-heading`, 303);
  });

  // A paper's bytes, from this case only: an image inline (its thumbnail, or its full view), any paper as a download.
  // The full view and the download are on the case's timeline and in the owner's audit log; a thumbnail too, once
  // an hour for each person (the case's page draws them at every visit).
  on(officeRoutes.casePaper, async (request, reply, { params, query, session }) => {
    const cases = store();
    const paper = await cases.paper(params.id, params.paper);
    if (!paper || paper.deletedAt !== null) return notFound(request, reply, session);
    const image = paper.type.startsWith("image/");
    if (query.as !== "download" && !image) return notFound(request, reply, session);
    const bytes = await cases.openPaper(params.id, paper.id);
    reply
      .header("x-content-type-options", "nosniff")
      .header("content-security-policy", officePaperPolicy)
      .header("cache-control", "no-store");
    if (query.as === "thumb") {
      await cases.logPaperOpened(params.id, paper.id, session.person.id, "glimpsed", new Date());
      const thumb = await sharp(bytes, { limitInputPixels: 40_000_000 })
        .resize({ width: 240, height: 240, fit: "inside", withoutEnlargement: true })
        .jpeg({ quality: 70 })
        .toBuffer();
      return reply.type("image/jpeg").header("content-disposition", "inline").send(thumb);
    }
    await cases.logPaperOpened(
      params.id,
      paper.id,
      session.person.id,
      query.as === "full" ? "viewed" : "downloaded",
      new Date(),
    );
    if (query.as === "full") return reply.type(paper.type).header("content-disposition", "inline").send(bytes);
    return reply.type(paper.type).header("content-disposition", attachmentHeader(paper.name)).send(bytes);
  });

  on(officeRoutes.casePaperReview, async (request, reply, { params, body, session }) => {
    const cases = store();
    const paper = await cases.paper(params.id, params.paper);
    if (!paper || paper.byOffice) return notFound(request, reply, session);
    const reason = body.reason.replace(/\s+/g, " ").trim();
    if (body.verdict === "return" && (reason === "" || reason.length > longestReason)) {
      const message =
        reason === ""
          ? "Say why it is sent back: the traveller reads it on their page."
          : `A reason can be at most ${longestReason} characters; this one has ${reason.length}.`;
      return showCase(request, reply, session, params.id, {
        problem: { form: "review", paper: paper.id, message, text: body.reason },
      });
    }
    await cases.reviewPaper(
      params.id,
      paper.id,
      body.verdict === "accept" ? "accepted" : "returned",
      body.verdict === "return" ? reason : null,
      session.person.id,
      new Date(),
    );
    return reply.redirect(`/office/cases/${params.id}#papers-heading`, 303);
  });

  // The visa PDF, or a paper that came another way (any paper of the case's checklist): the file's bytes, checked
  // as a traveller's are (its real type from its bytes, images re-encoded), kept sealed, by the person.
  on(officeRoutes.casePaperAdd, async (_request, reply, { params, query, session }) => {
    const body = _request.body;
    if (!Buffer.isBuffer(body)) throw new OfficeError(415, "Send the file itself, from the case's page.");
    const cases = store();
    const record = await cases.get(params.id);
    if (!record) throw new OfficeError(404, "Not found");
    if (record.closedAt !== null || record.filesDeletedAt !== null) {
      throw new OfficeError(409, "This case is closed: open it again (move its stage) to add a paper.");
    }
    const asked = setup.checklists.get(record.kind) ?? [];
    if (query.key !== "visa" && !asked.some((item) => item.key === query.key)) {
      throw new OfficeError(400, "That paper is not on this case's list.");
    }
    const kept = await inspectPaper(body, query.name);
    if (!kept.ok) return reply.code(400).send({ ok: false, message: kept.message });
    if (query.key === "visa" && kept.type !== "application/pdf") {
      return reply.code(400).send({ ok: false, message: "The visa must be a PDF: this file is a picture." });
    }
    const id = await cases.addPaper(
      params.id,
      {
        paperKey: query.key,
        name: kept.name,
        type: kept.type,
        bytes: kept.bytes,
        width: kept.width,
        height: kept.height,
      },
      session.person.id,
      new Date(),
    );
    return reply.code(200).send({ ok: true, paper: id });
  });
}

/** The passport confirmed on a case (issue 57), or "missing-key" when the documents key to open it is not here. */
async function passportOf(cases: CaseStore, id: number): Promise<PassportRecord | "missing-key" | undefined> {
  try {
    return await cases.passport(id);
  } catch (error) {
    if (error instanceof MissingKeyError) return "missing-key";
    throw error;
  }
}
