/* Control characters are stored as given; wherever stored text is shown, they are made visible instead. */

// What can hide or disguise what a text says, shown as [U+XXXX] wherever stored text is shown (one list, one
// function, used by every page and mail):
// - C0 and C1 controls and DEL, except tab, line feed and carriage return;
// - the Unicode line and paragraph separators (U+2028, U+2029);
// - every bidirectional control: the Arabic letter mark (U+061C), the left-to-right and right-to-left marks
//   (U+200E, U+200F), the embeddings and overrides (U+202A to U+202E) and the isolates (U+2066 to U+2069);
// - invisible format characters: the soft hyphen (U+00AD), the Mongolian vowel separator (U+180E), the zero-width
//   space (U+200B), the word joiner and invisible operators (U+2060 to U+2064), the deprecated format characters
//   (U+206A to U+206F), the zero-width no-break space or byte order mark (U+FEFF), the interlinear annotation
//   characters (U+FFF9 to U+FFFB), the blank Hangul fillers (U+3164, U+FFA0) and the tag characters (U+E0000 to
//   U+E007F) except where they spell a flag after a black flag (🏴 England, Scotland, Wales).
// Kept as they are: the zero-width non-joiner and joiner (U+200C, U+200D), which Persian and Indic writing and
// emoji need, and the variation selectors, which emoji need.
const invisible =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /(\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F})|[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b\u200e\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u206f\u3164\ufeff\uffa0\ufff9-\ufffb\u{E0000}-\u{E007F}]/gu;

function codePoint(char: string, flag: string | undefined): string {
  if (flag !== undefined) return flag;
  return `[U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}]`;
}

/** Multi-line text with its control and invisible characters shown as [U+XXXX]. */
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

/**
 * Visitor text for a mail: one line, its control characters shown, and never a link, whatever a mail program
 * turns into one: a scheme is broken (https:// → hxxps://, ftp:// → ftp[:]//), and so is each dot of a host name
 * (evil.example → evil[.]example, which also covers www. and e-mail addresses). Then cut to max characters, with
 * an ellipsis. A file's name is a host name to a mail program too (photo.zip): gpj.exe shows as gpj[.]exe.
 * Plain text: the HTML part of a mail escapes it too (escapeHtml).
 */
export function forMail(text: string, max: number): string {
  return truncate(noLinks(oneLine(text)), max);
}

/** Text (already made visible) with every scheme and host name broken, as forMail does, line breaks kept. */
export function noLinks(text: string): string {
  return text
    .replace(/\b([a-z][a-z0-9+.-]*):\/\//gi, (_all, scheme: string) =>
      /^https?$/i.test(scheme) ? `${scheme.slice(0, 1)}xx${scheme.slice(3)}://` : `${scheme}[:]//`,
    )
    .replace(/(?<![\p{L}\p{N}.-])(?:[\p{L}\p{N}-]+\.)+\p{L}{2,}(?![\p{L}\p{N}])/gu, (host) =>
      host.replace(/\./g, "[.]"),
    );
}

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });
/** East Asian wide and full-width characters (Hangul, CJK, kana, full-width forms) and emoji: two columns each. */
const wide =
  /^(?:\p{Extended_Pictographic}|[\u1100-\u115F\u2E80-\u303E\u3041-\u33FF\u3400-\u4DBF\u4E00-\u9FFF\uA000-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6\u{20000}-\u{3FFFD}])/u;
/** What a terminal draws in no column: combining marks (an Arabic name's vowel marks), joiners, format characters. */
const zeroWidth = /^[\p{M}\p{Cf}]+$/u;

/** The columns a terminal draws text in: a grapheme each, two for a wide one, none for marks alone. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const { segment } of graphemes.segment(text)) width += zeroWidth.test(segment) ? 0 : wide.test(segment) ? 2 : 1;
  return width;
}

/** Right-to-left scripts: a cell holding any is isolated (U+2068 … U+2069), so it cannot reorder the row around it. */
const rightToLeft = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;

/**
 * A table cell of `width` terminal columns (issue 59, item 9): one line, its control and direction characters shown
 * (oneLine), cut with an ellipsis and padded by the width a terminal draws it, and right-to-left text isolated so
 * that a row with an Arabic name keeps its columns in order.
 */
export function column(text: string, width: number): string {
  let cut = "";
  let used = 0;
  const line = oneLine(text);
  if (displayWidth(line) > width) {
    for (const { segment } of graphemes.segment(line)) {
      const next = displayWidth(segment);
      if (used + next > width - 1) break;
      cut += segment;
      used += next;
    }
    cut += "…";
    used += 1;
  } else {
    cut = line;
    used = displayWidth(line);
  }
  const isolated = rightToLeft.test(cut) ? `\u2068${cut}\u2069` : cut;
  return isolated + " ".repeat(Math.max(0, width - used));
}
