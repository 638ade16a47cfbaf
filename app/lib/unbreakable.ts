/**
 * Phrases that read as one unit and must not break across lines on a narrow screen: prices ("AED 1,490.00"),
 * durations and ranges ("2-3 working days", "48 hours", "0-18 years", "10-day"), the opening days and times
 * ("Mon - Sat", "10.00 am") and phone numbers. Text keeps its characters (no non-breaking spaces in the
 * content, so copying and searching still work); the component that renders it wraps the kept parts.
 */
const phrases = [
  // Prices, with or without decimals.
  String.raw`AED [0-9][0-9,]*(?:\.[0-9]{2})?`,
  // A number or range and its unit: "2-3 working days", "48 Hours", "0-18 years", "10-day".
  String.raw`[0-9]+(?:-[0-9]+)?[ -](?:working days?|days?|hours?|nights?|weeks?|months?|years?)\b`,
  // Opening days and times.
  String.raw`(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) - (?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)`,
  String.raw`[0-9]{1,2}[.:][0-9]{2} (?:am|pm)`,
  // International phone numbers: "+971 50 123 4567".
  String.raw`\+[0-9]{1,3}(?: [0-9]{1,4}){2,4}`,
];
export const unbreakablePattern = new RegExp(phrases.join("|"), "gi");

export interface TextPart {
  text: string;
  /** Render on one line. */
  keep: boolean;
}

/** Splits text into runs, marking the phrases that must stay on one line; the parts join back to the text. */
export function unbreakableParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(unbreakablePattern)) {
    if (match.index > at) parts.push({ text: text.slice(at, match.index), keep: false });
    parts.push({ text: match[0], keep: true });
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), keep: false });
  return parts;
}
