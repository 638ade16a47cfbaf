import { enquiryFields } from "../../app/lib/forms/enquiry-fields";
import { emailShape } from "../../app/lib/forms/validate-enquiry";
import { acceptedVisaLabel } from "../../app/lib/forms/visa-service";
import type { CameBy } from "../data/schema";
import { readPhone } from "../data/enquiries/phone";
import type { AddField, AddValues } from "./pages/add";
import { cameByOrder, serviceGroups } from "./pages/add";
import { longestNote } from "./pages/enquiry";
import type { ByHand } from "./work";

/** The longest e-mail address there is (RFC 5321's path, less its brackets), as the field's description says. */
export const longestEmail = enquiryFields.email.longest;

/**
 * An e-mail address typed in the office, by the public form's rule (app/lib/forms): trimmed, text @ text . text.
 * Empty is allowed where `optional`. Returns the address, or the problem to show.
 */
export function readEmail(typed: string, optional: boolean): { email: string } | { problem: string } {
  const email = typed.trim();
  if (email === "") return optional ? { email } : { problem: "Type the e-mail address." };
  if (email.length > longestEmail || !emailShape.test(email)) {
    return { problem: "Type a whole e-mail address, such as name@example.com." };
  }
  return { email };
}

/**
 * The add form's checks (issue 35, item 6): who, a phone number (read like a visitor's: its international form,
 * or flagged for a look), an e-mail address only if they gave one, a service of the site's own list or none, and
 * how it came. Returns the enquiry to store, or each field's problem.
 */
export function readAdd(values: AddValues): { entry: ByHand } | { problems: Partial<Record<AddField, string>> } {
  const problems: Partial<Record<AddField, string>> = {};
  const came = cameByOrder.find((choice) => choice === values.came) as CameBy | undefined;
  if (!came) problems.came = "Say how it came.";
  const name = values.name.trim();
  if (name === "") problems.name = "Type their name.";
  else if (name.length > 200) problems.name = "A name can be at most 200 characters.";
  const phone = values.phone.trim();
  if (phone === "") problems.phone = "Type their phone number.";
  else if (phone.length > 40 || !/[0-9]/.test(phone)) problems.phone = "Type a phone number, such as 050 123 4567.";
  else if (readPhone(phone).flag === "invalid") {
    problems.phone = "That is not a phone number; type it with its country code, such as +91 98450 12345.";
  }
  const email = readEmail(values.email, true);
  if ("problem" in email) problems.email = email.problem;
  const option = values.service
    ? serviceGroups.flatMap((group) => group.options).find((choice) => choice.label === values.service)
    : null;
  if (option === undefined) problems.service = "Choose a service from the list.";
  const message = values.message.trim();
  if (message.length > longestNote) {
    problems.message = `At most ${longestNote.toLocaleString("en")} characters; this has ${message.length.toLocaleString("en")}.`;
  }
  if (Object.keys(problems).length > 0 || !came || "problem" in email || option === undefined) return { problems };
  return {
    entry: {
      name,
      phone,
      email: email.email,
      visaType: option?.value ?? "",
      visaLabel: option ? acceptedVisaLabel(option.value, option.label) : null,
      message,
      cameBy: came,
    },
  };
}
