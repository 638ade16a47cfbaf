import { act, render, screen } from "@testing-library/preact";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Reveal } from "./Reveal";

type Callback = (entries: { isIntersecting: boolean }[]) => void;
let observed: Callback | null = null;

beforeEach(() => {
  observed = null;
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      constructor(callback: Callback) {
        observed = callback;
      }
      observe() {}
      disconnect() {}
    },
  );
  vi.stubGlobal("matchMedia", (query: string) => ({ matches: false, media: query }));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("Reveal", () => {
  it("is visible until the observer reports, then hides and shows again each time", () => {
    render(<Reveal>Visa prices</Reveal>);
    const element = screen.getByText("Visa prices");
    expect(element).not.toHaveAttribute("data-reveal");
    act(() => observed?.([{ isIntersecting: false }]));
    expect(element).toHaveAttribute("data-reveal", "hidden");
    act(() => observed?.([{ isIntersecting: true }]));
    expect(element).toHaveAttribute("data-reveal", "shown");
    act(() => observed?.([{ isIntersecting: false }]));
    expect(element).toHaveAttribute("data-reveal", "hidden");
  });

  it("does nothing under reduced motion", () => {
    vi.stubGlobal("matchMedia", (query: string) => ({ matches: true, media: query }));
    render(<Reveal>Visa prices</Reveal>);
    expect(observed).toBeNull();
  });
});
