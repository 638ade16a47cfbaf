import { render, screen, waitFor, within } from "@testing-library/preact";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { offline } from "../../content/data/offline-messages";
import { keptKeyPrefix } from "../../lib/forms/kept-enquiry";
import { ContactForm } from "./ContactForm";

// A visit known at once to be direct: the statistics collector is not part of what the form's tests time.
vi.mock("../../lib/statistics/visits", () => import("../../test-support/direct-visit"));

let fetchMock: ReturnType<typeof vi.fn<typeof globalThis.fetch>>;

beforeEach(() => {
  window.localStorage.clear();
  fetchMock = vi.fn<typeof globalThis.fetch>().mockResolvedValue(new Response(JSON.stringify({ success: true })));
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

async function fillAndSend() {
  const user = userEvent.setup({ delay: null });
  render(<ContactForm />);
  await user.type(screen.getByLabelText("Your Name"), "Jose Reyes");
  await user.type(screen.getByLabelText("Email"), "jose@example.com");
  await user.type(screen.getByLabelText("Phone Number"), "+971 50 000 0000");
  await user.type(screen.getByLabelText("Subject"), "Visa change");
  await user.type(screen.getByLabelText("Message"), "By road this week?");
  await user.click(screen.getByRole("button", { name: "Send Message" }));
}

describe("ContactForm", { timeout: 20_000 }, () => {
  it("labels every field under the 'Send us Message' heading", () => {
    render(<ContactForm />);
    expect(screen.getByRole("form", { name: "Send us Message" })).toBeInTheDocument();
    for (const label of ["Your Name", "Email", "Phone Number", "Subject", "Message"]) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
  });

  it("POSTs the spec's JSON body, keys unchanged (issue 35, item 2)", async () => {
    await fillAndSend();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/submit");
    expect(init?.method).toBe("POST");
    const body: unknown = JSON.parse(String(init?.body));
    expect(body).toEqual({
      name: "Jose Reyes",
      email: "jose@example.com",
      phoneNo: "+971 50 000 0000",
      message: "By road this week?",
      subject: "Visa change",
      access_key: expect.any(String),
      // Beyond the spec: the honeypot, empty as a person leaves it (app/lib/forms/honeypot.ts), and, for the site's
      // own inbox only, where the visit came from (app/lib/statistics/source.ts).
      botcheck: "",
      source: "direct",
    });
    expect(Object.keys(body as object).slice(0, 6)).toEqual([
      "name",
      "email",
      "phoneNo",
      "message",
      "subject",
      "access_key",
    ]);
  });

  it("issue 35, item 2: reads 'Sending...' while sending, then says it was sent and empties the fields", async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    await fillAndSend();
    const sending = await screen.findByRole("button", { name: "Sending..." });
    expect(sending).toBeDisabled();
    expect(screen.getByRole("form", { name: "Send us Message" })).toHaveAttribute("aria-busy", "true");
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    answer(new Response(JSON.stringify({ success: true })));

    await waitFor(() =>
      expect(screen.getByRole("status")).toHaveTextContent("Your enquiry has been submitted successfully!"),
    );
    expect(screen.getByRole("button", { name: "Send Message" })).toBeEnabled();
    for (const label of ["Your Name", "Email", "Phone Number", "Subject", "Message"]) {
      expect(screen.getByLabelText(label)).toHaveValue("");
    }
  });

  it("sends even with empty or malformed fields: the spec has no validation for this form", async () => {
    const user = userEvent.setup({ delay: null });
    render(<ContactForm />);
    await user.type(screen.getByLabelText("Email"), "not-an-email");
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  });

  it("issue 38: on a network failure, says the message is kept on this phone", async () => {
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    await fillAndSend();
    const alert = screen.getByRole("alert");
    await waitFor(() => expect(alert).toHaveTextContent(offline.kept));
    expect(alert).toHaveTextContent("Failed to fetch");
    expect(JSON.parse(window.localStorage.getItem(`${keptKeyPrefix}contact`) ?? "null")).toMatchObject({
      slot: "contact",
    });
  });

  it("issue 35, item 2: shows a failure, keeps the fields and offers the message on WhatsApp", async () => {
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    await fillAndSend();
    const alert = screen.getByRole("alert");
    await waitFor(() => expect(alert).toHaveTextContent("Failed to fetch"));
    expect(screen.getByRole("form", { name: "Send us Message" })).toHaveAccessibleDescription(/Failed to fetch/);
    const link = within(alert).getByRole("link", { name: /Send your message on WhatsApp/ });
    const text = new URL(link.getAttribute("href") ?? "").searchParams.get("text") ?? "";
    expect(text).toContain("Subject: Visa change");
    expect(text).toContain("Message: By road this week?");
    expect(screen.queryByRole("status")).toBeEmptyDOMElement();
    expect(screen.getByLabelText("Your Name")).toHaveValue("Jose Reyes");
    expect(screen.getByLabelText("Subject")).toHaveValue("Visa change");
    expect(screen.getByRole("button", { name: "Send Message" })).toBeEnabled();
  });
});
