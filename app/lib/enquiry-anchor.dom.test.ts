import type { UIMatch } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { enquiryAnchorId, firstField, goToEnquiryForm, pageHasEnquiryForm } from "./enquiry-anchor";

function match(handle: unknown, params: UIMatch["params"] = {}): UIMatch {
  return { id: "route", pathname: "/", params, loaderData: undefined, handle };
}

describe("pageHasEnquiryForm", () => {
  it("asks each matched route's handle about its match", () => {
    const detail = { enquiryForm: (own: UIMatch) => own.params.id !== "abc" };
    expect(pageHasEnquiryForm([match(undefined), match(detail, { id: "1" })])).toBe(true);
    expect(pageHasEnquiryForm([match(undefined), match(detail, { id: "abc" })])).toBe(false);
  });

  it("is false for routes without such a handle", () => {
    expect(pageHasEnquiryForm([match(undefined), match({ title: "x" }), match(null)])).toBe(false);
  });
});

describe("the Enquire link's target", () => {
  afterEach(() => document.body.replaceChildren());

  /** jsdom lays nothing out: give every element a size unless it is meant to be hidden. */
  function sized() {
    return vi.spyOn(Element.prototype, "getBoundingClientRect").mockImplementation(function (this: Element) {
      const tiny = this.classList.contains("visually-hidden");
      return new DOMRect(0, 0, tiny ? 1 : 200, tiny ? 1 : 40);
    });
  }

  it("focuses the first field a visitor types in, skipping hidden and untabbable ones", () => {
    sized();
    document.body.innerHTML = `
      <div id="${enquiryAnchorId}">
        <form>
          <input type="hidden" name="token">
          <div aria-hidden="true"><input name="trap"></div>
          <input name="trap2" tabindex="-1">
          <input name="trap3" class="visually-hidden">
          <input name="name"><input name="email">
        </form>
      </div>`;
    const block = document.getElementById(enquiryAnchorId);
    if (!block) throw new Error("no block");
    expect(firstField(block)?.getAttribute("name")).toBe("name");
    block.scrollIntoView = vi.fn();
    expect(goToEnquiryForm(document)).toBe(true);
    expect(block.scrollIntoView).toHaveBeenCalledWith({ block: "start" });
    expect(document.activeElement?.getAttribute("name")).toBe("name");
  });

  it("reports a page without the form, so that the link can go elsewhere", () => {
    document.body.innerHTML = `<form><input name="name"></form>`;
    expect(goToEnquiryForm(document)).toBe(false);
    expect(document.activeElement).toBe(document.body);
  });
});
