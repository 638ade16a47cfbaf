import { render, screen, waitFor } from "@testing-library/preact";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ContactForm } from "./ContactForm";

// A visit known at once to be direct: the statistics collector is not part of what the form's tests time.
vi.mock("../../lib/statistics/visits", () => import("../../test-support/direct-visit"));

let fetchMock: ReturnType<typeof vi.fn<typeof globalThis.fetch>>;

beforeEach(() => {
  fetchMock = vi.fn<typeof globalThis.fetch>().mockResolvedValue(new Response(JSON.stringify({ success: true })));
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
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

  it("POSTs the spec's JSON body and shows nothing afterwards, keeping the fields", async () => {
    await fillAndSend();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/submit");
    expect(init?.method).toBe("POST");
    expect(JSON.parse(String(init?.body))).toEqual({
      name: "Jose Reyes",
      email: "jose@example.com",
      phoneNo: "+971 50 000 0000",
      message: "By road this week?",
      subject: "Visa change",
      access_key: expect.any(String),
      // Beyond the spec: the honeypot, empty as a person leaves it (app/lib/forms/honeypot.ts), and where the
      // visit came from (app/lib/statistics/source.ts).
      botcheck: "",
      source: "direct",
    });
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    expect(screen.getByLabelText("Your Name")).toHaveValue("Jose Reyes");
    expect(screen.getByLabelText("Message")).toHaveValue("By road this week?");
  });

  it("sends even with empty or malformed fields: the spec has no validation for this form", async () => {
    const user = userEvent.setup({ delay: null });
    render(<ContactForm />);
    await user.type(screen.getByLabelText("Email"), "not-an-email");
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  });

  it("only logs a failure", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    await fillAndSend();
    await waitFor(() => expect(log).toHaveBeenCalled());
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.queryByText(/Failed to fetch/)).not.toBeInTheDocument();
    expect(screen.getByLabelText("Subject")).toHaveValue("Visa change");
  });
});
