/** @jsxImportSource preact */
import type { CaseEvent, CaseRecord, PaperRecord, PassportRecord } from "../../data/cases/store";
import type { CaseKind, CaseStage } from "../../data/schema";
import type { AskedPaper } from "../../papers/checklist";
import { spaced } from "../../data/enquiries/phone";
import { oneLine, visible } from "../../text";
import { calendarDay } from "../../words";
import {
  caseKindLabels,
  caseStageLabels,
  caseStages,
  checklistRows,
  type ChecklistRow,
  longestStageNote,
} from "../cases";
import type { ReadyReply } from "../replies";
import { ago, dubaiDateTime } from "../time";
import { PostForm } from "./post-form";
import { ReadyTextList } from "./ready-texts";
import { CasePaymentsSection, type PaymentsView } from "./payments";

export type CasesShow = "waiting" | "open" | "closed";

export interface CaseRow {
  record: CaseRecord;
  waiting: number;
}

const showLabels: Record<CasesShow, string> = { waiting: "Papers to review", open: "Open", closed: "Closed" };

/** The Cases tab: the cases newest first, those with papers to review, the open ones, or the closed ones. */
export function CasesList({ rows, show, now }: { rows: readonly CaseRow[]; show: CasesShow; now: number }) {
  const counts: Record<CasesShow, number> = {
    waiting: rows.filter((row) => row.waiting > 0).length,
    open: rows.filter((row) => row.record.closedAt === null).length,
    closed: rows.filter((row) => row.record.closedAt !== null).length,
  };
  const shown = rows.filter((row) =>
    show === "waiting"
      ? row.waiting > 0
      : show === "open"
        ? row.record.closedAt === null
        : row.record.closedAt !== null,
  );
  return (
    <>
      <h1>Cases</h1>
      <p class="subtitle">Each traveller's papers and visa. Start a case from an enquiry.</p>
      <nav class="tabs" aria-label="Cases">
        {(["waiting", "open", "closed"] as const).map((name) => (
          <a key={name} href={`/office/cases?show=${name}`} aria-current={name === show ? "page" : undefined}>
            {showLabels[name]} <span class="count">{counts[name].toLocaleString("en")}</span>
          </a>
        ))}
      </nav>
      {shown.length === 0 ? (
        <p class="empty">
          {show === "waiting" ? "No papers waiting for a look." : `No ${showLabels[show].toLowerCase()} cases.`}
        </p>
      ) : (
        <ol class="rows">
          {shown.map(({ record, waiting }) => (
            <li key={record.id} class="row">
              <a href={`/office/cases/${record.id}`}>
                <span class="row-top">
                  <span class="name">{oneLine(record.name)}</span>{" "}
                  <span class="when">{ago(record.createdAt, now)}</span>
                </span>{" "}
                <span class="row-what">{oneLine(record.service)}</span>{" "}
                <span class="row-bottom">
                  {waiting > 0 ? (
                    <span class="case-waiting">
                      {waiting === 1 ? "1 paper to review" : `${waiting.toLocaleString("en")} papers to review`}
                    </span>
                  ) : (
                    <span />
                  )}{" "}
                  <CaseStagePill stage={record.stage} />
                </span>
              </a>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

export function CaseStagePill({ stage }: { stage: CaseStage }) {
  return (
    <span class={`stage case-stage case-stage-${stage}`} data-case-stage={stage}>
      {caseStageLabels[stage]}
    </span>
  );
}

export type CaseProblem =
  | { form: "stage"; message: string; stage: CaseStage; text: string }
  | { form: "passport"; message: string; errors: Record<string, string>; values: Record<string, string> }
  | { form: "review"; paper: string; message: string; text: string };

export interface CaseViewProps {
  record: CaseRecord;
  events: readonly CaseEvent[];
  papers: readonly PaperRecord[];
  asked: readonly AskedPaper[];
  /** The link just issued (shown only now), with the ready texts that send it. */
  issued?: { link: string; texts: readonly ReadyReply[] };
  /** Whether a change of stage is e-mailed to the traveller (mail set up, and the case has an address). */
  mails: boolean;
  keepDays: number;
  problem?: CaseProblem;
  now: number;
  /** The case's payments and the form that asks for one (issue 58). */
  payments?: PaymentsView;
  /** The passport the traveller confirmed (issue 57); "missing-key" when it cannot be opened here. */
  passport?: PassportRecord | "missing-key" | undefined;
  /** The passport reader's bundle, to read a passport photo that came another way; null without it. */
  reader?: string | null;
}

const paperHref = (caseId: number, paper: PaperRecord, as: "thumb" | "full" | "download") =>
  `/office/cases/${caseId}/papers/${paper.id}?as=${as}`;

const isImage = (paper: PaperRecord) => paper.type.startsWith("image/");

function size(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

const stateWords: Record<ChecklistRow["state"], string> = {
  accepted: "Accepted",
  waiting: "To review",
  returned: "Sent back",
  missing: "Not sent yet",
};

/** One case: the traveller, the link, the papers with the checklist, the visa, the stage and the timeline. */
export function CaseView({
  record,
  events,
  papers,
  asked,
  issued,
  mails,
  keepDays,
  problem,
  now,
  payments,
  passport,
  reader = null,
}: CaseViewProps) {
  const rows = checklistRows(asked, papers);
  const askedKeys = new Set(asked.map((item) => item.key));
  const others = papers.filter((paper) => paper.paperKey !== "visa" && !askedKeys.has(paper.paperKey)).reverse();
  const visas = papers.filter((paper) => paper.paperKey === "visa").reverse();
  const open = record.closedAt === null;
  const deleted = record.filesDeletedAt !== null;
  return (
    <>
      <p class="back">
        <a href="/office/cases">← Cases</a>
      </p>
      <h1>{oneLine(record.name)}</h1>
      <p class="subtitle">
        {oneLine(record.service)} · <CaseStagePill stage={record.stage} />
      </p>
      {record.stage === "need-more" && record.stageNote ? (
        <p class="card case-note">
          <strong>Asked for: </strong>
          {visible(record.stageNote)}
        </p>
      ) : null}

      <section aria-labelledby="link-heading" class="card case-link">
        <h2 id="link-heading">The traveller's link</h2>
        {issued ? (
          <div class="case-issued" data-case-link>
            <p>
              <strong>Send this link now: it is shown only this once.</strong> The office keeps only a fingerprint of
              it; any link sent before no longer works.
            </p>
            <input class="case-link-text" type="text" readOnly value={issued.link} aria-label="The link to send" />
            {issued.texts.length > 0 ? (
              <ReadyTextList texts={issued.texts} copy="link" className="case-link-texts" />
            ) : (
              <p class="quiet">Copy the link and send it to the traveller.</p>
            )}
          </div>
        ) : (
          <p class="quiet">
            {record.hasLink
              ? `A link was sent ${record.linkIssuedAt ? dubaiDateTime(record.linkIssuedAt) : ""}. It is not kept, so it cannot be shown again: send a new one if it was lost.`
              : record.linkIssuedAt
                ? "The link was stopped: the traveller's page does not open until a new link is sent."
                : "No link yet: send one so the traveller can send their papers and follow their visa."}
          </p>
        )}
        <div class="case-link-actions">
          <PostForm action={`/office/cases/${record.id}/link`}>
            <button type="submit">{record.hasLink ? "Send a new link" : "Send the link"}</button>
          </PostForm>
          {record.hasLink ? (
            <PostForm action={`/office/cases/${record.id}/link/stop`}>
              <button type="submit" class="danger">
                Stop the link
              </button>
            </PostForm>
          ) : null}
        </div>
        {record.hasLink ? (
          <p class="quiet">A new link stops the one sent before; Stop the link closes the traveller's page.</p>
        ) : null}
      </section>

      {payments ? <CasePaymentsSection view={payments} /> : null}

      <section aria-labelledby="papers-heading" class="card case-papers">
        <h2 id="papers-heading">Papers</h2>
        {deleted ? (
          <p class="quiet">
            The papers were deleted {dubaiDateTime(record.filesDeletedAt ?? "")}, {keepDays} days after the case closed.
          </p>
        ) : null}
        <ol class="checklist">
          {rows.map((row) => (
            <li key={row.asked.key} class={`checklist-item checklist-${row.state}`} data-paper-key={row.asked.key}>
              <p class="checklist-head">
                <span class="checklist-tick" aria-hidden="true">
                  {row.state === "accepted" ? "✓" : row.state === "waiting" ? "•" : ""}
                </span>
                <span class="checklist-title">
                  {row.asked.title}
                  {row.asked.optional ? <span class="quiet"> ({row.asked.when})</span> : null}
                </span>
                <span class={`paper-state paper-state-${row.state}`}>{stateWords[row.state]}</span>
              </p>
              {row.papers.map((paper) => (
                <Paper key={paper.id} caseId={record.id} paper={paper} problem={problem} />
              ))}
            </li>
          ))}
        </ol>
        {others.length > 0 ? (
          <>
            <h3>Other papers</h3>
            {others.map((paper) => (
              <Paper key={paper.id} caseId={record.id} paper={paper} problem={problem} />
            ))}
          </>
        ) : null}
        {open && !deleted ? (
          <details class="case-add">
            <summary>Add a paper that came another way</summary>
            <form class="paper-upload" data-paper-upload={`/office/cases/${record.id}/papers`}>
              <label htmlFor="add-key">Which paper</label>
              <select id="add-key" name="key">
                {asked.map((item) => (
                  <option key={item.key} value={item.key}>
                    {item.title}
                  </option>
                ))}
              </select>
              <label htmlFor="add-file">The file (a photo or a PDF)</label>
              <input
                id="add-file"
                type="file"
                name="file"
                accept="image/jpeg,image/png,image/webp,application/pdf"
                required
              />
              <button type="submit">Add the paper</button>
              <p class="status" role="status" data-upload-status></p>
            </form>
          </details>
        ) : null}
      </section>

      <PassportCard
        record={record}
        passport={passport}
        photos={papers.filter(
          (paper) => paper.paperKey === "passport-first" && isImage(paper) && paper.deletedAt === null,
        )}
        reader={open ? reader : null}
        problem={problem?.form === "passport" ? problem : null}
      />

      <section aria-labelledby="visa-heading" class="card case-visa">
        <h2 id="visa-heading">The visa</h2>
        {visas.length > 0 ? (
          visas.map((paper) => <Paper key={paper.id} caseId={record.id} paper={paper} review={false} />)
        ) : (
          <p class="quiet">No visa yet.</p>
        )}
        <p class="quiet">The traveller can download the visa from their page once the stage is Visa ready.</p>
        {open && !deleted ? (
          <form class="paper-upload" data-paper-upload={`/office/cases/${record.id}/papers`}>
            <input type="hidden" name="key" value="visa" />
            <label htmlFor="visa-file">The visa (PDF)</label>
            <input id="visa-file" type="file" name="file" accept="application/pdf" required />
            <button type="submit">Upload the visa</button>
            <p class="status" role="status" data-upload-status></p>
          </form>
        ) : null}
      </section>

      <section aria-labelledby="case-stage-heading" class="card">
        <h2 id="case-stage-heading">Stage</h2>
        <p class="quiet">
          {mails
            ? "The traveller is told by e-mail when the stage changes, and sees it on their page."
            : record.email
              ? "The traveller sees the stage on their page (mail is not set up, so no e-mail is sent)."
              : "The traveller sees the stage on their page (no e-mail address: tell them yourself)."}
        </p>
        <PostForm action={`/office/cases/${record.id}/stage`} class="stage-buttons">
          {caseStages
            .filter((stage) => stage !== record.stage && stage !== "need-more")
            .map((stage) => (
              <button key={stage} type="submit" name="stage" value={stage} data-case-move={stage}>
                {caseStageLabels[stage]}
              </button>
            ))}
        </PostForm>
        <PostForm action={`/office/cases/${record.id}/stage`} class="case-need-more">
          <input type="hidden" name="stage" value="need-more" />
          <label htmlFor="need-more-note">We need something else: what, and why (the traveller reads this)</label>
          <textarea
            id="need-more-note"
            name="note"
            rows={2}
            maxLength={longestStageNote}
            aria-invalid={problem?.form === "stage" ? "true" : undefined}
            aria-describedby={problem?.form === "stage" ? "need-more-problem" : undefined}
          >
            {problem?.form === "stage" ? problem.text : ""}
          </textarea>
          {problem?.form === "stage" ? (
            <p id="need-more-problem" class="error" role="alert">
              {problem.message}
            </p>
          ) : null}
          <button type="submit">Ask for it</button>
        </PostForm>
      </section>

      <section aria-labelledby="traveller-heading" class="card">
        <h2 id="traveller-heading">Traveller</h2>
        <dl class="details">
          <Detail name="Phone">{record.phone ? spaced(record.phone) : <span class="quiet">None</span>}</Detail>
          <Detail name="E-mail">{record.email ? oneLine(record.email) : <span class="quiet">None</span>}</Detail>
          <Detail name="Service">{oneLine(record.service)}</Detail>
          <Detail name="Papers asked for">{caseKindLabels[record.kind]}</Detail>
          {record.travelDate ? <Detail name="Travel date">{oneLine(calendarDay(record.travelDate))}</Detail> : null}
          <Detail name="Started">{dubaiDateTime(record.createdAt)}</Detail>
          <Detail name="Enquiry">
            {record.enquiryId !== null ? (
              <a href={`/office/enquiries/${record.enquiryId}`}>Enquiry {record.enquiryId}</a>
            ) : (
              <span class="quiet">None</span>
            )}
          </Detail>
          <Detail name="Case">{record.id}</Detail>
        </dl>
        <p class="quiet">
          Papers are deleted {keepDays} days after the case is closed; the case and its timeline stay.
        </p>
      </section>

      <section aria-labelledby="case-timeline-heading" class="card">
        <h2 id="case-timeline-heading">Timeline</h2>
        <ol class="timeline">
          {[...events].reverse().map((event) => (
            <li key={event.id}>
              <p class="timeline-what">{describe(event, papers)}</p>
              {eventNote(event) ? <p class="message">{visible(eventNote(event) ?? "")}</p> : null}
              <p class="quiet">
                {event.who !== null ? oneLine(event.who) : "The traveller or the server"} · {dubaiDateTime(event.at)}
                {now - Date.parse(event.at) < 3_600_000 ? ` (${ago(event.at, now)})` : null}
              </p>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}

const passportHow: Record<PassportRecord["how"], string> = {
  read: "Read from the passport's photo on the traveller's phone, every check digit passed, and confirmed by them",
  corrected: "Read on the traveller's phone, then corrected by them: check the corrected fields against the photo",
  typed: "Typed by the traveller (the photo could not be read): check every field against the photo",
  "office-read": "Read in the office from the passport's photo, every check digit passed",
  "office-typed": "Typed in the office from the passport's photo: check every field against it",
};

const passportProblemWords: Record<string, string> = {
  "expires-soon": "Expires less than 6 months after the travel date (or today): the UAE needs 6 months",
  expired: "Expired",
  "name-differs": "The name on the enquiry is written otherwise than on the passport: the visa uses the passport's",
};

const officePassportFields: { name: string; label: string; type?: "date" }[] = [
  { name: "surname", label: "Surname" },
  { name: "givenNames", label: "Given names" },
  { name: "documentNumber", label: "Passport number" },
  { name: "nationality", label: "Nationality (3 letters)" },
  { name: "birthDate", label: "Date of birth", type: "date" },
  { name: "expiryDate", label: "Expiry date", type: "date" },
  { name: "sex", label: "Sex (F, M or X)" },
];

/**
 * The passport read in the office from its photo (one that came another way, or the traveller's): the office's script
 * reads it with the traveller's reader (the office's own page, server/office/client/passport.ts) and fills the
 * fields; they are saved as the traveller's would be (server/papers/passport/confirm.ts), or typed from the photo.
 */
function OfficePassportRead({
  caseId,
  photos,
  reader,
  problem,
}: {
  caseId: number;
  photos: readonly PaperRecord[];
  reader: string;
  problem: Extract<CaseProblem, { form: "passport" }> | null;
}) {
  const value = (name: string) => problem?.values[name] ?? "";
  return (
    <details class="office-passport" open={problem !== null} data-office-passport data-reader={reader}>
      <summary>Read or type the passport's details from its photo</summary>
      {photos.map((photo) => (
        <p>
          <button
            type="button"
            class="button secondary"
            data-read-photo={paperHref(caseId, photo, "full")}
            data-paper={photo.id}
          >
            Read {photo.name}
          </button>
        </p>
      ))}
      <p class="quiet passport-read-status" role="status" aria-live="polite">
        {problem ? problem.message : photos.length === 0 ? "No passport photo yet: the details can be typed." : ""}
      </p>
      <PostForm action={`/office/cases/${caseId}/passport`} class="stack">
        {officePassportFields.map((field) => (
          <div class="field">
            <label htmlFor={`office-passport-${field.name}`}>{field.label}</label>
            {field.type === "date" ? (
              <input
                id={`office-passport-${field.name}`}
                name={field.name}
                type="date"
                value={value(field.name)}
                autocomplete="off"
                aria-invalid={problem?.errors[field.name] ? "true" : undefined}
              />
            ) : (
              <input
                id={`office-passport-${field.name}`}
                name={field.name}
                type="text"
                value={value(field.name)}
                autocomplete="off"
                aria-invalid={problem?.errors[field.name] ? "true" : undefined}
              />
            )}
            {problem?.errors[field.name] ? <p class="problem">{problem.errors[field.name]}</p> : null}
          </div>
        ))}
        <input type="hidden" name="issuingState" value={value("issuingState")} />
        <input type="hidden" name="lines" value={value("lines")} />
        <input type="hidden" name="paper" value={value("paper")} />
        <button type="submit" class="button">
          Save the passport's details
        </button>
      </PostForm>
    </details>
  );
}

/** The passport as the traveller confirmed it (issue 57), beside its photo under Papers. */
function PassportCard({
  record,
  passport,
  photos,
  reader,
  problem,
}: {
  record: CaseRecord;
  passport: PassportRecord | "missing-key" | undefined;
  photos: readonly PaperRecord[];
  reader: string | null;
  problem: Extract<CaseProblem, { form: "passport" }> | null;
}) {
  return (
    <section aria-labelledby="passport-heading" class="card case-passport">
      <h2 id="passport-heading">Passport details</h2>
      {passport === undefined ? (
        <p class="quiet">No passport details yet: the traveller confirms them on their page.</p>
      ) : passport === "missing-key" ? (
        <p class="problem">The passport's details are sealed under a documents key this server does not have.</p>
      ) : (
        <>
          <p class="quiet">
            {passportHow[passport.how]} · {dubaiDateTime(passport.at)}
          </p>
          {passport.problems.length > 0 ? (
            <ul class="passport-problems">
              {passport.problems.map((code) => (
                <li>{passportProblemWords[code] ?? code}</li>
              ))}
            </ul>
          ) : null}
          <dl class="details">
            <Detail name="On the passport">
              {[passport.fields.givenNames, passport.fields.surname].filter(Boolean).join(" ")}
            </Detail>
            <Detail name="On the enquiry">{oneLine(record.name)}</Detail>
            <Detail name="Passport number">{passport.fields.documentNumber}</Detail>
            <Detail name="Nationality">{passport.fields.nationality}</Detail>
            <Detail name="Date of birth">{passport.fields.birthDate}</Detail>
            <Detail name="Sex">{passport.fields.sex || "–"}</Detail>
            <Detail name="Expires">{passport.fields.expiryDate}</Detail>
          </dl>
        </>
      )}
      {reader ? <OfficePassportRead caseId={record.id} photos={photos} reader={reader} problem={problem} /> : null}
    </section>
  );
}

function Detail({ name, children }: { name: string; children: preact.ComponentChildren }) {
  return (
    <div class="field">
      <dt>{name}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** One paper: a thumbnail of an image (a PDF's name), its full view and download, and Accept or Send back. */
function Paper({
  caseId,
  paper,
  review = true,
  problem,
}: {
  caseId: number;
  paper: PaperRecord;
  review?: boolean;
  problem?: CaseProblem;
}) {
  const gone = paper.deletedAt !== null;
  const mine = problem?.form === "review" && problem.paper === paper.id ? problem : null;
  return (
    <div class={`paper paper-${paper.status}`} data-paper={paper.id}>
      {gone ? (
        <span class="paper-thumb paper-pdf">Deleted</span>
      ) : isImage(paper) ? (
        <a class="paper-thumb" href={paperHref(caseId, paper, "full")} target="_blank" rel="noopener">
          <img
            src={paperHref(caseId, paper, "thumb")}
            alt={`${oneLine(paper.name)}`}
            loading="lazy"
            width={96}
            height={96}
          />
        </a>
      ) : (
        <span class="paper-thumb paper-pdf" aria-hidden="true">
          PDF
        </span>
      )}
      <div class="paper-about">
        <p class="paper-name">{oneLine(paper.name)}</p>
        <p class="quiet">
          {size(paper.size)} · {paper.byOffice ? "added in the office" : "sent"} {dubaiDateTime(paper.sentAt)}
        </p>
        {review && paper.status !== "sent" ? (
          <p class={`paper-verdict paper-verdict-${paper.status}`}>
            {paper.status === "accepted" ? "Accepted" : "Sent back"}
            {paper.status === "returned" && paper.reason ? `: ${oneLine(paper.reason)}` : null}
          </p>
        ) : null}
        {gone ? null : (
          <p class="paper-links">
            {isImage(paper) ? (
              <a href={paperHref(caseId, paper, "full")} target="_blank" rel="noopener">
                View
              </a>
            ) : null}
            <a href={paperHref(caseId, paper, "download")}>Download</a>
          </p>
        )}
        {review && !gone && !paper.byOffice ? (
          <div class="paper-review">
            {paper.status !== "accepted" ? (
              <PostForm action={`/office/cases/${caseId}/papers/${paper.id}/review`}>
                <input type="hidden" name="verdict" value="accept" />
                <button type="submit">Accept</button>
              </PostForm>
            ) : null}
            <details open={mine !== null}>
              <summary>Send back</summary>
              <PostForm action={`/office/cases/${caseId}/papers/${paper.id}/review`}>
                <input type="hidden" name="verdict" value="return" />
                <label htmlFor={`reason-${paper.id}`}>Why (the traveller reads this)</label>
                <input
                  id={`reason-${paper.id}`}
                  name="reason"
                  maxLength={300}
                  value={mine?.text ?? ""}
                  aria-invalid={mine ? "true" : undefined}
                />
                {mine ? (
                  <p class="error" role="alert">
                    {mine.message}
                  </p>
                ) : null}
                <button type="submit">Send back</button>
              </PostForm>
            </details>
          </div>
        ) : null}
      </div>
    </div>
  );
}

const kindWords: Record<string, string> = {
  started: "Started the case",
  link: "Sent a new link",
  "link-revoked": "Stopped the link",
  "paper-sent": "Paper sent",
  "paper-accepted": "Accepted a paper",
  "paper-returned": "Sent a paper back",
  "paper-viewed": "Viewed a paper",
  "paper-downloaded": "Downloaded a paper",
  "paper-glimpsed": "Saw a paper's thumbnail",
  "twin-detached": "Started twice for one enquiry: this one no longer tied to it",
  passport: "Passport details confirmed",
  "passport-seen": "Saw the passport's details",
  "files-deleted": "The papers were deleted",
  "payment-requested": "Asked for a payment",
  "payment-paid": "The payment was paid",
  "payment-mismatch": "A payment's amount differed: not marked paid",
  "payment-refunded": "Recorded a refund",
  "payment-cancelled": "Cancelled a payment",
};

function detailOf(event: CaseEvent): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(event.detail);
    return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function describe(event: CaseEvent, papers: readonly PaperRecord[]): string {
  const detail = detailOf(event);
  if (event.kind === "stage") {
    const stage = detail.stage as CaseStage | undefined;
    return `Stage: ${stage && stage in caseStageLabels ? caseStageLabels[stage] : "changed"}`;
  }
  const words = kindWords[event.kind] ?? event.kind;
  const paper = typeof detail.paper === "string" ? papers.find((each) => each.id === detail.paper) : undefined;
  return paper ? `${words}: ${oneLine(paper.name)}` : words;
}

function eventNote(event: CaseEvent): string | null {
  const detail = detailOf(event);
  if (event.kind === "stage" && typeof detail.note === "string" && detail.note) return detail.note;
  if (event.kind === "paper-returned" && typeof detail.reason === "string" && detail.reason) return detail.reason;
  return null;
}

/** The enquiry's cases, and a "Start a case" button when none is open (a closed one may be followed by another). */
export function EnquiryCases({
  enquiryId,
  cases,
  kind,
}: {
  enquiryId: number;
  cases: readonly Pick<CaseRecord, "id" | "stage" | "closedAt" | "createdAt">[];
  kind: CaseKind;
}) {
  const open = cases.some((each) => each.closedAt === null);
  return (
    <section aria-labelledby="cases-heading" class="card enquiry-cases">
      <h2 id="cases-heading">Case</h2>
      {cases.length > 0 ? (
        <ul class="case-links">
          {cases.map((each) => (
            <li key={each.id}>
              <a href={`/office/cases/${each.id}`}>Case {each.id}</a>, started {dubaiDateTime(each.createdAt)} ·{" "}
              <CaseStagePill stage={each.stage} />
            </li>
          ))}
        </ul>
      ) : (
        <p class="quiet">
          A case gives the traveller their own page for their papers and their visa, from a private link.
        </p>
      )}
      {open ? null : (
        <PostForm action={`/office/enquiries/${enquiryId}/case`} class="start-case">
          <label htmlFor="case-kind">Papers to ask for</label>
          <div class="inline">
            <select id="case-kind" name="kind">
              {(Object.keys(caseKindLabels) as CaseKind[]).map((each) => (
                <option key={each} value={each} selected={each === kind}>
                  {caseKindLabels[each]}
                </option>
              ))}
            </select>
            <button type="submit">Start a case</button>
          </div>
        </PostForm>
      )}
    </section>
  );
}
