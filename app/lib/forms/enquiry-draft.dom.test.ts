import { beforeEach, describe, expect, it } from "vitest";
import { MemoryStorage } from "../../test-support/memory-storage";
import {
  clearDraft,
  defaultEnquiryValues,
  draftKey,
  draftMaxAgeMs,
  draftUnder,
  readDraft,
  saveDraft,
  type DraftOptions,
} from "./enquiry-draft";

/** What Safari and Firefox do when site data is blocked or the quota is used up. */
class BrokenStorage extends MemoryStorage {
  override getItem(): string | null {
    throw new DOMException("The operation is insecure.", "SecurityError");
  }
  override setItem(): void {
    throw new DOMException("Quota exceeded", "QuotaExceededError");
  }
  override removeItem(): void {
    throw new DOMException("The operation is insecure.", "SecurityError");
  }
}

let storage: MemoryStorage;
let options: DraftOptions;
const typed = { ...defaultEnquiryValues("tourist-visa"), name: "Maria", message: "Arriving in August" };

beforeEach(() => {
  storage = new MemoryStorage();
  options = { storage, now: () => 1_000_000 };
});

describe("enquiry drafts", () => {
  it("starts every variant at the spec's defaults", () => {
    expect(defaultEnquiryValues("dubai-visa").visa).toBe("Dubai Visa");
    expect(defaultEnquiryValues("services").visa).toBe("Dubai Visa");
    expect(defaultEnquiryValues("about").visa).toBe("Dubai Visa");
    expect(defaultEnquiryValues("tourist-visa").visa).toBe("Tourist Visa");
    expect(defaultEnquiryValues("visa-changes").visa).toBe("Visa Change");
    expect(defaultEnquiryValues("visa-documents").visa).toBe("Visa Document");
    expect(defaultEnquiryValues("visa-packages")).toEqual({
      name: "",
      email: "",
      phone: "",
      visa: "Visa package",
      adult: "",
      child: "",
      date: "",
      message: "",
    });
  });

  it("saves and restores a draft per variant", () => {
    saveDraft("tourist-visa", typed, options);
    expect(readDraft("tourist-visa", options)).toEqual(typed);
    expect(readDraft("visa-changes", options)).toBeNull();
  });

  it("clears a draft", () => {
    saveDraft("tourist-visa", typed, options);
    clearDraft("tourist-visa", options);
    expect(storage.getItem(draftKey("tourist-visa"))).toBeNull();
    expect(readDraft("tourist-visa", options)).toBeNull();
  });

  it("leaves no draft when the form is back at its defaults", () => {
    saveDraft("tourist-visa", typed, options);
    saveDraft("tourist-visa", defaultEnquiryValues("tourist-visa"), options);
    expect(storage.length).toBe(0);
  });

  it.each([
    ["not JSON", "{oops"],
    ["JSON of the wrong shape", JSON.stringify({ values: "Maria" })],
    ["fields of the wrong type", JSON.stringify({ savedAt: 1, values: { name: 42 } })],
    ["null", "null"],
  ])("ignores and removes junk: %s", (_case, raw) => {
    storage.setItem(draftKey("tourist-visa"), raw);
    expect(readDraft("tourist-visa", options)).toBeNull();
    expect(storage.getItem(draftKey("tourist-visa"))).toBeNull();
  });

  it("fills fields missing from an older draft with the defaults", () => {
    storage.setItem(draftKey("visa-packages"), JSON.stringify({ savedAt: 999_999, values: { name: "Ana" } }));
    expect(readDraft("visa-packages", options)).toEqual({ ...defaultEnquiryValues("visa-packages"), name: "Ana" });
  });

  it("falls back to the default visa when the saved one is not an option any more", () => {
    saveDraft("tourist-visa", { ...typed, visa: "Moon Visa" }, options);
    expect(readDraft("tourist-visa", options)?.visa).toBe("Tourist Visa");
  });

  it("keeps the unlisted default 'Dubai Visa' and any Dubai option", () => {
    const dubai = { ...defaultEnquiryValues("dubai-visa"), name: "Ana" };
    saveDraft("dubai-visa", dubai, options);
    expect(readDraft("dubai-visa", options)?.visa).toBe("Dubai Visa");
    saveDraft("dubai-visa", { ...dubai, visa: "90 Days Dubai Leisure Visa" }, options);
    expect(readDraft("dubai-visa", options)?.visa).toBe("90 Days Dubai Leisure Visa");
  });

  it("drops a draft older than the maximum age", () => {
    saveDraft("tourist-visa", typed, options);
    expect(readDraft("tourist-visa", { storage, now: () => 1_000_000 + draftMaxAgeMs + 1 })).toBeNull();
    expect(storage.length).toBe(0);
  });

  it("works without storage and with storage that throws", () => {
    expect(readDraft("tourist-visa", { storage: null })).toBeNull();
    expect(() => saveDraft("tourist-visa", typed, { storage: null })).not.toThrow();

    const broken = new BrokenStorage();
    expect(() => saveDraft("tourist-visa", typed, { storage: broken })).not.toThrow();
    expect(readDraft("tourist-visa", { storage: broken })).toBeNull();
    expect(() => clearDraft("tourist-visa", { storage: broken })).not.toThrow();
  });

  it("uses the browser's localStorage by default", () => {
    window.localStorage.clear();
    saveDraft("visa-documents", { ...defaultEnquiryValues("visa-documents"), phone: "050" });
    expect(readDraft("visa-documents")?.phone).toBe("050");
    clearDraft("visa-documents");
    expect(window.localStorage.length).toBe(0);
  });

  it("fills from a draft only the fields the visitor has left alone, never the one they are in", () => {
    const defaults = defaultEnquiryValues("visa-changes");
    const draft = { ...defaults, name: "Old name", email: "old@example.com", phone: "050", message: "Old message" };
    const current = { ...defaults, name: "Typed while loading" };
    expect(draftUnder(current, draft, defaults, "email")).toEqual({
      ...draft,
      name: "Typed while loading",
      email: "",
    });
    expect(draftUnder(defaults, draft, defaults, null)).toEqual(draft);
  });
});
