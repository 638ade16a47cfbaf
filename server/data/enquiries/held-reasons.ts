/*
 * Why a submission was held as suspected spam, as the office shows it: the reasons the inbox's spam checks store
 * (server/inbox/spam.ts) are read back here, on the floor both stand on.
 */

const browserCheck = "the check every visitor's browser does in the background";

/** Each reason the checks store (server/inbox/spam.ts's verdict, and store.ts's proofUsedBefore), in words. */
const reasonWords: Record<string, string> = {
  "honeypot filled": "a hidden field only robots fill in was filled",
  "no proof of work": `it came without ${browserCheck}`,
  "proof of work unreadable": `${browserCheck} could not be read`,
  "proof of work invalid": `${browserCheck} was wrong`,
  "proof of work expired": `${browserCheck} was too old`,
  "proof of work used before": "it carried a check another submission had already used: a copy sent again",
};

const seconds = (text: string) => `${text} ${text === "1" ? "second" : "seconds"}`;

/**
 * Why a submission was held, as the office shows it: the stored reasons (kept as they are for the CSV and
 * `npm run enquiries`) in plain words, "a hidden field only robots fill in was filled". A reason it does not know
 * (an older server's, another tool's) is shown as stored.
 */
export function spamReasonInWords(stored: string): string {
  const words = stored
    .split(", ")
    .filter((reason) => reason.trim() !== "")
    .map((reason) => {
      const known = reasonWords[reason];
      if (known) return known;
      const quick = /^sent ([0-9.]+) s after the form was first touched \(at least ([0-9.]+) s\)$/.exec(reason);
      if (quick?.[1] && quick[2]) {
        return `it was sent ${seconds(quick[1])} after the form was first touched, quicker than a person fills it in (${seconds(quick[2])} at least)`;
      }
      return reason;
    });
  if (words.length <= 1) return words[0] ?? stored;
  return `${words.slice(0, -1).join(", ")}, and ${words.at(-1)}`;
}
