// @vitest-environment node
import { describe, expect, it } from "vitest";
import { compareContacts, type Contact, matchWords } from "./contact-match";

/* Issue 55, part 5: what two linked enquiries have in common, said as details, never as one person. */

const amira: Contact = {
  name: "Amira Haddad",
  phone: "050 111 0004",
  phoneInternational: "+971501110004",
  email: "Amira@Example.com",
};

const words = (other: Partial<Contact>) => matchWords(compareContacts(amira, { ...amira, ...other }));

describe("two linked enquiries' contact details", () => {
  it("compares the number by its international form, the address whatever its case, the name whatever its spacing", () => {
    expect(
      compareContacts(amira, {
        name: " amira  haddad",
        phone: "+971 50 111 0004",
        phoneInternational: "+971501110004",
        email: "amira@example.COM",
      }),
    ).toEqual({ name: "same", phone: "same", email: "same" });
    expect(compareContacts(amira, { ...amira, phone: "", phoneInternational: null, email: "" })).toEqual({
      name: "same",
      phone: "one",
      email: "one",
    });
  });

  it("says what matched and what differs", () => {
    expect(words({ name: "Amira", email: "other@example.com" })).toBe(
      "Same phone number; different e-mail address and name.",
    );
    expect(words({ phone: "+63 917 555 0101", phoneInternational: "+639175550101" })).toBe(
      "Same e-mail address and name; different phone number.",
    );
    expect(words({})).toBe("Same phone number, e-mail address and name.");
    expect(words({ email: "" })).toBe("Same phone number and name; only one has an e-mail address.");
    expect(words({ email: "x@example.com", phone: "050 999 9999", phoneInternational: "+971509999999" })).toBe(
      "Linked when it came, but neither the phone number nor the e-mail address is the same now; same name; different phone number and e-mail address.",
    );
    for (const other of [{ name: "Amira" }, {}, { email: "" }]) expect(words(other)).not.toMatch(/visitor|person/i);
  });
});
