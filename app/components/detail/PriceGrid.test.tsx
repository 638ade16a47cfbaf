import { render, screen } from "@testing-library/preact";
import { describe, expect, it } from "vitest";
import { aed, type VisaType } from "../../content/schema";
import { PriceGrid } from "./PriceGrid";

const rows: VisaType[] = [
  { id: 1, title: "Entry", content: "Single entry", price: aed(190) },
  { id: 2, title: "Stay", content: "Up to 48 hours", price: "" },
  { id: 3, title: "Ticket Plus Hotel", content: "", price: aed(150) },
];

function terms(): string[] {
  return screen.getAllByRole("term").map((term) => term.textContent ?? "");
}

function prices(container: Element): string[] {
  return [...container.querySelectorAll(".price")].map((price) => price.textContent ?? "");
}

describe("PriceGrid", () => {
  it("shows each pair's title with its text or price", () => {
    const { container } = render(<PriceGrid rows={rows} />);
    expect(terms()).toEqual(["Entry", "Stay", "Ticket Plus Hotel"]);
    expect(screen.getAllByRole("definition").map((cell) => cell.textContent)).toContain("Up to 48 hours");
    // The duration stays on one line.
    expect(screen.getByText("48 hours")).toHaveClass("nowrap");
    expect(prices(container)).toEqual(["AED 190.00", "AED 150.00"]);
  });

  it("moves the first price into a Price cell, once, when asked", () => {
    const { container } = render(<PriceGrid rows={rows} priceCell={aed(190)} />);
    expect(terms()).toEqual(["Price", "Entry", "Stay", "Ticket Plus Hotel"]);
    expect(prices(container)).toEqual(["AED 190.00", "AED 150.00"]);
    expect(screen.getByText("Price").nextElementSibling?.textContent).toBe("AED 190.00");
  });

  it("leaves the Price cell out when there is no price to show", () => {
    render(<PriceGrid rows={[]} priceCell="" />);
    expect(screen.queryAllByRole("term")).toEqual([]);
  });
});
