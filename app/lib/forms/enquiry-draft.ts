import { allowedVisaValues, defaultVisaByVariant, type EnquiryVariant } from "../../content/enquiry-options";
import { enquiryFormFields, enquiryStates, type EnquiryValues } from "./enquiry-fields";

/**
 * A draft of an enquiry form, kept in localStorage so that a reload, a dropped connection or a return visit
 * loses nothing the visitor typed. Every call tolerates storage that is missing (pre-rendering), blocked
 * (private modes, disabled cookies), full, or holding something this code did not write.
 */

/** Bump the version when EnquiryValues changes shape: old drafts are then simply ignored. */
const keyPrefix = "karama:enquiry-draft:v1:";

/** Personal details should not sit in a shared browser for ever. */
export const draftMaxAgeMs = 30 * 24 * 60 * 60 * 1000;

/**
 * Reads what storage holds, trusting nothing: a timestamp and only string values of known fields survive.
 * (Checked by hand rather than with the schema library, which would add ~23 KB to every page with a form.)
 */
function readStoredDraft(raw: unknown): { savedAt: number; values: Partial<EnquiryValues> } | null {
  if (typeof raw !== "object" || raw === null) return null;
  const { savedAt, values } = raw as { savedAt?: unknown; values?: unknown };
  if (typeof savedAt !== "number" || typeof values !== "object" || values === null) return null;
  const stored: Partial<EnquiryValues> = {};
  for (const field of enquiryStates) {
    const value = (values as Record<string, unknown>)[field];
    if (value === undefined) continue;
    if (typeof value !== "string") return null;
    stored[field] = value;
  }
  return { savedAt, values: stored };
}

export interface DraftOptions {
  /** null: no storage at all. Defaults to the browser's localStorage when it can be reached. */
  storage?: Storage | null;
  now?: () => number;
}

export function draftKey(variant: EnquiryVariant): string {
  return `${keyPrefix}${variant}`;
}

/** The spec's fields of the form. */
const specStates = enquiryFormFields.flatMap(({ optional, form }) => (optional ? [] : [form.state]));

/**
 * Every field of the spec's empty, but the visa type: the variant's default (the spec's states and transitions). A
 * field beyond the spec is absent, which is empty.
 */
export function defaultEnquiryValues(variant: EnquiryVariant): EnquiryValues {
  const values = Object.fromEntries(specStates.map((field) => [field, ""])) as EnquiryValues;
  values.visa = defaultVisaByVariant[variant];
  return values;
}

/** The saved draft over the variant's defaults, or null when there is none worth restoring. */
export function readDraft(variant: EnquiryVariant, options: DraftOptions = {}): EnquiryValues | null {
  const storage = resolveStorage(options);
  if (!storage) return null;
  const key = draftKey(variant);
  const raw = attempt(() => storage.getItem(key));
  if (raw === undefined || raw === null) return null;

  const stored = readStoredDraft(parseJson(raw));
  const now = (options.now ?? Date.now)();
  if (!stored || now - stored.savedAt > draftMaxAgeMs) {
    attempt(() => storage.removeItem(key));
    return null;
  }
  const defaults = defaultEnquiryValues(variant);
  const draft: EnquiryValues = { ...defaults, ...stored.values };
  // A visa value the select cannot show (options changed since the draft was saved) falls back to the default.
  if (!allowedVisaValues(variant).includes(draft.visa)) draft.visa = defaults.visa;
  return isUntouched(draft, defaults) ? null : draft;
}

/**
 * The form's values with the draft in every field the visitor has left alone: a field whose value is no longer the
 * default, or the field they are in (`busy`, by name), keeps its value.
 */
export function draftUnder(
  current: EnquiryValues,
  draft: EnquiryValues,
  defaults: EnquiryValues,
  busy: string | null,
): EnquiryValues {
  const merged = { ...current };
  for (const field of enquiryStates) {
    if ((current[field] ?? "") === (defaults[field] ?? "") && field !== busy && draft[field] !== undefined) {
      merged[field] = draft[field];
    }
  }
  return merged;
}

/** Saves what the visitor has typed; a form back at its defaults leaves no draft behind. */
export function saveDraft(variant: EnquiryVariant, values: EnquiryValues, options: DraftOptions = {}): void {
  const storage = resolveStorage(options);
  if (!storage) return;
  if (isUntouched(values, defaultEnquiryValues(variant))) {
    clearDraft(variant, options);
    return;
  }
  const record = { savedAt: (options.now ?? Date.now)(), values };
  // A full or blocked storage only costs the draft; typing must never fail because of it.
  attempt(() => storage.setItem(draftKey(variant), JSON.stringify(record)));
}

export function clearDraft(variant: EnquiryVariant, options: DraftOptions = {}): void {
  const storage = resolveStorage(options);
  if (storage) attempt(() => storage.removeItem(draftKey(variant)));
}

function isUntouched(values: EnquiryValues, defaults: EnquiryValues): boolean {
  return enquiryStates.every((field) => (values[field] ?? "") === (defaults[field] ?? ""));
}

function resolveStorage(options: DraftOptions): Storage | null {
  if (options.storage !== undefined) return options.storage;
  if (typeof window === "undefined") return null;
  // Merely reading window.localStorage throws a SecurityError when the browser blocks site data.
  return attempt(() => window.localStorage) ?? null;
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

function attempt<T>(action: () => T): T | undefined {
  try {
    return action();
  } catch {
    return undefined;
  }
}
