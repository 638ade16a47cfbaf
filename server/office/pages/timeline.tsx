/** @jsxImportSource preact */
import type { CameBy, Stage } from "../../data/schema";
import { oneLine, visible } from "../../text";
import { spaced } from "../../data/enquiries/phone";
import { dubaiDateTime } from "../time";
import type { EnquiryDetail, TimelineEvent } from "../work";
import { cameByLabels, stageLabels } from "./labels";

const channelWords = { call: "Called", whatsapp: "Opened WhatsApp", email: "Opened an e-mail" } as const;

/** An enquiry's timeline, newest first, ending with its arrival: who did what, and when (Dubai time). */
export function Timeline({ enquiry }: { enquiry: EnquiryDetail }) {
  return (
    <ol class="timeline">
      {enquiry.events.map((event) => (
        <li key={event.id}>
          <p class="timeline-what">{describe(event)}</p>
          {event.kind === "note" ? <p class="message">{visible(event.detail)}</p> : null}
          <p class="quiet">
            {event.who !== null ? oneLine(event.who) : "The server"} · {dubaiDateTime(event.at)}
          </p>
        </li>
      ))}
      <li>
        <p class="timeline-what">Received</p>
        <p class="quiet">{dubaiDateTime(enquiry.receivedAt)}</p>
      </li>
    </ol>
  );
}

function describe(event: TimelineEvent): string {
  switch (event.kind) {
    case "opened":
      return "Opened the enquiry";
    case "call":
      return channelWords.call;
    case "whatsapp":
    case "email":
      return event.detail
        ? `Sent the ‘${oneLine(event.detail)}’ text ${event.kind === "whatsapp" ? "on WhatsApp" : "by e-mail"}`
        : channelWords[event.kind];
    case "stage": {
      const [stage, ...reason] = event.detail.split(": ");
      const label = stageLabels[stage as Stage] ?? stage;
      return reason.length > 0 ? `Moved to ${label}: ${oneLine(reason.join(": "))}` : `Moved to ${label}`;
    }
    case "note":
      return "Note";
    case "not-spam":
      return "Marked not spam";
    case "resend":
      return "Sent the mail again";
    case "phone":
      return `Corrected the phone number to ${spaced(event.detail)}`;
    case "corrected-email": {
      const { from, to } = readCorrection(event.detail);
      return `Corrected the e-mail address to ${oneLine(to) || "none"} (it was ${oneLine(from) || "none"})`;
    }
    case "added":
      return `Added by hand: ${cameByLabels[event.detail as CameBy] ?? oneLine(event.detail)}`;
    case "spam":
      return "Marked as spam";
  }
}

/** The address an e-mail correction replaced, and the new one (work.ts, correctEmail). */
function readCorrection(detail: string): { from: string; to: string } {
  try {
    const { from, to } = JSON.parse(detail) as { from?: unknown; to?: unknown };
    return { from: typeof from === "string" ? from : "", to: typeof to === "string" ? to : "" };
  } catch {
    return { from: "", to: detail };
  }
}
