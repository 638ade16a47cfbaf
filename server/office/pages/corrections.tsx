/** @jsxImportSource preact */
import { spaced } from "../../data/enquiries/phone";
import { oneLine } from "../../text";
import type { EnquiryDetail } from "../work";
import { PostForm } from "./post-form";

/* The enquiry page's corrections (issue 35): the phone number as it should be dialled, the e-mail address. */

/** The number as it should be dialled, typed by someone in the office: a flagged one's likeliest reading offered. */
export function PhoneForm({
  enquiry,
  problem,
}: { problem?: { form: string; message: string; text: string } } & { enquiry: EnquiryDetail }) {
  const shown = problem?.form === "phone";
  const offered = enquiry.phoneFlag?.candidates[0] ?? enquiry.phoneInternational;
  return (
    <PostForm action={`/office/enquiries/${enquiry.id}/phone`} class="phone-form">
      <label htmlFor="phone-number">Number with its country code</label>
      <div class="inline">
        <input
          id="phone-number"
          name="phone"
          type="tel"
          maxLength={40}
          value={shown ? problem.text : offered ? spaced(offered) : ""}
          aria-invalid={shown ? "true" : undefined}
          aria-describedby={shown ? "phone-problem" : undefined}
        />
        <button type="submit">Save number</button>
      </div>
      {shown ? (
        <p id="phone-problem" class="error" role="alert">
          {problem.message}
        </p>
      ) : null}
    </PostForm>
  );
}

/**
 * The address as it should be, typed by someone in the office: the current one offered for a typo's fix, unless it
 * holds characters that are shown marked (oneLine), which an input would show raw.
 */
export function EmailForm({
  enquiry,
  problem,
}: { problem?: { form: string; message: string; text: string } } & { enquiry: EnquiryDetail }) {
  const shown = problem?.form === "email";
  const offered = oneLine(enquiry.email) === enquiry.email ? enquiry.email : "";
  return (
    // The server checks the address by the site's own rule, and says what is wrong in words (noValidate).
    <PostForm action={`/office/enquiries/${enquiry.id}/email`} class="phone-form" noValidate>
      <label htmlFor="email-address">E-mail address</label>
      <div class="inline">
        <input
          id="email-address"
          name="email"
          type="email"
          maxLength={254}
          value={shown ? problem.text : offered}
          aria-invalid={shown ? "true" : undefined}
          aria-describedby={shown ? "email-problem" : undefined}
        />
        <button type="submit">Save address</button>
      </div>
      {shown ? (
        <p id="email-problem" class="error" role="alert">
          {problem.message}
        </p>
      ) : null}
    </PostForm>
  );
}
