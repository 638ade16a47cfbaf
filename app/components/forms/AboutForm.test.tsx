import { fireEvent, render, screen, waitFor, within } from "@testing-library/preact";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AboutForm } from "./AboutForm";

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

const field = {
  name: () => screen.getByLabelText(/Full Name/),
  email: () => screen.getByLabelText(/Email/),
  phone: () => screen.getByLabelText(/Phone Number/),
  visa: () => screen.getByLabelText(/Visa Type/),
  date: () => screen.getByLabelText(/Travel Date/),
  message: () => screen.getByLabelText(/Message/),
};

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field.name(), "Ana Cruz");
  await user.type(field.email(), "ana@example.com");
  await user.type(field.phone(), "0501234567");
  fireEvent.change(field.date(), { target: { value: "2026-09-01" } });
  await user.type(field.message(), "Two adults.");
}

describe("AboutForm", { timeout: 20_000 }, () => {
  it("shows the enquiry fields with the Dubai options and the default 'Dubai Visa'", () => {
    render(<AboutForm />);
    expect(screen.getByRole("form", { name: "Inquiry Now" })).toBeInTheDocument();
    const visa = field.visa();
    expect(visa).toHaveValue("Dubai Visa");
    expect(
      within(visa)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual([
      "Dubai Transist Visa",
      "Dubai Tourist Visa",
      "Visa Change Service",
      "Holidays Package",
      "Kabayan Package",
      "Dummy Ticket",
    ]);
    for (const label of [/Full Name/, /Email/, /Phone Number/, /Travel Date/, /Message/]) {
      expect(screen.getByLabelText(label)).toBeRequired();
    }
  });

  it("issue 35, item 1: checks like the enquiry form and sends nothing while a check fails", async () => {
    const user = userEvent.setup({ delay: null });
    render(<AboutForm />);
    screen.getByRole<HTMLFormElement>("form", { name: "Inquiry Now" }).noValidate = true;
    await user.click(screen.getByRole("button", { name: "Make Enquiry" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Full Name is required");
    expect(field.name()).toHaveAttribute("aria-invalid", "true");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("issue 35, item 1: sends the spec's enquiry payload to the inbox, says so and resets the fields", async () => {
    const user = userEvent.setup({ delay: null });
    render(<AboutForm />);
    await fillValid(user);
    await user.selectOptions(field.visa(), "Kabayan Package");
    await user.click(screen.getByRole("button", { name: "Make Enquiry" }));

    await waitFor(() =>
      expect(screen.getByRole("status")).toHaveTextContent("Your enquiry has been submitted successfully!"),
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/submit");
    const sent = init?.body as FormData;
    expect([...sent.keys()]).toEqual([
      "access_key",
      "name",
      "email",
      "phone",
      "visa_type",
      "date",
      "message",
      "to_email",
      "botcheck",
      "visa_label",
      "source",
    ]);
    expect(sent.get("visa_type")).toBe("96 Hours Dubai Transit Visa");
    expect(sent.get("visa_label")).toBe("Kabayan Package");
    expect(field.name()).toHaveValue("");
    expect(field.visa()).toHaveValue("Dubai Visa");
  });

  it("issue 35, item 1: a failure shows the error and keeps what was typed", async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ success: false, message: "Quota exceeded" })));
    const user = userEvent.setup({ delay: null });
    render(<AboutForm />);
    await fillValid(user);
    await user.click(screen.getByRole("button", { name: "Make Enquiry" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("Quota exceeded"));
    expect(field.name()).toHaveValue("Ana Cruz");
  });
});
