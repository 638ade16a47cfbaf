/** The honeypot's name: the one form-to-mail services use, so the forms work with either back end. */
export const honeypotName = "botcheck";

/** What the honeypot holds: empty unless something ticked it (a person never does; it is hidden). */
export function honeypotValue(form: HTMLFormElement | null): string {
  const control = form?.elements.namedItem(honeypotName);
  return control instanceof HTMLInputElement && control.checked ? control.value : "";
}

/** The forms' side of the inbox's spam checks; see spam-guard.ts. */
export interface SpamGuard {
  /** Fetches and solves a challenge, once; call on the first touch of a form. Never throws. */
  start(): void;
  /**
   * The fields to add to a submission: the honeypot's value, and the solved proof when the endpoint is this site's
   * own inbox. Waits for the solution (bounded) and for the rest of the minimum fill time.
   */
  fields(form: HTMLFormElement | null): Promise<Record<string, string>>;
}

/** A guard that adds only the honeypot: component tests, and until the real one has loaded. */
export const honeypotOnly: SpamGuard = {
  start: () => undefined,
  fields: async (form) => ({ [honeypotName]: honeypotValue(form) }),
};
