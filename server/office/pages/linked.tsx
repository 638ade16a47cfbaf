/** @jsxImportSource preact */
import { compareContacts, type Contact, type Likeness, matchWords } from "../contact-match";
import type { LinkedEnquiry } from "../next-steps";
import { spaced } from "../../data/enquiries/phone";
import { oneLine } from "../../text";
import { dubaiDateTime } from "../time";
import { stageLabels } from "./labels";

const likenessWords: Record<Likeness, string> = { same: "same", differs: "differs", one: "only one" };

/**
 * A phone number as typed, with its international form under it when that reads otherwise (what the match was made
 * on). In a narrow cell the international form breaks only after its country code and first group.
 */
function PhoneText({ contact }: { contact: Contact }) {
  const typed = oneLine(contact.phone);
  const international =
    contact.phoneInternational && contact.phoneInternational !== contact.phone.replace(/\s/g, "")
      ? spaced(contact.phoneInternational).split(" ")
      : null;
  return (
    <>
      {typed}
      {international ? (
        <span class="international">
          <span class="nowrap">{international.slice(0, 2).join(" ")}</span>{" "}
          <span class="nowrap">{international.slice(2).join(" ")}</span>
        </span>
      ) : null}
    </>
  );
}

/** An e-mail address that may break before its "@" rather than anywhere (and anywhere only when it must). */
function EmailText({ email }: { email: string }) {
  const text = oneLine(email);
  const at = text.lastIndexOf("@");
  if (at <= 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <wbr />
      {text.slice(at)}
    </>
  );
}

/**
 * The enquiries linked to this one because they carry its phone number or e-mail address (issue 37), shown as what
 * they are (issue 55, part 5): anyone can type a customer's number, so the card says which details are the same and
 * which differ, with both enquiries' contact details side by side, and never that it is the same person.
 */
export function LinkedEnquiries({ enquiry, linked }: { enquiry: Contact & { id: number }; linked: LinkedEnquiry[] }) {
  if (linked.length === 0) return null;
  return (
    <section aria-labelledby="linked-heading" class="card linked">
      <h2 id="linked-heading">Same phone or e-mail as another enquiry</h2>
      <p class="quiet">
        Anyone can type someone else’s phone number or e-mail address: a match does not show it is the same person.
        Before sending papers or a visa anywhere new, check with the customer on the details they gave first.
      </p>
      {linked.map((other) => {
        const comparison = compareContacts(enquiry, other);
        const rows = [
          { label: "Name", likeness: comparison.name, show: (contact: Contact) => oneLine(contact.name) || null },
          {
            label: "Phone",
            likeness: comparison.phone,
            show: (contact: Contact) => (contact.phone.trim() ? <PhoneText contact={contact} /> : null),
          },
          {
            label: "E-mail",
            likeness: comparison.email,
            show: (contact: Contact) => (contact.email.trim() ? <EmailText email={contact.email} /> : null),
          },
        ];
        return (
          <div key={other.id} class="linked-one">
            <p class="linked-what">
              <a href={`/office/enquiries/${other.id}`} data-linked={other.id}>
                Enquiry {other.id}
              </a>{" "}
              <span class="quiet-inline">
                {dubaiDateTime(other.receivedAt)}, {other.earlier ? "before" : "after"} this one,{" "}
                {stageLabels[other.stage]}
              </span>
            </p>
            <p class="linked-match">{matchWords(comparison)}</p>
            <table class="side-by-side">
              <caption class="visually-hidden">Contact details of this enquiry and of enquiry {other.id}</caption>
              <thead>
                <tr>
                  <td />
                  <th scope="col">This enquiry</th>
                  <th scope="col">Enquiry {other.id}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.label} class={`likeness-${row.likeness}`}>
                    <th scope="row">
                      {row.label} <span class="likeness">{likenessWords[row.likeness]}</span>
                    </th>
                    {[enquiry, other].map((contact) => (
                      <td key={contact === enquiry ? "this" : "other"}>
                        {row.show(contact) ?? <span class="quiet-inline">None</span>}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        );
      })}
    </section>
  );
}
