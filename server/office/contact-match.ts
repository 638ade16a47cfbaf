/**
 * How two linked enquiries' contact details compare (issue 55, part 5). The office links an enquiry to an earlier
 * one with the same phone number or e-mail address, but anyone can type a customer's number: so the office says
 * which details are the same and which differ, and never that it is the same person.
 */

/** The contact details an enquiry carries, as stored (the phone's international form when it is known). */
export interface Contact {
  name: string;
  phone: string;
  phoneInternational: string | null;
  email: string;
}

/** A detail on both and the same, on both and different, or on one of them only (or neither). */
export type Likeness = "same" | "differs" | "one";

export interface Comparison {
  name: Likeness;
  phone: Likeness;
  email: Likeness;
}

/** A phone number as the link compares it: its international form, else its digits as typed. */
const phoneKey = (contact: Contact) => contact.phoneInternational ?? contact.phone.replace(/\D/g, "");
const emailKey = (contact: Contact) => contact.email.trim().toLowerCase();
/** Names compared whatever their case and spacing. */
const nameKey = (contact: Contact) => contact.name.trim().replace(/\s+/g, " ").toLocaleLowerCase("en");

function likeness(a: string, b: string): Likeness {
  if (a === "" || b === "") return "one";
  return a === b ? "same" : "differs";
}

export function compareContacts(a: Contact, b: Contact): Comparison {
  return {
    name: likeness(nameKey(a), nameKey(b)),
    phone: likeness(phoneKey(a), phoneKey(b)),
    email: likeness(emailKey(a), emailKey(b)),
  };
}

const detailWords = { phone: "phone number", email: "e-mail address", name: "name" } as const;
type Detail = keyof typeof detailWords;
/** In the order the sentence names them: what links enquiries first. */
const order: Detail[] = ["phone", "email", "name"];

/** "a and b", "a, b and c". */
function list(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/**
 * The comparison in one sentence, what matched first: "Same phone number; different e-mail address and name.",
 * "Same e-mail address and name; only one has a phone number." When neither the number nor the address is the same
 * any longer (one was corrected since), it says so.
 */
export function matchWords(comparison: Comparison): string {
  const of = (likeness: Likeness) => order.filter((detail) => comparison[detail] === likeness);
  const same = of("same");
  const parts: string[] = [];
  if (comparison.phone !== "same" && comparison.email !== "same") {
    parts.push("Linked when it came, but neither the phone number nor the e-mail address is the same now");
    if (comparison.name === "same") parts.push("same name");
  } else {
    parts.push(`Same ${list(same.map((detail) => detailWords[detail]))}`);
  }
  const differs = of("differs");
  if (differs.length > 0) parts.push(`different ${list(differs.map((detail) => detailWords[detail]))}`);
  for (const detail of of("one")) {
    if (detail !== "name") parts.push(`only one has ${detail === "phone" ? "a phone number" : "an e-mail address"}`);
  }
  return `${parts.join("; ")}.`;
}
