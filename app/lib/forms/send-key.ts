/*
 * The key a form sends an enquiry to the site's own inbox with (the Idempotency-Key header, issue 38): made when
 * the enquiry is first sent, sent again with every retry of the same enquiry, forgotten once it has gone. The inbox
 * stores one enquiry per key, so a send whose answer was lost (a dropped connection, a time-out: the enquiry may
 * have been stored) and is tried again never makes two. The same enquiry is the same form with the same values: a
 * visitor who changes a field sends a new one.
 */

let current: { enquiry: string; key: string } | null = null;

/** The key of this enquiry (the form and its values, as text): the last one's again if it is the same. */
export function sendKeyFor(enquiry: string): string {
  if (current?.enquiry !== enquiry) current = { enquiry, key: randomKey() };
  return current.key;
}

/** The enquiry has gone: the next one, whatever it holds, is a new one. */
export function forgetSendKey(): void {
  current = null;
}

/** 128 random bits as 32 hex digits (crypto.randomUUID needs a secure context; getRandomValues does not). */
function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
