/*
 * An enquiry's fields, described once (issue 36, item 2), as plain data that the browser loads too (no library, no
 * function): what a field is called on the wire, in the form's state, in the database and by the agency, and how it
 * is shown. Everything that handles every field loops over this: the form (its state, inputs, draft, check and
 * payload), the inbox (reading a submission, storing it, its mail and CSV) and the office (its enquiry page and
 * spreadsheet). A new field is an entry here and a migration for its column: see "A new form field" in
 * docs/architecture.md. Order matters: it is the order the agency reads them in (the mail, the CSV, the office).
 */

/**
 * How the agency is shown a field; every reader (server/inbox/mail.ts, server/office/pages/enquiry.tsx,
 * server/office/xlsx.ts) handles each kind, and the compiler says where one is missing.
 * - line: text on one line; address: the e-mail address, which the agency replies to, never cut;
 * - text: the message, on its own lines; day: a date, "7 Dec 2026" where people read it;
 * - service: the visa type, named with the label picked (app/lib/forms/visa-service.ts, serviceName);
 * - with-service: shown inside the service's name, never on its own (the visa label).
 */
export type FieldShown = "line" | "address" | "text" | "day" | "service" | "with-service";

/** The enquiry form's part of a field: its state, input, check and place in the spec's payload. */
export interface EnquiryFormPart {
  /** Its key in the form's state (the spec's "Enquiry form state"), also the input's name. */
  readonly state: string;
  /** The visible input and its label; none for adult and child, which the spec gives no input. */
  readonly input?: {
    readonly label: string;
    readonly type: "text" | "email" | "tel" | "select" | "date" | "textarea";
    readonly autoComplete?: string;
  };
  /**
   * checked: the browser requires it and the form's own check (and the server's) says "<label> is required", in
   * this order (the spec's validation rules); browser: only the browser requires it.
   */
  readonly required?: "checked" | "browser";
  /** Sent only when filled, after the other fields of the spec's payload (adult and child). */
  readonly whenFilled?: boolean;
}

export interface EnquiryFieldDescription {
  /**
   * The names a submission carries it under, the first filled one read: the first is the one the enquiry form sends
   * (the spec's multipart payload; the visa label goes to the site's own inbox only).
   */
  readonly sent: readonly string[];
  /** The Contact form's names where they differ (its JSON says phoneNo); none: the field is not read from it. */
  readonly contactSent?: readonly string[];
  /** Its column in the enquiries table (server/data/schema.ts takes it from here; a migration adds it). */
  readonly column: string;
  /** What the agency calls it: the mail, the office and the spreadsheet (the CSV's header is the column). */
  readonly label: string;
  /** The office's name for it, where it differs (its enquiry page and spreadsheet). */
  readonly officeLabel?: string;
  readonly shown: FieldShown;
  /**
   * Beyond the spec: null (or absent) when not known, in a column that allows NULL: enquiries from before the field,
   * from an external form service, or from a form that does not send it. The forms send it to the site's own inbox
   * only (submit-enquiry.ts, fieldsBeyondSpec), when filled. Every field added after the spec's is one. Without it:
   * text, empty when not sent.
   */
  readonly optional?: boolean;
  /** The longest value kept, in characters, where there is a limit. */
  readonly longest?: number;
  /** On the enquiry form; absent for a field only the Contact form or the site's own inbox sends. */
  readonly form?: EnquiryFormPart;
}

export const enquiryFields = {
  name: {
    sent: ["name"],
    column: "name",
    label: "Name",
    shown: "line",
    form: { state: "name", input: { label: "Full Name", type: "text", autoComplete: "name" }, required: "checked" },
  },
  email: {
    sent: ["email"],
    column: "email",
    label: "Email",
    officeLabel: "E-mail",
    shown: "address",
    // The longest address there is (RFC 5321's path, less its brackets): the office's add form and correction.
    longest: 254,
    form: { state: "email", input: { label: "Email", type: "email", autoComplete: "email" }, required: "checked" },
  },
  phone: {
    sent: ["phone"],
    contactSent: ["phoneNo", "phone"],
    column: "phone",
    label: "Phone",
    shown: "line",
    form: { state: "phone", input: { label: "Phone Number", type: "tel", autoComplete: "tel" }, required: "checked" },
  },
  visaType: {
    sent: ["visa_type"],
    column: "visa_type",
    label: "Visa type",
    shown: "service",
    form: { state: "visa", input: { label: "Visa Type", type: "select" } },
  },
  visaLabel: {
    // Sent by the site's forms to the site's own inbox only, beside the spec's value (issue 35, item 3), and kept
    // only when the site offers that label for that value (server/inbox/submission.ts).
    sent: ["visa_label"],
    contactSent: [],
    column: "visa_label",
    label: "Visa label",
    shown: "with-service",
    optional: true,
    longest: 100,
  },
  date: {
    sent: ["date"],
    column: "travel_date",
    label: "Travel date",
    shown: "day",
    form: { state: "date", input: { label: "Travel Date", type: "date" }, required: "browser" },
  },
  adult: {
    sent: ["adult"],
    column: "adult",
    label: "Adults",
    shown: "line",
    form: { state: "adult", whenFilled: true },
  },
  child: {
    sent: ["child"],
    column: "child",
    label: "Children",
    shown: "line",
    form: { state: "child", whenFilled: true },
  },
  subject: { sent: ["subject"], column: "subject", label: "Subject", shown: "line" },
  message: {
    sent: ["message"],
    column: "message",
    label: "Message",
    shown: "text",
    form: { state: "message", input: { label: "Message", type: "textarea" }, required: "browser" },
  },
} as const satisfies Record<string, EnquiryFieldDescription>;

type Described = typeof enquiryFields;
export type EnquiryFieldName = keyof Described;

/** The optional fields: beyond the spec, null or absent when not known. */
type OptionalName = { [F in EnquiryFieldName]: Described[F] extends { optional: true } ? F : never }[EnquiryFieldName];

/**
 * A submission's or a stored enquiry's fields: text (empty when not sent); an optional one null or absent when not
 * known, so that an enquiry written out in full (a test's, one added by hand) need not name a field added later.
 */
export type EnquiryFieldValues = { [F in Exclude<EnquiryFieldName, OptionalName>]: string } & {
  [F in OptionalName]?: string | null;
};

/** The enquiries table's columns that hold the fields (server/data/schema.ts): an optional one allows NULL. */
export type EnquiryFieldColumns = {
  [F in EnquiryFieldName as Described[F]["column"]]: F extends OptionalName ? string | null : string;
};

/** The fields on the enquiry form. */
export type EnquiryFormFieldName = {
  [F in EnquiryFieldName]: Described[F] extends { form: EnquiryFormPart } ? F : never;
}[EnquiryFieldName];

/**
 * The spec's entities "Enquiry form state": every form field by its state name, as typed; an optional one (beyond
 * the spec) may be absent, which is empty.
 */
export type EnquiryValues = {
  [F in Exclude<EnquiryFormFieldName, OptionalName> as Described[F]["form"]["state"]]: string;
} & { [F in Extract<EnquiryFormFieldName, OptionalName> as Described[F]["form"]["state"]]?: string };
export type EnquiryState = keyof EnquiryValues;

/** The states the form's own check requires (the spec's validation rules: name, email, phone). */
export type EnquiryCheckedState = {
  [F in EnquiryFormFieldName]: Described[F]["form"] extends { required: "checked" }
    ? Described[F]["form"]["state"]
    : never;
}[EnquiryFormFieldName];

/**
 * What the loops read, derived from a description: every field with its name, the form's fields, their state names.
 * (A test derives them from a description with a field of its own: server/new-field.test.ts.)
 */
export function listFields(fields: Record<string, EnquiryFieldDescription>) {
  const enquiryFieldNames = Object.keys(fields) as EnquiryFieldName[];
  const enquiryFieldList = enquiryFieldNames.map((name) => ({ ...(fields[name] as EnquiryFieldDescription), name }));
  const enquiryFormFields = enquiryFieldList.flatMap((field) =>
    field.form ? [{ ...field, form: { ...field.form, state: field.form.state as EnquiryState } }] : [],
  );
  return {
    enquiryFieldNames,
    enquiryFieldList,
    enquiryFormFields,
    enquiryStates: enquiryFormFields.map(({ form }) => form.state),
  };
}

/**
 * Every field's name (the property of a submission and a stored enquiry), in order; every field with its name; the
 * enquiry form's fields, each with the names it is sent under; the form's state names.
 */
// Marked pure so that a page that loads this module without using it (the Contact form's) leaves it out.
export const { enquiryFieldNames, enquiryFieldList, enquiryFormFields, enquiryStates } =
  /* @__PURE__ */ listFields(enquiryFields);
