/** @jsxImportSource preact */
/**
 * The traveller's own page (issue 56), rendered on the server: what the agency needs from them, each paper's state
 * with its upload, where their visa stands with the date of each step, the visa to download once it is ready, and
 * the agency's phone and WhatsApp on every screen. Their words, not the office's. No account, no password: the link
 * is the key, so the page sends no Referer and is never kept by the browser or indexed.
 */
import type { PassportShown } from "../papers/passport/confirm";
import type { ComponentChildren, VNode } from "preact";
import { whatsappHref } from "../../app/lib/links";
import type { CaseEvent, CaseRecord, PaperRecord } from "../data/cases/store";
import type { CaseStage } from "../data/schema";
import type { ChecklistPaper as AskedPaper } from "../papers/checklist";

export type { AskedPaper };

export interface Agency {
  name: string;
  phone: { display: string; href: string };
  whatsappDigits: string;
  email: string;
}

export interface CaseAssets {
  css: string;
  js: string;
}

/** The steps as the traveller reads them, in order; "we need something else" and "closed" are shown apart. */
export const stageSteps: readonly { stage: CaseStage; label: string }[] = [
  { stage: "papers-needed", label: "Papers needed" },
  { stage: "papers-complete", label: "Papers complete" },
  { stage: "applied", label: "Applied" },
  { stage: "approved", label: "Approved" },
  { stage: "visa-ready", label: "Visa ready" },
];

const dateFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Asia/Dubai",
});
const shortDate = (iso: string) => dateFormat.format(new Date(iso));

export function Shell({
  title,
  agency,
  assets,
  children,
}: {
  title: string;
  agency: Agency;
  assets: CaseAssets | null;
  children: ComponentChildren;
}) {
  const greeting = `Hello ${agency.name}, I have a question about my visa.`;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <meta name="referrer" content="no-referrer" />
        <title>{`${title} · ${agency.name}`}</title>
        <link rel="icon" href="data:," />
        <meta name="theme-color" content="#0b3a53" />
        {assets ? <link rel="stylesheet" href={assets.css} /> : null}
        {assets ? <script type="module" src={assets.js} /> : null}
      </head>
      <body>
        <header class="case-bar">
          <span class="case-agency">{agency.name}</span>
        </header>
        <main id="main" class="case-main">
          {children}
        </main>
        <footer class="case-contact" aria-label="Contact the agency">
          <a class="contact-button" href={agency.phone.href}>
            Call {agency.phone.display}
          </a>
          <a class="contact-button whatsapp" href={whatsappHref(agency.whatsappDigits, greeting)} rel="noreferrer">
            WhatsApp
          </a>
        </footer>
      </body>
    </html>
  );
}

/** Any link that opens no case: the same page for every one (nothing tells which existed). */
export function WrongLinkPage({
  agency,
  assets,
  stopped,
}: {
  agency: Agency;
  assets: CaseAssets | null;
  stopped: boolean;
}) {
  return (
    <Shell title="This link does not work" agency={agency} assets={assets}>
      <h1>This link does not work</h1>
      <p>
        {stopped
          ? "Too many links that do not work were opened from this connection. Please wait a few minutes, or call us."
          : "It may be mistyped, replaced by a newer link, or over: a link works until 30 days after your visa is done."}
      </p>
      <p>
        Call or WhatsApp us at <a href={agency.phone.href}>{agency.phone.display}</a> and we will send you your link
        again.
      </p>
    </Shell>
  );
}

/** The page of any link while the case's records are out of reach for a moment (a database restarting, say). */
export function CannotOpenPage({ agency, assets }: { agency: Agency; assets: CaseAssets | null }) {
  return (
    <Shell title="Your page cannot open just now" agency={agency} assets={assets}>
      <h1>Your page cannot open just now</h1>
      <p>Our records are out of reach for a moment. Please try again in a minute: your link is fine.</p>
      <p>
        Call or WhatsApp us at <a href={agency.phone.href}>{agency.phone.display}</a> if you need us now.
      </p>
    </Shell>
  );
}

/**
 * "Tell me on this phone": the page's script (client/alerts.ts) shows it where the browser can take Web Push, asks
 * for the permission only when tapped, and says what became of it.
 */
function AlertsOffer({ alertsKey }: { alertsKey: string }) {
  return (
    <section class="case-card case-alerts" data-alerts-key={alertsKey} hidden aria-labelledby="alerts">
      <h2 id="alerts">Tell me on this phone when my visa moves</h2>
      <p class="muted">A notification when your visa is applied for, approved and ready. We e-mail you as well.</p>
      <button type="button" class="alerts-button" data-alerts="on">
        Turn on notifications
      </button>
      <button type="button" class="alerts-button secondary" data-alerts="off" hidden>
        Turn off notifications
      </button>
      <p class="alerts-status" role="status" aria-live="polite"></p>
    </section>
  );
}

function StageTrack({ record, events }: { record: CaseRecord; events: CaseEvent[] }) {
  // The date each step was reached: its last move there on the timeline (the start is "papers needed").
  const reached = new Map<CaseStage, string>([["papers-needed", record.createdAt]]);
  for (const event of events) {
    if (event.kind !== "stage") continue;
    const { stage } = JSON.parse(event.detail) as { stage: CaseStage };
    reached.set(stage, event.at);
  }
  const current = record.stage === "need-more" || record.stage === "closed" ? null : record.stage;
  const at = current ? stageSteps.findIndex((step) => step.stage === current) : -1;
  return (
    <section class="case-card" aria-labelledby="where">
      <h2 id="where">Where your visa stands</h2>
      {record.stage === "need-more" ? (
        <div class="need-more" role="status">
          <strong>We need something else from you</strong>
          <p>{record.stageNote ?? "Please call or WhatsApp us."}</p>
        </div>
      ) : null}
      {record.stage === "closed" ? <p class="closed-note">This case is closed.</p> : null}
      <ol class="steps">
        {stageSteps.map((step, index) => {
          const state =
            at === -1
              ? reached.has(step.stage)
                ? "done"
                : "todo"
              : index < at
                ? "done"
                : index === at
                  ? "now"
                  : "todo";
          const when = reached.get(step.stage);
          return (
            <li class={`step ${state}`} aria-current={state === "now" ? "step" : undefined}>
              <span class="step-label">{step.label}</span>
              {when && state !== "todo" ? <span class="step-date">{shortDate(when)}</span> : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function paperState(papers: PaperRecord[]): { label: string; tone: "todo" | "sent" | "ok" | "back"; reason?: string } {
  const latest = papers.filter((paper) => paper.deletedAt === null).at(-1);
  if (!latest) return { label: "Needed", tone: "todo" };
  if (latest.status === "accepted") return { label: "Accepted", tone: "ok" };
  if (latest.status === "returned")
    return { label: "Please send it again", tone: "back", reason: latest.reason ?? undefined };
  return { label: "Sent: we will check it", tone: "sent" };
}

/** The paper whose photo the passport reader reads (content/office/papers.yaml). */
export const passportPaperKey = "passport-first";

const passportFields: { name: string; label: string; type?: "date"; hint?: string; width?: string }[] = [
  { name: "surname", label: "Surname", hint: "As on your passport" },
  { name: "givenNames", label: "Given names", hint: "Empty if your passport has none" },
  { name: "documentNumber", label: "Passport number", width: "short" },
  { name: "nationality", label: "Nationality", hint: "3 letters, such as PHL or IND", width: "short" },
  { name: "birthDate", label: "Date of birth", type: "date", width: "short" },
  { name: "expiryDate", label: "Expiry date", type: "date", width: "short" },
];

/**
 * "Read my passport" (issue 57), beside the passport's upload: the page's script reads the photo's two lines on
 * the phone (client/passport/form.ts), fills the fields for the traveller to check or correct, says what would get
 * the visa refused, and sends what they confirm with the photo. Reading is a help, never a gate: the fields can be
 * typed. Shown by the script (it needs it); the confirmed passport's date and problems are shown to all.
 */
function PassportRead({ record, passport }: { record: CaseRecord; passport: PassportShown | null }) {
  return (
    <div class="passport-read" data-passport data-name={record.name} data-travel={record.travelDate ?? ""}>
      {passport ? (
        <div class="passport-done" role="status">
          <p>
            <strong>Your passport details were sent on {shortDate(passport.at)}.</strong>
          </p>
          {passport.problems.map((problem) => (
            <p class="paper-reason">{problem}</p>
          ))}
        </div>
      ) : null}
      <div class="passport-start" hidden>
        <button type="button" class="read-button" data-passport-read>
          {passport ? "Read my passport again" : "Read my passport"}
        </button>
        <p class="muted">
          Your phone reads the two lines at the bottom of the photo page and fills in the details for you to check. The
          photo stays on your phone until you send it.
        </p>
        <input
          class="visually-hidden"
          type="file"
          accept="image/*"
          data-passport-photo
          tabindex={-1}
          aria-hidden="true"
        />
      </div>
      <p class="passport-status" role="status" aria-live="polite"></p>
      <form class="passport-form" data-passport-form hidden noValidate>
        <ul class="passport-problems" aria-live="polite"></ul>
        {passportFields.map((field) => (
          <div class={`field ${field.width ?? ""}`}>
            <label htmlFor={`passport-${field.name}`}>{field.label}</label>
            {field.hint ? (
              <span class="hint" id={`passport-${field.name}-hint`}>
                {field.hint}
              </span>
            ) : null}
            {field.type === "date" ? (
              <input
                id={`passport-${field.name}`}
                name={field.name}
                type="date"
                autocomplete="off"
                aria-describedby={`passport-${field.name}-error`}
              />
            ) : (
              <input
                id={`passport-${field.name}`}
                name={field.name}
                type="text"
                autocomplete="off"
                autocapitalize="characters"
                spellcheck={false}
                aria-describedby={`passport-${field.name}-error${field.hint ? ` passport-${field.name}-hint` : ""}`}
              />
            )}
            <span class="field-error" id={`passport-${field.name}-error`}></span>
          </div>
        ))}
        <div class="field short">
          <label htmlFor="passport-sex">Sex</label>
          <select id="passport-sex" name="sex" aria-describedby="passport-sex-error">
            <option value="">Choose</option>
            <option value="F">F</option>
            <option value="M">M</option>
            <option value="X">X</option>
          </select>
          <span class="field-error" id="passport-sex-error"></span>
        </div>
        <input type="hidden" name="issuingState" />
        <button type="submit" class="upload-button">
          Confirm and send
        </button>
      </form>
    </div>
  );
}

function PaperItem({
  asked,
  papers,
  token,
  open,
  record,
  passport,
}: {
  asked: AskedPaper;
  papers: PaperRecord[];
  token: string;
  open: boolean;
  record: CaseRecord;
  passport: PassportShown | null;
}) {
  const state = paperState(papers);
  const accept = asked.accepts === "photo" ? "image/*" : "image/*,application/pdf";
  const inputId = `file-${asked.key}`;
  return (
    <li class={`paper ${state.tone}`} data-paper={asked.key}>
      <div class="paper-head">
        <h3>
          {asked.title}
          {asked.optional ? <span class="optional"> ({asked.when})</span> : null}
        </h3>
        <span class={`badge ${state.tone}`}>{state.label}</span>
      </div>
      <p class="paper-why">{asked.why}</p>
      {state.reason ? <p class="paper-reason">{state.reason}</p> : null}
      <details>
        <summary>How to take a good photo of it</summary>
        <p>{asked.how}</p>
      </details>
      {papers.filter((paper) => paper.deletedAt === null).length > 0 ? (
        <ul class="sent-list">
          {papers
            .filter((paper) => paper.deletedAt === null)
            .map((paper) => (
              <li>
                <a href={`/case/${token}/papers/${paper.id}`} download>
                  {paper.name}
                </a>{" "}
                <span class="muted">sent {shortDate(paper.sentAt)}</span>
              </li>
            ))}
        </ul>
      ) : null}
      {open && state.tone !== "ok" ? (
        <div class="upload" data-upload={asked.key}>
          <label class="upload-button" for={inputId}>
            {state.tone === "todo" ? "Add a photo or file" : "Send another"}
          </label>
          <input class="visually-hidden" type="file" id={inputId} name={asked.key} accept={accept} />
          <div class="upload-progress" aria-live="polite" />
        </div>
      ) : null}
      {open && asked.key === passportPaperKey ? <PassportRead record={record} passport={passport} /> : null}
    </li>
  );
}

export interface CasePageProps {
  agency: Agency;
  assets: CaseAssets | null;
  record: CaseRecord;
  events: CaseEvent[];
  asked: AskedPaper[];
  papers: PaperRecord[];
  token: string;
  /** DOCUMENTS_KEEP_DAYS: the papers are deleted this many days after the case closes. */
  keepDays: number;
  /** The key a phone subscribes to Web Push with, when this server sends alerts; null when it does not. */
  alertsKey?: string | null;
  /** The payments the office asked for (issue 58: server/pay/case-payments.tsx), shown first. */
  payments?: VNode | null;
  /** The passport confirmed on the case (issue 57), if it is. */
  passport?: PassportShown | null;
}

export function CasePage({
  agency,
  assets,
  record,
  events,
  asked,
  papers,
  token,
  keepDays,
  alertsKey = null,
  payments,
  passport = null,
}: CasePageProps) {
  const open = record.stage !== "closed";
  const visa = papers.filter((paper) => paper.paperKey === "visa" && paper.deletedAt === null).at(-1);
  const firstName = record.name.trim().split(/\s+/)[0] ?? record.name;
  return (
    <Shell title="Your visa" agency={agency} assets={assets}>
      <h1>
        Your visa, {firstName}
        <span class="case-service">{record.service}</span>
      </h1>
      {payments ?? null}
      {visa && record.stage === "visa-ready" ? (
        <section class="case-card visa-ready" aria-labelledby="visa">
          <h2 id="visa">Your visa is ready</h2>
          <a class="download-button" href={`/case/${token}/papers/${visa.id}`} download>
            Download your visa (PDF)
          </a>
          <p class="muted">Keep it on your phone and print a copy for the airport.</p>
        </section>
      ) : null}
      <StageTrack record={record} events={events} />
      {open && alertsKey ? <AlertsOffer alertsKey={alertsKey} /> : null}
      <section class="case-card" aria-labelledby="papers">
        <h2 id="papers">Papers we need from you</h2>
        {open ? (
          <p class="muted">
            Take each photo on a flat surface in good light. Photos are made smaller on your phone before they are sent,
            and an upload that stops carries on where it stopped.
          </p>
        ) : null}
        <noscript>
          <p class="paper-reason">
            Sending papers from this page needs JavaScript. You can also send them to us on WhatsApp.
          </p>
        </noscript>
        <ul class="papers">
          {asked.map((item) => (
            <PaperItem
              record={record}
              passport={passport}
              asked={item}
              papers={papers.filter((paper) => paper.paperKey === item.key)}
              token={token}
              open={open}
            />
          ))}
        </ul>
      </section>
      <p class="muted privacy-note">
        Your papers are kept encrypted, seen only by {agency.name}'s staff, and deleted {keepDays} days after your case
        is closed.
      </p>
    </Shell>
  );
}
