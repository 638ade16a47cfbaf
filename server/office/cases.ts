import type { Database } from "../data/database";
import type { CaseRecord, CaseStore, PaperRecord } from "../data/cases/store";
import type { CaseKind, CaseStage } from "../data/schema";
import type { MailMessage } from "../mailer";
import type { PushService } from "../push/plugin";
import type { AskedPaper } from "../papers/checklist";
import { escapeHtml } from "../text";
import { firstName } from "./reply-texts";

/*
 * The office's side of a traveller's case (issue 56): the stages in the office's words and in the traveller's, the
 * checklist as the papers tick it, the cases waiting for the office, and the short e-mail a traveller gets when their
 * case moves. The case itself, its link and its papers are server/data/cases/store.ts's.
 */

export { caseStages } from "../data/cases/store";

export const caseStageLabels: Record<CaseStage, string> = {
  "papers-needed": "Papers needed",
  "papers-complete": "Papers complete",
  applied: "Applied",
  approved: "Approved",
  "visa-ready": "Visa ready",
  "need-more": "Need more",
  closed: "Closed",
};

export const caseKindLabels: Record<CaseKind, string> = {
  "visit-visa": "Visit visa",
  "transit-visa": "Transit visa",
  "visa-change": "Visa change",
  package: "Package",
  other: "Booking or document",
};

/** What the traveller is told of each stage, by e-mail (their page says the same in its own words). */
const stageSentences: Record<CaseStage, string> = {
  "papers-needed": "we need your papers for your application.",
  "papers-complete": "we have all the papers we need. We will apply for your visa next.",
  applied: "we have applied for your visa. We will tell you as soon as it is approved.",
  approved: "your visa is approved. We will send it to you as soon as it is ready.",
  "visa-ready": "your visa is ready. You can download it from your page.",
  "need-more": "we need something else from you:",
  closed: "your case is now closed. Thank you for choosing us.",
};

/**
 * The service as the traveller picked it: the office's name for it without its "(sent as …)" (the value a Dubai
 * form sends, which is not what the visitor read: app/lib/forms/visa-service.ts, serviceName).
 */
export function travellerService(service: string): string {
  return service.replace(/\s*\(sent as [^()]*\)\s*$/, "");
}

/** The longest note a stage takes (what else is needed, and why). */
export const longestStageNote = 1000;

/** Each paper the checklist asks for, with the papers sent for it (the latest first), and how it stands. */
export interface ChecklistRow {
  asked: AskedPaper;
  papers: PaperRecord[];
  /** accepted: one was accepted; waiting: sent, not reviewed; returned: all sent back; missing: none sent. */
  state: "accepted" | "waiting" | "returned" | "missing";
}

export function checklistRows(asked: readonly AskedPaper[], papers: readonly PaperRecord[]): ChecklistRow[] {
  return asked.map((item) => {
    const sent = papers.filter((paper) => paper.paperKey === item.key).reverse();
    const state = sent.some((paper) => paper.status === "accepted")
      ? "accepted"
      : sent.some((paper) => paper.status === "sent")
        ? "waiting"
        : sent.length > 0
          ? "returned"
          : "missing";
    return { asked: item, papers: sent, state };
  });
}

/**
 * How many papers each open case has waiting for the office (sent by the traveller, not yet accepted or sent
 * back), by case id; a case with none is not in the map. One query, for both engines.
 */
export async function papersWaiting(database: Database): Promise<Map<number, number>> {
  const rows = await database.db
    .selectFrom("case_papers as p")
    .innerJoin("cases as c", "c.id", "p.case_id")
    .select((eb) => ["p.case_id", eb.fn.countAll<number | string>().as("waiting")])
    .where("p.status", "=", "sent")
    .where("p.sent_by", "is", null)
    .where("p.deleted_at", "is", null)
    .where("c.closed_at", "is", null)
    .groupBy("p.case_id")
    .execute();
  return new Map(rows.map((row) => [Number(row.case_id), Number(row.waiting)]));
}

/**
 * The short e-mail a traveller gets when their case moves to a stage: in their words, the note (what else is
 * needed, and why) when there is one, never the link (it is not kept: they open their page with the link we sent).
 * Plain text and its HTML, every stored text escaped. Null when the case has no e-mail address.
 */
export function stageMail(
  record: Pick<CaseRecord, "id" | "name" | "email" | "service">,
  stage: CaseStage,
  note: string | null,
  agency: { name: string; phone: string; from: string },
  now: Date,
): MailMessage | null {
  const to = record.email?.trim() ?? "";
  if (!to.includes("@")) return null;
  const name = firstName(record.name) || "there";
  // One line each: a line break in a stored text never becomes another header of the mail.
  const service = travellerService(record.service).replace(/\s+/g, " ").trim() || "your visa";
  const lines = [
    `Hello ${name},`,
    `About your ${service}: ${stageSentences[stage]}`,
    ...(note ? [note] : []),
    stage === "closed"
      ? ""
      : "Open your page with the link we sent you to see where things stand" +
        (stage === "need-more" || stage === "papers-needed" ? " and to send your papers." : "."),
    `Questions? Call or WhatsApp us${agency.phone ? ` on ${agency.phone}` : ""}.`,
    agency.name,
  ].filter((line) => line !== "");
  const domain = /@([A-Za-z0-9.-]+)/.exec(agency.from)?.[1] ?? "localhost";
  return {
    messageId: `<case-${record.id}-${stage}-${now.getTime()}@${domain}>`,
    from: agency.from,
    to,
    subject: `Your ${service}: ${caseStageLabels[stage].toLowerCase()} - ${agency.name}`,
    text: lines.join("\n\n"),
    html: `<!doctype html><html><body>${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n")}</body></html>`,
  };
}

/**
 * The notification a traveller's phone shows when their case moves (issue 56), when they allowed it on their page:
 * the stage in their words, never the note (a locked screen is not private) nor the link (it is not kept: the phone
 * opens the page it subscribed from, server/case/client/alerts.ts).
 */
export function stageAlert(record: Pick<CaseRecord, "service">, stage: CaseStage) {
  const service = travellerService(record.service).replace(/\s+/g, " ").trim() || "visa";
  const sentence = stageSentences[stage];
  return {
    title: `Your ${service}: ${caseStageLabels[stage].toLowerCase()}`,
    body:
      stage === "need-more"
        ? "We need something else from you: open your page to see what."
        : sentence.charAt(0).toUpperCase() + sentence.slice(1),
    url: "/case/",
  };
}

/** A phone that is off gets the news when it comes back on, within a day. */
const travellerAlertKeptSeconds = 24 * 60 * 60;

/**
 * Tells each of the case's phones that asked (the push services answer within seconds; a gone phone is forgotten,
 * a failure kept on its row). Called after the stage is stored: an alert that fails never undoes the move, and the
 * e-mail goes anyway.
 */
export async function alertTraveller(
  cases: CaseStore,
  push: PushService,
  caseId: number,
  alert: { title: string; body: string; url: string },
): Promise<void> {
  if (!push.setting.on) return;
  for (const device of await cases.devices(caseId)) {
    const result = await push.sendNow(device, alert, travellerAlertKeptSeconds);
    await cases.deviceAnswered(device.id, {
      gone: result.kind === "gone",
      error: result.kind === "failed" ? result.reason : null,
    });
  }
}
