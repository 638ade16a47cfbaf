import { describe, expect, it } from "vitest";
import {
  enquiryFieldNames,
  enquiryFields,
  enquiryFormFields,
  enquiryStates,
  type EnquiryFieldDescription,
} from "./enquiry-fields";

const described: [string, EnquiryFieldDescription][] = Object.entries(enquiryFields);

describe("an enquiry's fields, described once (issue 36, item 2)", () => {
  it("lists the spec's fields in the order the agency reads them (the CSV's and the mail's), the visa label after the visa", () => {
    const spec = enquiryFieldNames.filter((name) => !("optional" in enquiryFields[name]));
    expect(spec).toEqual(["name", "email", "phone", "visaType", "date", "adult", "child", "subject", "message"]);
    expect(enquiryFieldNames.indexOf("visaLabel")).toBe(enquiryFieldNames.indexOf("visaType") + 1);
  });

  it("gives the form's state the spec's names: name, email, phone, visa, adult, child, date, message", () => {
    const spec = enquiryFormFields.filter(({ optional }) => !optional).map(({ form }) => form.state);
    expect(spec.sort()).toEqual(["name", "email", "phone", "visa", "adult", "child", "date", "message"].sort());
  });

  it("sends the spec's multipart names, those sent only when filled last", () => {
    const spec = enquiryFormFields.filter(({ optional }) => !optional);
    const always = spec.filter(({ form }) => !form.whenFilled).map(({ sent }) => sent[0]);
    const whenFilled = spec.filter(({ form }) => form.whenFilled).map(({ sent }) => sent[0]);
    expect(always).toEqual(["name", "email", "phone", "visa_type", "date", "message"]);
    expect(whenFilled).toEqual(["adult", "child"]);
  });

  it("makes every field beyond the spec optional: not known for the enquiries from before it", () => {
    const spec = ["name", "email", "phone", "visaType", "date", "adult", "child", "subject", "message"];
    for (const [name, field] of described) if (!spec.includes(name)) expect(field.optional, name).toBe(true);
  });

  it("reads the Contact form's phone as phoneNo (its JSON), then phone", () => {
    expect(enquiryFields.phone.contactSent).toEqual(["phoneNo", "phone"]);
  });

  it("names no column, no sent name and no form state twice", () => {
    const columns = described.map(([, field]) => field.column);
    const sent = described.flatMap(([, field]) => field.sent);
    expect(new Set(columns).size).toBe(columns.length);
    expect(new Set(sent).size).toBe(sent.length);
    expect(new Set(enquiryStates).size).toBe(enquiryStates.length);
  });

  it("labels the checked fields as the spec's messages name them", () => {
    const checked = enquiryFormFields.filter(({ form }) => form.required === "checked");
    expect(checked.map(({ form }) => `${form.input?.label} is required`)).toEqual([
      "Full Name is required",
      "Email is required",
      "Phone Number is required",
    ]);
  });

  it("is plain data: text, numbers, booleans and lists of them, nothing that runs", () => {
    const plain = (value: unknown): boolean =>
      ["string", "number", "boolean"].includes(typeof value) ||
      (typeof value === "object" && value !== null && Object.values(value).every(plain));
    expect(plain(enquiryFields)).toBe(true);
    expect(JSON.parse(JSON.stringify(enquiryFields))).toEqual(enquiryFields);
  });
});
