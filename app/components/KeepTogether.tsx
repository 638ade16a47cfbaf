import { unbreakableParts } from "../lib/unbreakable";

/**
 * Renders a line of content with its prices, durations, opening times and phone numbers each kept on one line
 * ("AED 50.00" never ends one line and "50.00" starts the next). The text itself is unchanged.
 */
export function KeepTogether({ text }: { text: string }) {
  let offset = 0;
  return unbreakableParts(text).map((part) => {
    // The offset in the text names each part: stable for a given text, unlike a list index.
    const key = offset;
    offset += part.text.length;
    return part.keep ? (
      <span key={key} className="nowrap">
        {part.text}
      </span>
    ) : (
      part.text
    );
  });
}
