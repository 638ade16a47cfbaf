import type { EnquiryFieldValues } from "../../../app/lib/forms/enquiry-fields";
import type { CameBy, Stage } from "../schema";

/** The enquiry form (multipart) or the Contact form (JSON). */
export type SubmissionKind = "enquiry" | "contact";

/**
 * A submission's fields (app/lib/forms/enquiry-fields.ts describes each), exactly as sent (absent fields are empty
 * strings; one beyond the spec, null or absent when not known, such as the visa label, which is kept only when the
 * form said and it is one the site offers for `visaType`: issue 35, the Dubai forms' labels are not their values).
 */
export type Submission = EnquiryFieldValues & { kind: SubmissionKind };

/**
 * pending: to be mailed; sent: the mail server accepted it; rejected: the mail server refused it outright too many
 * times (the agency can queue it again); held: suspected spam, stored and not mailed unless the agency releases it;
 * office: added by hand in the office (issue 35, item 6), never mailed.
 */
export type DeliveryStatus = "pending" | "sent" | "rejected" | "held" | "office";

export type StoredEnquiry = Submission & {
  id: number;
  receivedAt: string;
  status: DeliveryStatus;
  attempts: number;
  /** Permanent (5xx) refusals among the attempts. */
  rejections: number;
  nextAttemptAt: number;
  lastError: string | null;
  sentAt: string | null;
  /** For a held submission: the checks it failed. */
  heldReason: string | null;
  /** The path of the site's page it was sent from, when known. */
  page: string | null;
  /** Where the visit came from (app/lib/statistics/source.ts), when the form said. */
  source: string | null;
  /** Phone, tablet or desktop, from the request's User-Agent (server/device-class.ts). */
  device: string | null;
  /** How an enquiry added by hand in the office came; null for one sent from the site. */
  cameBy: CameBy | null;
};

/** A note on an enquiry's timeline: when, who wrote it (null: a person since gone from the database), what. */
export interface ExportedNote {
  at: string;
  who: string | null;
  text: string;
}

/** An enquiry as the owner's export has it: with how the office worked it (issue 35, item 7). */
export interface ExportedEnquiry extends StoredEnquiry {
  /**
   * The number in international form (E.164) as stored beside the one typed: read from it, or corrected in the office
   * (issue 59, item 2); null while it is flagged, not read with certainty.
   */
  phoneInternational: string | null;
  /** New, contacted, awaiting (documents), won or lost. */
  stage: Stage;
  lostReason: string | null;
  /** Oldest first. */
  notes: ExportedNote[];
  /** The people who did anything on its timeline (opened, replied, moved, noted), first to act first. */
  workedBy: string[];
  /** The next step set on it and not yet done (issue 37): when (an ISO moment) and its note; null when none. */
  nextStep: { at: string; note: string } | null;
  /**
   * What was paid on its cases (issue 58), in fils, refunds subtracted: payments asked for and not paid, cancelled or
   * reported for another amount add nothing. Null when none of its cases has a payment that was paid.
   */
  paidFils: number | null;
}
