import { describe, expect, it } from "vitest";
import { valuesTypedBeforeHydration } from "./typed-before-hydration";

function form(html: string): HTMLFormElement {
  const element = document.createElement("form");
  element.innerHTML = html;
  return element;
}

describe("valuesTypedBeforeHydration", () => {
  const defaults = { name: "", visa: "Dubai Visa", message: "" };

  it("returns the fields whose value differs from the default, by name", () => {
    const typed = form(
      `<input name="name" value="Amina"><select name="visa"><option>Dubai Visa</option><option selected>Tourist Visa</option></select>` +
        `<textarea name="message"></textarea>`,
    );
    expect(valuesTypedBeforeHydration(typed, defaults)).toEqual({ name: "Amina", visa: "Tourist Visa" });
  });

  it("returns nothing for untouched fields, fields not in the form, or no form", () => {
    expect(valuesTypedBeforeHydration(form(`<input name="name" value="">`), defaults)).toEqual({});
    expect(valuesTypedBeforeHydration(null, defaults)).toEqual({});
  });
});
