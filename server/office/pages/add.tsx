/** @jsxImportSource preact */
import { PostForm } from "./post-form";
import { dubaiVisaOptions, generalVisaOptions } from "../../../app/content/enquiry-options";
import type { CameBy } from "../../data/schema";
import { longestNote } from "./enquiry";
import { cameByLabels } from "./labels";

/** What the add form holds: as typed, kept when it comes back with a problem. */
export interface AddValues {
  name: string;
  phone: string;
  email: string;
  service: string;
  came: string;
  message: string;
}

export type AddField = keyof AddValues;

export const emptyAdd: AddValues = { name: "", phone: "", email: "", service: "", came: "", message: "" };

export interface AddProps {
  values: AddValues;
  /** Each field's problem, when the form came back. */
  problems?: Partial<Record<AddField, string>>;
}

/** The service choices: the site's own visa options, by their labels (what the visitor would have picked). */
export const serviceGroups = [
  { label: "Dubai visas", options: dubaiVisaOptions },
  { label: "Other services", options: generalVisaOptions },
] as const;

export const cameByOrder = Object.keys(cameByLabels) as CameBy[];

/**
 * "Add an enquiry": one that came by a walk-in, a phone call or a WhatsApp chat, typed in by someone in the office
 * (issue 35, item 6). It joins the inbox like a visitor's, never mailed, and the timeline says who added it.
 */
export function Add({ values, problems = {} }: AddProps) {
  const problemOf = (field: AddField) =>
    problems[field] ? (
      <p id={`${field}-problem`} class="error" role="alert">
        {problems[field]}
      </p>
    ) : null;
  const invalid = (field: AddField) =>
    problems[field] ? { "aria-invalid": "true" as const, "aria-describedby": `${field}-problem` } : {};
  return (
    <>
      <p class="back">
        <a href="/office">← Inbox</a>
      </p>
      <h1>Add an enquiry</h1>
      <p class="subtitle">A walk-in, a phone call or a WhatsApp chat. It is not mailed to the agency.</p>
      <PostForm action="/office/add" class="card add-form" noValidate>
        <fieldset class="came" {...(problems.came ? { "aria-describedby": "came-problem" } : {})}>
          <legend>How it came</legend>
          <div class="choices">
            {cameByOrder.map((came) => (
              <label key={came} class="choice">
                <input type="radio" name="came" value={came} checked={values.came === came} required />
                <span>{cameByLabels[came]}</span>
              </label>
            ))}
          </div>
          {problemOf("came")}
        </fieldset>
        <label htmlFor="add-name">Name</label>
        <input id="add-name" name="name" maxLength={200} autoComplete="off" value={values.name} {...invalid("name")} />
        {problemOf("name")}
        <label htmlFor="add-phone">Phone</label>
        <input
          id="add-phone"
          name="phone"
          type="tel"
          maxLength={40}
          autoComplete="off"
          value={values.phone}
          {...invalid("phone")}
        />
        <p class="quiet hint">With its country code, unless it is a UAE number: +91 98450 12345, 050 123 4567.</p>
        {problemOf("phone")}
        <label htmlFor="add-email">
          E-mail <span class="optional">(if they gave one)</span>
        </label>
        <input
          id="add-email"
          name="email"
          type="email"
          maxLength={254}
          autoComplete="off"
          value={values.email}
          {...invalid("email")}
        />
        {problemOf("email")}
        <label htmlFor="add-service">Service</label>
        <select id="add-service" name="service" {...invalid("service")}>
          <option value="" selected={values.service === ""}>
            Not said
          </option>
          {serviceGroups.map((group) => (
            <optgroup key={group.label} label={group.label}>
              {group.options.map((option) => (
                <option key={option.label} value={option.label} selected={values.service === option.label}>
                  {option.label}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        {problemOf("service")}
        <label htmlFor="add-message">What they asked, and notes</label>
        <textarea id="add-message" name="message" rows={4} maxLength={longestNote} {...invalid("message")}>
          {values.message}
        </textarea>
        {problemOf("message")}
        <button type="submit" class="primary">
          Add the enquiry
        </button>
      </PostForm>
    </>
  );
}
