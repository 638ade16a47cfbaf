import { fireEvent, render, screen, within } from "@testing-library/preact";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AboutForm } from "./AboutForm";

let fetchMock: ReturnType<typeof vi.fn<typeof globalThis.fetch>>;

beforeEach(() => {
  fetchMock = vi.fn<typeof globalThis.fetch>();
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("AboutForm", { timeout: 20_000 }, () => {
  it("shows the enquiry fields with the Dubai options and the default 'Dubai Visa'", () => {
    render(<AboutForm />);
    expect(screen.getByRole("form", { name: "Inquiry Now" })).toBeInTheDocument();
    const visa = screen.getByLabelText(/Visa Type/);
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

  it("keeps what is typed, sends nothing and does not reload the page", async () => {
    const user = userEvent.setup({ delay: null });
    render(<AboutForm />);
    await user.type(screen.getByLabelText(/Full Name/), "Ana");
    await user.selectOptions(screen.getByLabelText(/Visa Type/), "Kabayan Package");

    const submit = new Event("submit", { bubbles: true, cancelable: true });
    fireEvent(screen.getByRole("form", { name: "Inquiry Now" }), submit);
    expect(submit.defaultPrevented).toBe(true);
    await user.click(screen.getByRole("button", { name: "Make Enquiry" }));

    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/Full Name/)).toHaveValue("Ana");
    expect(screen.getByLabelText(/Visa Type/)).toHaveValue("96 Hours Dubai Transit Visa");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
