import { describe, expect, it } from "vitest";
import { validateEnquiry } from "./validate-enquiry";

const valid = { name: "Maria Santos", email: "maria@example.com", phone: "0501234567" };

describe("validateEnquiry", () => {
  it("accepts a complete enquiry", () => {
    expect(validateEnquiry(valid)).toBeNull();
  });

  it("checks in the spec's order and reports only the first failure", () => {
    expect(validateEnquiry({ name: "", email: "", phone: "" })).toEqual({
      field: "name",
      message: "Full Name is required",
    });
    expect(validateEnquiry({ name: "Maria", email: "", phone: "" })).toEqual({
      field: "email",
      message: "Email is required",
    });
    // The phone check comes before the email format check.
    expect(validateEnquiry({ name: "Maria", email: "not-an-email", phone: "" })).toEqual({
      field: "phone",
      message: "Phone Number is required",
    });
    expect(validateEnquiry({ name: "Maria", email: "not-an-email", phone: "050" })).toEqual({
      field: "email",
      message: "Please enter a valid email address",
    });
  });

  it("treats whitespace-only answers as empty", () => {
    expect(validateEnquiry({ ...valid, name: "  \t " })?.message).toBe("Full Name is required");
    expect(validateEnquiry({ ...valid, email: "   " })?.message).toBe("Email is required");
    expect(validateEnquiry({ ...valid, phone: " \n " })?.message).toBe("Phone Number is required");
  });

  it.each(["maria", "maria@", "maria@example", "@example.com", "maria@example.", "ma ria@example.com", "a@b@c.d"])(
    "rejects %j as an email address",
    (email) => {
      expect(validateEnquiry({ ...valid, email })).toEqual({
        field: "email",
        message: "Please enter a valid email address",
      });
    },
  );

  it.each(["a@b.c", "maria.santos+visa@mail.example.ph", " maria@example.com "])("accepts %j", (email) => {
    expect(validateEnquiry({ ...valid, email })).toBeNull();
  });

  it("has no length limits", () => {
    expect(
      validateEnquiry({ name: "x".repeat(5000), email: `${"y".repeat(3000)}@example.com`, phone: "1" }),
    ).toBeNull();
  });
});
