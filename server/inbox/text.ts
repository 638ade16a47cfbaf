/* Control characters are stored as given; wherever stored text is shown, they are made visible instead. */

// C0 and C1 controls and DEL, except tab, line feed and carriage return; also the Unicode line/paragraph separators
// and bidirectional overrides, which can disguise what a line says.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const invisible = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

function codePoint(char: string): string {
  return `[U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}]`;
}

/** Multi-line text with its control characters shown as [U+XXXX]. */
export function visible(text: string): string {
  return text.replace(invisible, codePoint);
}

/** One line: line breaks and tabs become spaces too. */
export function oneLine(text: string): string {
  return visible(text).replace(/\r\n|[\r\n\t]/g, " ");
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Shortens to at most max characters (whole code points), marking the cut. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join("")}…`;
}
