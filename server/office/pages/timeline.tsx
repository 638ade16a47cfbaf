/** @jsxImportSource preact */
import type { CameBy, Stage } from "../../data/schema";
import { oneLine, visible } from "../../text";
import { spaced } from "../../data/enquiries/phone";
import type { Matched } from "../../data/enquiries/repeat-visitors";
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
    case "next-step":
    case "next-step-done":
    case "next-step-cleared": {
      const { at, note } = readStep(event.detail);
      const when = at ? dubaiDateTime(at) : "?";
      const what = note ? `: ${oneLine(note)}` : "";
      if (event.kind === "next-step") return `Next step set for ${when}${what}`;
      return `${event.kind === "next-step-done" ? "Next step done" : "Next step cleared"} (${when})${what}`;
    }
    case "wrote-again": {
      // What matched, never "the visitor": anyone can type a customer's number (issue 55, part 5). An entry from
      // before that kept no `same`, and may say the stage it moved this one back to New from (as it did then).
      const { id, from, same } = readWroteAgain(event.detail);
      const back = from ? `; back to New from ${stageLabels[from as Stage] ?? oneLine(from)}` : "";
      const what = same.length === 0 ? "the same phone number or e-mail address" : sameWords(same);
      return `A later enquiry has ${what} (enquiry ${id ?? "?"})${back}`;
    }
  }
}

/** A next step's moment and note, as its timeline entry keeps them (next-steps.ts). */
function readStep(detail: string): { at: string | null; note: string } {
  try {
    const { at, note } = JSON.parse(detail) as { at?: unknown; note?: unknown };
    return {
      at: typeof at === "string" && !Number.isNaN(Date.parse(at)) ? at : null,
      note: typeof note === "string" ? note : "",
    };
  } catch {
    return { at: null, note: "" };
  }
}

/**
 * The later enquiry with this one's details, what matched (repeat-visitors.ts), and, on an entry from before issue 55,
 * the stage this one was moved back to New from.
 */
function readWroteAgain(detail: string): { id: number | null; from: string | null; same: Matched[] } {
  try {
    const { id, from, same } = JSON.parse(detail) as { id?: unknown; from?: unknown; same?: unknown };
    return {
      id: typeof id === "number" ? id : null,
      from: typeof from === "string" ? from : null,
      same: Array.isArray(same) ? matchedOrder.filter((matched) => same.includes(matched)) : [],
    };
  } catch {
    return { id: null, from: null, same: [] };
  }
}

const matchedOrder: Matched[] = ["phone", "email"];

function sameWords(same: Matched[]): string {
  const words = same.map((matched) => (matched === "phone" ? "phone number" : "e-mail address"));
  return `the same ${words.join(" and ")}`;
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
