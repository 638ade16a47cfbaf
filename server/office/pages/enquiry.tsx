/** @jsxImportSource preact */
import { PostForm } from "./post-form";
import type { ComponentChildren } from "preact";
import type { ReadyReply, replyLinks } from "../replies";
import { enquiryFieldList, type EnquiryFieldName, type FieldShown } from "../../../app/lib/forms/enquiry-fields";
import { serviceName } from "../../../app/lib/forms/visa-service";
import { sourceLabel } from "../../../app/lib/statistics/source";
import { spamReasonInWords } from "../../data/enquiries/held-reasons";
import { oneLine, visible } from "../../text";
import { countryOf, spaced } from "../../data/enquiries/phone";
import { calendarDay } from "../../words";
import { titleOfPage } from "../../page-titles";
import { dubaiDateTime } from "../time";
import type { EnquiryDetail } from "../work";
import type { LinkedEnquiry, NextStep } from "../next-steps";
import { NextStepCard } from "./next-step";
import { LinkedEnquiries } from "./linked";
import { Confirm } from "./confirm";
import { cameByLabels, deliveryLabel, stageLabels } from "./labels";
import { ReadyTexts } from "./ready-texts";
import { Timeline } from "./timeline";
import { EmailForm, PhoneForm } from "./corrections";
import { EnquiryCases } from "./cases";
import type { CaseRecord } from "../../data/cases/store";
import type { CaseKind } from "../../data/schema";

export const longestNote = 5000;
export const longestReason = 300;

export interface EnquiryProps {
  enquiry: EnquiryDetail;
  /** Its next step, the enquiries with its phone number or e-mail address (issue 37), and the moment the page is made; none: neither. */
  steps?: { step: NextStep | null; linked: LinkedEnquiry[]; now: number };
  replies: ReturnType<typeof replyLinks>;
  /** The agency's ready texts, filled in for this visitor (issue 37); none when not given. */
  ready?: readonly ReadyReply[];
  /** Why the ready texts leave out the price and documents (issue 59, item 1), for staff; null when they do not. */
  readyNote?: string | null;
  /** Whether this server mails enquiries to the agency (SMTP_HOST set). */
  mailOn: boolean;
  /** A form sent back with a problem: its message, and what was typed, kept. */
  problem?: EnquiryProblem;
  /** For an owner: whether their passkey check is fresh (deleting held spam needs it). Absent for staff. */
  owner?: { fresh: boolean };
  /** Its travellers' cases (issue 56), and the kind a new one starts as; none: not shown. */
  cases?: { list: readonly CaseRecord[]; kind: CaseKind };
}

export type EnquiryProblem =
  | { form: "note" | "lost" | "phone" | "email"; message: string; text: string }
  | { form: "next-step"; message: string; text: string; when: string };

function Field({ name, wide = false, children }: { name: string; wide?: boolean; children: ComponentChildren }) {
  return (
    <div class={wide ? "field field-wide" : "field"}>
      <dt>{name}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The fields the page shows apart from its details, and where. */
const shownApart = {
  name: "the heading",
  message: "its own card, first",
  phone: "first in the details, with its correction",
  email: "second in the details, with its correction",
} satisfies Partial<Record<EnquiryFieldName, string>>;

/**
 * How the details show each kind of field (app/lib/forms/enquiry-fields.ts), each the rest of the fields that has a
 * value, in their order; null where it is not shown on its own.
 */
const inDetails = {
  line: (value) => oneLine(value),
  address: (value) => oneLine(value),
  text: (value) => visible(value),
  day: (value) => oneLine(calendarDay(value)),
  service: (value, enquiry) => oneLine(serviceName(value, enquiry.visaLabel)),
  "with-service": () => null,
} satisfies Record<FieldShown, (value: string, enquiry: EnquiryDetail) => string | null>;

/** The page an enquiry was sent from, by its title, with its address beside it (issue 35, item 8). */
export function sentFrom(page: string | null, kind: EnquiryDetail["kind"]): { title: string; path: string | null } {
  if (page === null) return { title: kind === "contact" ? "The Contact page" : "Not known", path: null };
  const title = titleOfPage(page);
  return title === null ? { title: oneLine(page), path: null } : { title, path: page };
}

/**
 * One enquiry: the three replies first, then the visitor's message (on a phone, both in the first screen: issue 35,
 * item 8), then what needs a look (the number, spam, the mail), its stage, every field, its delivery, notes and
 * timeline. Every stored text is shown with its control characters and bidirectional overrides made visible
 * (server/text.ts): oneLine for a field, visible for the message and a note, which keep their line breaks.
 */
export function Enquiry({
  enquiry,
  steps,
  replies,
  ready = [],
  readyNote = null,
  mailOn,
  problem,
  owner,
  cases,
}: EnquiryProps) {
  const moves = (["contacted", "awaiting", "won"] as const).filter((stage) => stage !== enquiry.stage);
  const from = sentFrom(enquiry.page, enquiry.kind);
  // Held as spam (issue 59, item 3): its header says so, not its stage, and the page offers only what applies to
  // it: letting it through, deleting it (an owner), a note. Replies, ready texts, its next step, status and
  // corrections come with Not spam.
  const held = enquiry.delivery === "held";
  return (
    <>
      <p class="back">
        <a href="/office">← Inbox</a>
      </p>
      <h1>{oneLine(enquiry.name)}</h1>
      <p class="subtitle">
        {oneLine(enquiry.service)} ·{" "}
        {held ? (
          <span class="stage stage-held">Held as spam</span>
        ) : (
          <span class={`stage stage-${enquiry.stage}`} data-stage={enquiry.stage}>
            {stageLabels[enquiry.stage]}
          </span>
        )}
        {!held && enquiry.stage === "lost" && enquiry.lostReason ? <span>: {oneLine(enquiry.lostReason)}</span> : null}
      </p>
      {held ? (
        <HeldCard enquiry={enquiry} mailOn={mailOn} owner={owner} />
      ) : (
        <Replies enquiry={enquiry} replies={replies} ready={ready} note={readyNote} />
      )}

      <section aria-labelledby="message-heading" class="card visitor-message">
        <h2 id="message-heading" class="label-heading">
          Message{enquiry.subject ? <span>: {oneLine(enquiry.subject)}</span> : null}
        </h2>
        <p class="message">{visible(enquiry.message) || "(none)"}</p>
      </section>

      <LinkedEnquiries enquiry={enquiry} linked={steps?.linked ?? []} />

      {enquiry.phoneFlag && !held ? (
        <section aria-labelledby="phone-heading" class="card flagged">
          <h2 id="phone-heading">Check the phone number</h2>
          <p>
            {enquiry.phoneFlag.flag === "foreign-mobile"
              ? `“${oneLine(enquiry.phone)}” looks like a mobile number of another country, typed without its country code`
              : `“${oneLine(enquiry.phone)}” is not a phone number in any country`}
            {enquiry.phoneFlag.candidates.length > 0
              ? `: perhaps ${enquiry.phoneFlag.candidates
                  .slice(0, 3)
                  .map((number) => `${spaced(number)} (${countryOf(number) ?? "?"})`)
                  .join(", or ")}.`
              : "."}{" "}
            Call and WhatsApp wait until the number is corrected; what the visitor typed is kept.
          </p>
          <PhoneForm enquiry={enquiry} problem={problem} />
        </section>
      ) : null}
      {enquiry.delivery === "rejected" ? (
        <section aria-labelledby="rejected-heading" class="card held">
          <h2 id="rejected-heading">The mail server refused it</h2>
          <p>{enquiry.lastError ? oneLine(enquiry.lastError) : "It was refused several times."}</p>
          <PostForm action={`/office/enquiries/${enquiry.id}/resend`}>
            <button type="submit">Resend</button>
          </PostForm>
        </section>
      ) : null}

      {held ? null : (
        <>
          <NextStepCard
            id={enquiry.id}
            step={steps?.step ?? null}
            now={steps?.now ?? 0}
            problem={
              problem?.form === "next-step"
                ? { message: problem.message, note: problem.text, when: problem.when }
                : undefined
            }
          />

          <section aria-labelledby="stage-heading" class="card">
            <h2 id="stage-heading">Status</h2>
            <PostForm action={`/office/enquiries/${enquiry.id}/stage`} class="stage-buttons">
              {moves.map((stage) => (
                <button key={stage} type="submit" name="stage" value={stage} data-move={stage}>
                  {stageLabels[stage]}
                </button>
              ))}
            </PostForm>
            <PostForm action={`/office/enquiries/${enquiry.id}/stage`} class="lost">
              <input type="hidden" name="stage" value="lost" />
              <label htmlFor="lost-reason">Lost, because</label>
              <div class="inline">
                <input
                  id="lost-reason"
                  name="reason"
                  maxLength={longestReason}
                  value={problem?.form === "lost" ? problem.text : ""}
                  aria-invalid={problem?.form === "lost" ? "true" : undefined}
                  aria-describedby={problem?.form === "lost" ? "lost-problem" : undefined}
                />
                <button type="submit">Mark lost</button>
              </div>
              {problem?.form === "lost" ? (
                <p id="lost-problem" class="error" role="alert">
                  {problem.message}
                </p>
              ) : null}
            </PostForm>
            <PostForm action={`/office/enquiries/${enquiry.id}/spam`} class="mark-spam">
              <button type="submit" class="danger">
                Mark as spam
              </button>
            </PostForm>
          </section>
          {cases ? <EnquiryCases enquiryId={enquiry.id} cases={cases.list} kind={cases.kind} /> : null}
        </>
      )}

      <section aria-labelledby="details-heading" class="card">
        <h2 id="details-heading">Details</h2>
        <dl class="details">
          <Field name="Phone">
            {oneLine(enquiry.phone)}
            {enquiry.phoneInternational && enquiry.phoneInternational !== enquiry.phone.replace(/\s/g, "") ? (
              <span class="quiet"> · {spaced(enquiry.phoneInternational)}</span>
            ) : null}
            {enquiry.phoneFlag || held ? null : (
              <details class="correct-phone" open={problem?.form === "phone"}>
                <summary>Correct the number</summary>
                <PhoneForm enquiry={enquiry} problem={problem} />
              </details>
            )}
          </Field>
          <Field name="E-mail">
            {oneLine(enquiry.email) || <span class="quiet">None</span>}
            {held ? null : (
              <details class="correct-email" open={problem?.form === "email"}>
                <summary>{enquiry.email ? "Correct the address" : "Add an address"}</summary>
                <EmailForm enquiry={enquiry} problem={problem} />
              </details>
            )}
          </Field>
          {enquiryFieldList.map(({ name, label, officeLabel, shown }) => {
            const value = enquiry[name];
            const text = value && !(name in shownApart) ? inDetails[shown](value, enquiry) : null;
            return text === null ? null : (
              <Field key={name} name={officeLabel ?? label}>
                {text}
              </Field>
            );
          })}
          <Field name="Received">{dubaiDateTime(enquiry.receivedAt)}</Field>
          {enquiry.cameBy ? (
            <Field name="How it came">{cameByLabels[enquiry.cameBy]}, added in the office</Field>
          ) : (
            <>
              <Field name="Sent from">
                {from.title}
                {from.path ? <span class="quiet path"> · {from.path}</span> : null}
              </Field>
              <Field name="Came from">{oneLine(cameFrom(enquiry))}</Field>
            </>
          )}
          <Field name="Mail to the agency">
            {deliveryLabel(enquiry.delivery, mailOn)}
            {enquiry.delivery === "sent" && enquiry.sentAt ? `, ${dubaiDateTime(enquiry.sentAt)}` : null}
            {enquiry.delivery === "pending" && mailOn && enquiry.lastError
              ? ` (last try: ${oneLine(enquiry.lastError)})`
              : null}
          </Field>
          <Field name="Number">{enquiry.id}</Field>
        </dl>
      </section>

      <section aria-labelledby="notes-heading" class="card">
        <h2 id="notes-heading">Notes and timeline</h2>
        <PostForm action={`/office/enquiries/${enquiry.id}/notes`}>
          <label htmlFor="note">Add a note</label>
          <textarea
            id="note"
            name="note"
            rows={3}
            maxLength={longestNote}
            aria-invalid={problem?.form === "note" ? "true" : undefined}
            aria-describedby={problem?.form === "note" ? "note-problem" : undefined}
          >
            {problem?.form === "note" ? problem.text : ""}
          </textarea>
          {problem?.form === "note" ? (
            <p id="note-problem" class="error" role="alert">
              {problem.message}
            </p>
          ) : null}
          <button type="submit">Add note</button>
        </PostForm>
        <Timeline enquiry={enquiry} />
      </section>
    </>
  );
}

/** The three replies, the ready texts, and the line that says a tap was put on the timeline. */
function Replies({
  enquiry,
  replies,
  ready,
  note,
}: {
  enquiry: EnquiryDetail;
  replies: EnquiryProps["replies"];
  ready: readonly ReadyReply[];
  /** Why the ready texts leave out the price and documents (issue 59, item 1). */
  note: string | null;
}) {
  return (
    <>
      <div class="replies" data-enquiry={enquiry.id}>
        {replies.call ? (
          <a class="reply reply-call" href={replies.call} data-reply="call">
            Call
          </a>
        ) : null}
        {replies.whatsapp ? (
          <a
            class="reply reply-whatsapp"
            href={replies.whatsapp}
            data-reply="whatsapp"
            target="_blank"
            rel="noopener noreferrer"
          >
            WhatsApp
          </a>
        ) : null}
        {replies.email ? (
          <a class="reply reply-email" href={replies.email} data-reply="email">
            E-mail
          </a>
        ) : null}
      </div>
      <ReadyTexts ready={ready} note={note} />
      <p class="status reply-status" role="status" data-reply-status></p>
    </>
  );
}

/** Held as spam: why, whether it was mailed, Not spam, and for an owner, Delete. */
function HeldCard({ enquiry, mailOn, owner }: Pick<EnquiryProps, "enquiry" | "mailOn" | "owner">) {
  return (
    <section aria-labelledby="held-heading" class="card held">
      <h2 id="held-heading">Held as spam</h2>
      <p>
        {enquiry.heldReason ? `Why: ${oneLine(spamReasonInWords(enquiry.heldReason))}.` : "Held by the spam checks."}{" "}
        {enquiry.sentAt ? "It had been mailed before." : "It was not mailed."}
      </p>
      <PostForm action={`/office/enquiries/${enquiry.id}/not-spam`}>
        <button type="submit">
          {enquiry.sentAt || enquiry.cameBy
            ? "Not spam: move it back to the inbox"
            : mailOn
              ? "Not spam: move to the inbox and mail it"
              : "Not spam: move to the inbox"}
        </button>
      </PostForm>
      {owner ? (
        <Confirm fresh={owner.fresh} inCard>
          <PostForm action="/office/spam/delete" class="delete-spam">
            <input type="hidden" name="which" value={String(enquiry.id)} />
            <label class="sure">
              <input type="checkbox" name="sure" value="yes" required />{" "}
              <span>Yes, delete it now: it cannot be brought back</span>
            </label>
            <button type="submit" class="danger">
              Delete this spam now
            </button>
          </PostForm>
        </Confirm>
      ) : null}
    </section>
  );
}

/** "Facebook, on a phone": where the visit that sent it came from, as the statistics name it. */
function cameFrom({ source, device }: { source: string | null; device: string | null }): string {
  const where = source === null ? "Not known" : sourceLabel(source);
  return device ? `${where}, on ${deviceLabels[device] ?? device}` : where;
}

const deviceLabels: Record<string, string> = { phone: "a phone", tablet: "a tablet", desktop: "a computer" };
