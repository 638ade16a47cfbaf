/** The enquiry form (multipart) or the Contact form (JSON). */
export type SubmissionKind = "enquiry" | "contact";

/** A submission's text fields, exactly as sent (absent fields are empty strings). */
export interface Submission {
  kind: SubmissionKind;
  name: string;
  email: string;
  phone: string;
  visaType: string;
  date: string;
  adult: string;
  child: string;
  subject: string;
  message: string;
}

export type DeliveryStatus = "pending" | "sent";

export interface StoredEnquiry extends Submission {
  id: number;
  receivedAt: string;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: number;
  lastError: string | null;
  sentAt: string | null;
}
