import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/preact";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { offline } from "../../content/data/offline-messages";
import { draftKey } from "../../lib/forms/enquiry-draft";
import { keptKeyPrefix, keptSentEvent } from "../../lib/forms/kept-enquiry";
import { site } from "../../lib/site-config";
import { hydrateServerHtml } from "../../test-support/hydrate";
import { EnquiryForm } from "./EnquiryForm";

// A visit known at once to be direct: the statistics collector is not part of what the form's tests time.
vi.mock("../../lib/statistics/visits", () => import("../../test-support/direct-visit"));

type FetchMock = ReturnType<typeof vi.fn<typeof globalThis.fetch>>;

let fetchMock: FetchMock;

function answer(body: unknown, status = 200) {
  return new Response(typeof body === "string" ? body : JSON.stringify(body), { status });
}

beforeEach(() => {
  window.localStorage.clear();
  fetchMock = vi.fn<typeof globalThis.fetch>().mockResolvedValue(answer({ success: true }));
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

function renderForm(variant: Parameters<typeof EnquiryForm>[0]["variant"] = "tourist-visa") {
  const user = userEvent.setup({ delay: null });
  const view = render(<EnquiryForm variant={variant} title="Enquiry Now" whatsappTopic="30 Days" />);
  return { user, ...view };
}

const field = {
  name: () => screen.getByLabelText(/Full Name/),
  email: () => screen.getByLabelText(/Email/),
  phone: () => screen.getByLabelText(/Phone Number/),
  visa: () => screen.getByLabelText(/Visa Type/),
  date: () => screen.getByLabelText(/Travel Date/),
  message: () => screen.getByLabelText(/Message/),
};

async function fillValid(user: ReturnType<typeof userEvent.setup>, visa: string | null = "Visa Change") {
  await user.type(field.name(), "Maria Santos");
  await user.type(field.email(), "maria@example.com");
  await user.type(field.phone(), "+971 50 123 4567");
  if (visa) await user.selectOptions(field.visa(), visa);
  fireEvent.change(field.date(), { target: { value: "2026-09-01" } });
  await user.type(field.message(), "Two adults from Manila.");
}

function submitButton() {
  return screen.getByRole("button", { name: /Make Enquiry|Sending\.\.\./ });
}

function sentForm(call = 0): FormData {
  const init = fetchMock.mock.calls[call]?.[1];
  if (!(init?.body instanceof FormData)) throw new Error("no multipart body was sent");
  return init.body;
}

// Typing into jsdom is slow on a busy machine; the default 5 s per test is too tight for the longer journeys.
describe("EnquiryForm", { timeout: 20_000 }, () => {
  it("labels every field and marks the spec's required ones", () => {
    renderForm();
    expect(screen.getByRole("heading", { name: "Enquiry Now" })).toBeInTheDocument();
    expect(screen.getByRole("form", { name: "Enquiry Now" })).toBeInTheDocument();
    expect(field.name()).toHaveAttribute("autocomplete", "name");
    expect(field.email()).toHaveAttribute("type", "email");
    expect(field.email()).toHaveAttribute("autocomplete", "email");
    expect(field.phone()).toHaveAttribute("type", "tel");
    expect(field.phone()).toHaveAttribute("autocomplete", "tel");
    expect(field.date()).toHaveAttribute("type", "date");
    expect(field.message()).toHaveAttribute("rows", "6");
    for (const control of [field.name(), field.email(), field.phone(), field.date(), field.message()]) {
      expect(control).toBeRequired();
    }
    expect(field.visa()).not.toBeRequired();
    expect(submitButton()).toHaveTextContent("Make Enquiry");
  });

  it.each([
    ["tourist-visa", "Tourist Visa"],
    ["visa-changes", "Visa Change"],
    ["visa-documents", "Visa Document"],
    ["visa-packages", "Visa package"],
  ] as const)("starts the %s form at %j with the five general options", (variant, visa) => {
    renderForm(variant);
    expect(field.visa()).toHaveValue(visa);
    const options = within(field.visa()).getAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual([
      "Dubai Visa",
      "Tourist Visa",
      "Visa Change",
      "Visa Document",
      "Visa package",
    ]);
  });

  it.each(["dubai-visa", "services"] as const)(
    "keeps the unlisted default 'Dubai Visa' on %s behind a placeholder",
    (variant) => {
      renderForm(variant);
      expect(field.visa()).toHaveValue("Dubai Visa");
      const options = within(field.visa()).getAllByRole("option", { hidden: true }) as HTMLOptionElement[];
      expect(options.map((option) => [option.textContent, option.value])).toEqual([
        ["Select visa type", "Dubai Visa"],
        ["Dubai Transist Visa", "14 Days Dubai Visa"],
        ["Dubai Tourist Visa", "30 Days Dubai Visa"],
        ["Visa Change Service", "60 Days Dubai Visa"],
        ["Holidays Package", "48 Hours Dubai Transit Visa"],
        ["Kabayan Package", "96 Hours Dubai Transit Visa"],
        ["Dummy Ticket", "90 Days Dubai Leisure Visa"],
      ]);
      expect(options[0]).toBeDisabled();
    },
  );

  it("shows each validation message in the spec's order, above the form, and sends nothing", async () => {
    const { user } = renderForm();
    const form = screen.getByRole("form", { name: "Enquiry Now" });
    const alert = screen.getByRole("alert");
    // fireEvent.submit skips the browser's required checks, as a visitor's browser would not.
    fireEvent.submit(form);
    expect(alert).toHaveTextContent("Full Name is required");
    expect(field.name()).toHaveAttribute("aria-invalid", "true");
    expect(field.name()).toHaveAccessibleDescription("Full Name is required");
    expect(field.name()).toHaveFocus();
    expect(form).toContainElement(alert);
    // Above the fields, as the spec puts it.
    expect(alert.compareDocumentPosition(field.name()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await user.type(field.name(), "   ");
    fireEvent.submit(form);
    expect(alert).toHaveTextContent("Full Name is required");

    await user.type(field.name(), "Maria");
    fireEvent.submit(form);
    expect(alert).toHaveTextContent("Email is required");
    expect(field.name()).not.toHaveAttribute("aria-invalid");
    expect(field.email()).toHaveAttribute("aria-invalid", "true");

    await user.type(field.email(), "maria-at-example");
    fireEvent.submit(form);
    expect(alert).toHaveTextContent("Phone Number is required");
    expect(field.phone()).toHaveAttribute("aria-invalid", "true");

    await user.type(field.phone(), "0501234567");
    fireEvent.submit(form);
    expect(alert).toHaveTextContent("Please enter a valid email address");
    expect(field.email()).toHaveAttribute("aria-invalid", "true");
    expect(within(alert).queryByRole("link")).not.toBeInTheDocument();

    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("brings the message of a failed check into view, each time, then leaves focus on the field at fault", () => {
    renderForm();
    const scrolled: Element[] = [];
    // jsdom lays nothing out and has no scrollIntoView of its own.
    const spy = vi.fn(function (this: Element) {
      scrolled.push(this);
    });
    Element.prototype.scrollIntoView = spy;
    try {
      const form = screen.getByRole("form", { name: "Enquiry Now" });
      const alert = screen.getByRole("alert");
      fireEvent.submit(form);
      // The block around the alert: scrolled so that the message shows (the page's scroll padding keeps it
      // below the sticky header).
      expect(scrolled).toHaveLength(1);
      expect(scrolled[0]).toContainElement(alert);
      expect(spy).toHaveBeenCalledWith({ block: "nearest" });
      expect(field.name()).toHaveFocus();
      fireEvent.submit(form);
      expect(scrolled).toHaveLength(2);
      expect(field.name()).toHaveFocus();
    } finally {
      // @ts-expect-error -- removing the stand-in again; jsdom's Element has no scrollIntoView
      delete Element.prototype.scrollIntoView;
    }
  });

  it("sends the spec's multipart payload without adult and child", async () => {
    const { user } = renderForm();
    await fillValid(user);
    await user.click(submitButton());
    await screen.findByText("Your enquiry has been submitted successfully!");

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/submit");
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe("POST");
    const data = sentForm();
    expect(Object.fromEntries(data)).toEqual({
      access_key: expect.any(String),
      name: "Maria Santos",
      email: "maria@example.com",
      phone: "+971 50 123 4567",
      visa_type: "Visa Change",
      date: "2026-09-01",
      message: "Two adults from Manila.",
      to_email: expect.stringMatching(/@/),
      // Beyond the spec: the honeypot, empty as a person leaves it (app/lib/forms/honeypot.ts), then for the site's
      // own inbox only the label of the visa picked (issue 35, item 3) and where the visit came from
      // (app/lib/statistics/source.ts), after the spec's fields.
      botcheck: "",
      visa_label: "Visa Change",
      source: "direct",
    });
    expect([...data.keys()].slice(-3)).toEqual(["botcheck", "visa_label", "source"]);
    expect(data.has("adult")).toBe(false);
    expect(data.has("child")).toBe(false);
  });

  it("issue 35, item 3: on a Dubai form sends the spec's value and, for its own inbox, the label the visitor picked", async () => {
    const { user } = renderForm("dubai-visa");
    await fillValid(user, null);
    await user.selectOptions(field.visa(), "Visa Change Service");
    await user.click(submitButton());
    await screen.findByText("Your enquiry has been submitted successfully!");
    const data = sentForm();
    expect(data.get("visa_type")).toBe("60 Days Dubai Visa");
    expect(data.get("visa_label")).toBe("Visa Change Service");
  });

  it("issue 35, item 3: sends no label while the Dubai form's default, which the visitor did not pick, stands", async () => {
    const { user } = renderForm("dubai-visa");
    await fillValid(user, null);
    await user.click(submitButton());
    await screen.findByText("Your enquiry has been submitted successfully!");
    expect(sentForm().get("visa_type")).toBe("Dubai Visa");
    expect(sentForm().has("visa_label")).toBe(false);
  });

  it("issue 35, item 3: the WhatsApp fallback names the visa the visitor picked", async () => {
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    const { user } = renderForm("dubai-visa");
    await fillValid(user, null);
    await user.selectOptions(field.visa(), "Dummy Ticket");
    await user.click(submitButton());
    const link = await within(screen.getByRole("alert")).findByRole("link", { name: /on WhatsApp/ });
    const text = new URL(link.getAttribute("href") ?? "").searchParams.get("text") ?? "";
    expect(text).toContain("Visa type: Dummy Ticket (sent as 90 Days Dubai Leisure Visa)");
  });

  it("disables the button and reads 'Sending...' while pending, and lets only one submit out", async () => {
    let reply: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (reply = resolve)));
    const { user } = renderForm();
    await fillValid(user);
    await user.click(submitButton());

    const button = screen.getByRole("button", { name: "Sending..." });
    expect(button).toBeDisabled();
    expect(screen.getByRole("form", { name: "Enquiry Now" })).toHaveAttribute("aria-busy", "true");
    fireEvent.submit(screen.getByRole("form", { name: "Enquiry Now" }));
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await act(async () => reply(answer({ success: true })));
    await waitFor(() => expect(screen.getByRole("button", { name: "Make Enquiry" })).toBeEnabled());
  });

  it("on success shows the success text in a status region and resets every field to its defaults", async () => {
    const { user } = renderForm("dubai-visa");
    await user.type(field.name(), "Maria Santos");
    await user.type(field.email(), "maria@example.com");
    await user.type(field.phone(), "0501234567");
    await user.selectOptions(field.visa(), "Dummy Ticket");
    fireEvent.change(field.date(), { target: { value: "2026-09-01" } });
    await user.type(field.message(), "Hello");
    expect(window.localStorage.getItem(draftKey("dubai-visa"))).not.toBeNull();

    await user.click(submitButton());
    await waitFor(() =>
      expect(screen.getByRole("status")).toHaveTextContent("Your enquiry has been submitted successfully!"),
    );
    expect(sentForm().get("visa_type")).toBe("90 Days Dubai Leisure Visa");
    expect(field.name()).toHaveValue("");
    expect(field.email()).toHaveValue("");
    expect(field.phone()).toHaveValue("");
    expect(field.visa()).toHaveValue("Dubai Visa");
    expect(field.date()).toHaveValue("");
    expect(field.message()).toHaveValue("");
    expect(screen.getByRole("alert")).toBeEmptyDOMElement();
    expect(window.localStorage.getItem(draftKey("dubai-visa"))).toBeNull();
  });

  it.each([
    ["the service's message", () => answer({ success: false, message: "Invalid access key" }), "Invalid access key"],
    ["'Form submission failed'", () => answer({ success: false }), "Form submission failed"],
    ["a clear message for an HTML 500", () => answer("<h1>Server Error</h1>", 500), /could not read/],
  ])("on a refusal shows %s and keeps the fields", async (_case, response, message) => {
    fetchMock.mockImplementation(async () => response());
    const { user } = renderForm();
    await fillValid(user);
    await user.click(submitButton());

    const alert = screen.getByRole("alert");
    await waitFor(() => expect(alert).toHaveTextContent(message));
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
    expect(field.name()).toHaveValue("Maria Santos");
    expect(field.email()).toHaveValue("maria@example.com");
    expect(field.visa()).toHaveValue("Visa Change");
    expect(field.message()).toHaveValue("Two adults from Manila.");
    expect(screen.getByRole("button", { name: "Make Enquiry" })).toBeEnabled();
  });

  it("issue 38: on a network failure, says the enquiry is kept on this phone, with WhatsApp and the phone", async () => {
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    const { user } = renderForm();
    await fillValid(user);
    await user.click(submitButton());

    const alert = screen.getByRole("alert");
    // The spec's message first, to the letter; what the site adds comes after it.
    await waitFor(() => expect(alert).toHaveTextContent("Failed to fetch"));
    expect(alert).toHaveTextContent(offline.kept);
    expect(within(alert).getByRole("link", { name: /Send your enquiry on WhatsApp/ })).toBeInTheDocument();
    const call = within(alert).getByRole("link", { name: `Call ${site.phone.display}` });
    expect(call).toHaveAttribute("href", site.phone.href);
    expect(window.localStorage.getItem(`${keptKeyPrefix}enquiry:tourist-visa`)).toContain("Maria Santos");
    expect(field.name()).toHaveValue("Maria Santos");
    expect(screen.getByRole("form", { name: "Enquiry Now" })).toHaveAccessibleDescription("Failed to fetch");
  });

  it("issue 38: a refusal from the inbox is not kept, and says what it said before", async () => {
    fetchMock.mockResolvedValue(answer({ success: false, message: "Invalid key" }, 400));
    const { user } = renderForm();
    await fillValid(user);
    await user.click(submitButton());
    const alert = screen.getByRole("alert");
    await waitFor(() => expect(alert).toHaveTextContent("Invalid key"));
    expect(alert).not.toHaveTextContent(offline.kept);
    expect(within(alert).queryByRole("link", { name: /^Call / })).toBeNull();
    expect(window.localStorage.getItem(`${keptKeyPrefix}enquiry:tourist-visa`)).toBeNull();
  });

  it("issue 38: once the kept enquiry has gone, the form says so and starts afresh", async () => {
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    const { user } = renderForm();
    await fillValid(user);
    await user.click(submitButton());
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent(offline.kept));

    // Another form's enquiry is not this one's.
    const other = new CustomEvent(keptSentEvent, { detail: { outcome: "sent", slot: "contact" }, cancelable: true });
    act(() => void window.dispatchEvent(other));
    expect(other.defaultPrevented).toBe(false);

    const event = new CustomEvent(keptSentEvent, {
      detail: { outcome: "sent", slot: "enquiry:tourist-visa" },
      cancelable: true,
    });
    act(() => void window.dispatchEvent(event));
    expect(event.defaultPrevented).toBe(true);
    await screen.findByText("Your enquiry has been submitted successfully!");
    expect(screen.getByRole("alert")).toBeEmptyDOMElement();
    expect(field.name()).toHaveValue("");
  });

  it("on a network failure shows the exception's message and offers the enquiry on WhatsApp", async () => {
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    const { user } = renderForm();
    await fillValid(user);
    await user.click(submitButton());

    const alert = screen.getByRole("alert");
    await waitFor(() => expect(alert).toHaveTextContent("Failed to fetch"));
    const link = within(alert).getByRole("link", { name: /Send your enquiry on WhatsApp/ });
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", expect.stringContaining("noopener"));
    const href = new URL(link.getAttribute("href") ?? "");
    expect(href.hostname).toBe("wa.me");
    const text = href.searchParams.get("text") ?? "";
    expect(text).toContain("Page: 30 Days");
    expect(text).toContain("Name: Maria Santos");
    expect(text).toContain("Visa type: Visa Change");
    expect(text).toContain("Travel date: 2026-09-01");
    expect(text).toContain("Message: Two adults from Manila.");
    expect(field.phone()).toHaveValue("+971 50 123 4567");
  });

  it("gives up after 20 seconds with a timeout message, the fields kept and the button back", async () => {
    fetchMock.mockImplementation(() => new Promise<Response>(() => undefined));
    renderForm();
    fireEvent.change(field.name(), { target: { value: "Maria" } });
    fireEvent.change(field.email(), { target: { value: "maria@example.com" } });
    fireEvent.change(field.phone(), { target: { value: "0501234567" } });
    vi.useFakeTimers();
    try {
      fireEvent.submit(screen.getByRole("form", { name: "Enquiry Now" }));
      expect(screen.getByRole("button", { name: "Sending..." })).toBeDisabled();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(20_000);
      });
      expect(screen.getByRole("alert")).toHaveTextContent("did not answer in time");
      expect(screen.getByRole("button", { name: "Make Enquiry" })).toBeEnabled();
      expect(field.name()).toHaveValue("Maria");
    } finally {
      vi.useRealTimers();
    }
  });

  it("clears the previous success when a new attempt fails validation", async () => {
    const { user } = renderForm();
    await fillValid(user);
    await user.click(submitButton());
    await screen.findByText("Your enquiry has been submitted successfully!");
    fireEvent.submit(screen.getByRole("form", { name: "Enquiry Now" }));
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
    expect(screen.getByRole("alert")).toHaveTextContent("Full Name is required");
  });

  it("restores the draft after a remount and ignores junk in storage", async () => {
    const { user, unmount } = renderForm();
    await user.type(field.name(), "Maria");
    await user.selectOptions(field.visa(), "Visa package");
    unmount();

    // One form on the page at a time, as on the site (each page has one root, and ids are unique within it).
    const again = renderForm();
    await waitFor(() => expect(field.name()).toHaveValue("Maria"));
    expect(field.visa()).toHaveValue("Visa package");
    again.unmount();
    // Each page group keeps its own draft.
    const other = render(<EnquiryForm variant="visa-changes" title="Other" />);
    expect(field.name()).toHaveValue("");
    other.unmount();

    window.localStorage.setItem(draftKey("visa-documents"), "{not json");
    renderForm("visa-documents");
    expect(field.name()).toHaveValue("");
  });

  it("renders the defaults on the server and restores the draft only after hydration", async () => {
    window.localStorage.setItem(
      draftKey("tourist-visa"),
      JSON.stringify({ savedAt: Date.now(), values: { name: "Draft Name" } }),
    );
    const tree = <EnquiryForm variant="tourist-visa" title="Enquiry Now" />;
    const { html, container, mismatch, unmount } = await hydrateServerHtml(tree);
    expect(html).not.toContain("Draft Name");
    expect(mismatch).toBeNull();
    expect(within(container).getByLabelText(/Full Name/)).toHaveValue("Draft Name");
    unmount();
  });
});
