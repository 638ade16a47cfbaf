/** @jsxImportSource preact */
import { visible } from "../../text";
import type { ReadyReply } from "../replies";

const missing = {
  whatsapp: "No number to send it to on WhatsApp.",
  email: "No e-mail address to send it to.",
  both: "No number or e-mail address to send it to.",
} as const;

/**
 * The agency's ready texts on an enquiry (issue 37), under its reply buttons: folded, so the visitor's message stays
 * in a phone's first screen, and one tap on a text's WhatsApp or E-mail opens the app with the text filled in.
 *
 * Each is a plain link to wa.me or mailto: (the tap is the user's own, so a phone opens WhatsApp or the mail app
 * straight away, as it does for the buttons above), and the office's script notes the tap on the timeline with the
 * text's name, as it does for those buttons (client/office.ts; routes.ts, `reply`). A form posted to the office
 * that answered with a redirect to wa.me or mailto: was the other way: a redirect to another app is not a tap, so
 * iPhones show wa.me's web page instead of opening WhatsApp, browsers differ on a redirect to mailto:, and the
 * office's policy (form-action 'self') would have to let forms go elsewhere.
 */
export function ReadyTexts({ ready, note = null }: { ready: readonly ReadyReply[]; note?: string | null }) {
  if (ready.length === 0) return null;
  return (
    <details class="ready-texts">
      <summary>
        Ready texts <span class="count">{ready.length}</span>
      </summary>
      {note ? <p class="ready-note">{note}</p> : null}
      <ul class="ready-list">
        {ready.map((text) => (
          <li key={text.name} class="ready" data-ready={text.name}>
            <p class="ready-name">{text.name}</p>
            <p class="ready-preview">{visible(text.text)}</p>
            {text.whatsapp || text.email ? (
              <div class="ready-links">
                {text.whatsapp ? (
                  <a
                    class="reply reply-whatsapp"
                    href={text.whatsapp}
                    data-reply="whatsapp"
                    data-text={text.name}
                    aria-label={`WhatsApp: ${text.name}`}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    WhatsApp
                  </a>
                ) : null}
                {text.email ? (
                  <a
                    class="reply reply-email"
                    href={text.email}
                    data-reply="email"
                    data-text={text.name}
                    aria-label={`E-mail: ${text.name}`}
                  >
                    E-mail
                  </a>
                ) : null}
              </div>
            ) : (
              <p class="quiet">{missing[text.channel]}</p>
            )}
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * Ready texts shown open, to send at once: a case's new link ("Your papers") and a payment just asked for ("Your
 * payment"), each with its WhatsApp and E-mail links; `copy` names what to copy by hand when there is neither.
 */
export function ReadyTextList({
  texts,
  copy,
  className = "",
}: {
  texts: readonly ReadyReply[];
  copy: "link" | "text";
  className?: string;
}) {
  return (
    <ul class={`ready-list ${className}`.trim()}>
      {texts.map((text) => (
        <li key={text.name} class="ready">
          <p class="ready-name">{text.name}</p>
          <p class="ready-preview">{visible(text.text)}</p>
          <div class="ready-links">
            {text.whatsapp ? (
              <a class="reply reply-whatsapp" href={text.whatsapp} target="_blank" rel="noopener noreferrer">
                WhatsApp
              </a>
            ) : null}
            {text.email ? (
              <a class="reply reply-email" href={text.email}>
                E-mail
              </a>
            ) : null}
            {!text.whatsapp && !text.email ? (
              <span class="quiet">No number or address to send it to: copy the {copy}.</span>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
