import { act, fireEvent, render, screen, within } from "@testing-library/preact";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { hydrateServerHtml } from "../../test-support/hydrate";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { IllustrationName } from "../../content/illustrations";
import { Carousel, type CarouselProps, type CarouselSlide } from "./Carousel";

// The illustration component belongs to another module; the carousel only decides which image and how it loads.
vi.mock("../Illustration", () => ({
  Illustration: (props: { name: IllustrationName; alt: string; priority?: boolean; className?: string }) => (
    <img
      alt={props.alt}
      data-name={props.name}
      data-priority={props.priority ? "true" : "false"}
      className={props.className}
    />
  ),
}));

const slides: CarouselSlide[] = [
  { id: 1, image: "dubai-skyline", title: "First title", title2: "First subtitle", title3: "First tagline" },
  { id: 2, image: "desert-safari", title: "Second title", title2: "Second subtitle", title3: "Second tagline" },
  { id: 3, image: "passport-stamps", title: "Third title", title2: "Third subtitle", title3: "Third tagline" },
];

function stubReducedMotion(matches: boolean) {
  Object.defineProperty(window, "matchMedia", {
    configurable: true,
    writable: true,
    value: (query: string) => ({
      matches: matches && query.includes("prefers-reduced-motion"),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

function renderCarousel(props: Partial<CarouselProps> = {}) {
  return render(
    <MemoryRouter>
      <button type="button">Outside</button>
      <Carousel slides={slides} label="Our visa services" {...props} />
    </MemoryRouter>,
  );
}

const carousel = () => screen.getByRole("region", { name: "Our visa services" });
const slideGroups = () => within(carousel()).getAllByRole("group", { name: /^\d of 3$/ });
/** The accessible name of the one slide that is not inert, e.g. "2 of 3". */
function shownSlide(): string | null {
  const shown = slideGroups().filter((group) => !group.hasAttribute("inert"));
  expect(shown).toHaveLength(1);
  return shown[0]?.getAttribute("aria-label") ?? null;
}
const button = (name: string | RegExp) => within(carousel()).getByRole("button", { name });
const liveRegion = () => slideGroups()[0]?.parentElement;
const wait = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

beforeEach(() => {
  vi.useFakeTimers();
  stubReducedMotion(false);
});

afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(window, "matchMedia");
});

describe("Carousel markup", () => {
  it("is a labelled carousel region with three labelled slides, the first one shown", () => {
    renderCarousel();
    expect(carousel()).toHaveAttribute("aria-roledescription", "carousel");
    const groups = slideGroups();
    expect(groups.map((group) => group.getAttribute("aria-label"))).toEqual(["1 of 3", "2 of 3", "3 of 3"]);
    for (const group of groups) expect(group).toHaveAttribute("aria-roledescription", "slide");
    expect(shownSlide()).toBe("1 of 3");
  });

  it("puts every slide's heading, subtitle and tagline in the HTML, titles as h2 by default", () => {
    renderCarousel();
    expect(screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent)).toEqual([
      "First title",
      "Second title",
      "Third title",
    ]);
    for (const text of ["First subtitle", "Second tagline", "Third subtitle"]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
  });

  it("renders titles as paragraphs when asked", () => {
    renderCarousel({ headingLevel: "p" });
    expect(screen.queryAllByRole("heading")).toHaveLength(0);
    expect(screen.getByText("First title").tagName).toBe("P");
  });

  it("loads the first image eagerly and the rest lazily, all decorative by default", () => {
    const { container } = renderCarousel();
    const images = [...container.querySelectorAll("img")];
    expect(images.map((image) => image.dataset.name)).toEqual(["dubai-skyline", "desert-safari", "passport-stamps"]);
    expect(images.map((image) => image.dataset.priority)).toEqual(["true", "false", "false"]);
    for (const image of images) expect(image).toHaveAttribute("alt", "");
  });

  it("puts the rotation button first in the carousel's tab order, before the slides", () => {
    renderCarousel();
    const controls = within(carousel()).getAllByRole("button");
    expect(controls.map((control) => control.getAttribute("aria-label"))).toEqual([
      "Stop automatic slide show",
      "Previous slide",
      "Slide 1",
      "Slide 2",
      "Slide 3",
      "Next slide",
    ]);
    expect(within(carousel()).getByRole("group", { name: "Choose slide to display" })).toBeInTheDocument();
  });

  it("links to the services and contact pages", () => {
    renderCarousel();
    expect(within(carousel()).getByRole("link", { name: "View our services" })).toHaveAttribute("href", "/services");
    expect(within(carousel()).getByRole("link", { name: "Contact us" })).toHaveAttribute("href", "/contact");
  });

  it("keeps the live region off while rotating", () => {
    renderCarousel();
    expect(liveRegion()).toHaveAttribute("aria-live", "off");
  });

  it("shows one slide without controls and never rotates it", () => {
    render(
      <MemoryRouter>
        <Carousel slides={slides.slice(0, 1)} label="One" />
      </MemoryRouter>,
    );
    const region = screen.getByRole("region", { name: "One" });
    expect(within(region).queryAllByRole("button")).toHaveLength(0);
    expect(within(region).getByRole("group", { name: "1 of 1" })).not.toHaveAttribute("inert");
    wait(20_000);
    expect(within(region).getByRole("group", { name: "1 of 1" })).not.toHaveAttribute("inert");
  });
});

describe("Carousel rotation", () => {
  it("advances after 5000 ms and not before, and wraps from the last slide to the first", () => {
    renderCarousel();
    wait(4999);
    expect(shownSlide()).toBe("1 of 3");
    wait(1);
    expect(shownSlide()).toBe("2 of 3");
    wait(5000);
    expect(shownSlide()).toBe("3 of 3");
    wait(5000);
    expect(shownSlide()).toBe("1 of 3");
  });

  it("gives a slide chosen by hand its full 5000 ms", () => {
    renderCarousel();
    wait(3000);
    fireEvent.click(button("Next slide"));
    expect(shownSlide()).toBe("2 of 3");
    wait(4999);
    expect(shownSlide()).toBe("2 of 3");
    wait(1);
    expect(shownSlide()).toBe("3 of 3");
  });

  it("pauses while hovered and resumes when the pointer leaves", () => {
    renderCarousel();
    fireEvent.pointerEnter(carousel());
    wait(12_000);
    expect(shownSlide()).toBe("1 of 3");
    expect(liveRegion()).toHaveAttribute("aria-live", "polite");
    fireEvent.pointerLeave(carousel());
    expect(liveRegion()).toHaveAttribute("aria-live", "off");
    wait(5000);
    expect(shownSlide()).toBe("2 of 3");
  });

  it("pauses while focus is inside and resumes when focus leaves", () => {
    renderCarousel();
    act(() => button("Next slide").focus());
    wait(12_000);
    expect(shownSlide()).toBe("1 of 3");
    expect(liveRegion()).toHaveAttribute("aria-live", "polite");
    // Moving between controls inside keeps it paused.
    act(() => button("Previous slide").focus());
    wait(12_000);
    expect(shownSlide()).toBe("1 of 3");
    act(() => screen.getByRole("button", { name: "Outside" }).focus());
    wait(5000);
    expect(shownSlide()).toBe("2 of 3");
  });

  it("stops and starts with the rotation button, whose name says what it will do", () => {
    renderCarousel();
    fireEvent.click(button("Stop automatic slide show"));
    expect(button("Start automatic slide show")).toBeInTheDocument();
    expect(liveRegion()).toHaveAttribute("aria-live", "polite");
    wait(20_000);
    expect(shownSlide()).toBe("1 of 3");

    fireEvent.click(button("Start automatic slide show"));
    expect(button("Stop automatic slide show")).toBeInTheDocument();
    expect(liveRegion()).toHaveAttribute("aria-live", "off");
    wait(5000);
    expect(shownSlide()).toBe("2 of 3");
  });

  it("rotates at once after Start even though focus and the pointer are on the button", () => {
    renderCarousel();
    fireEvent.click(button("Stop automatic slide show"));
    fireEvent.pointerEnter(carousel());
    act(() => button("Start automatic slide show").focus());
    fireEvent.click(button("Start automatic slide show"));
    wait(5000);
    expect(shownSlide()).toBe("2 of 3");
  });

  it("starts stopped under prefers-reduced-motion, and the visitor can still start it", () => {
    stubReducedMotion(true);
    renderCarousel();
    expect(button("Start automatic slide show")).toBeInTheDocument();
    expect(liveRegion()).toHaveAttribute("aria-live", "polite");
    wait(20_000);
    expect(shownSlide()).toBe("1 of 3");
    fireEvent.click(button("Start automatic slide show"));
    wait(5000);
    expect(shownSlide()).toBe("2 of 3");
  });
});

describe("Carousel manual controls", () => {
  it("previous and next wrap in both directions", () => {
    renderCarousel();
    fireEvent.click(button("Previous slide"));
    expect(shownSlide()).toBe("3 of 3");
    fireEvent.click(button("Next slide"));
    expect(shownSlide()).toBe("1 of 3");
    fireEvent.click(button("Next slide"));
    fireEvent.click(button("Next slide"));
    fireEvent.click(button("Next slide"));
    expect(shownSlide()).toBe("1 of 3");
  });

  it("indicators select their slide and mark the current one aria-disabled", () => {
    renderCarousel();
    expect(button("Slide 1")).toHaveAttribute("aria-disabled", "true");
    fireEvent.click(button("Slide 3"));
    expect(shownSlide()).toBe("3 of 3");
    expect(button("Slide 3")).toHaveAttribute("aria-disabled", "true");
    expect(button("Slide 1")).not.toHaveAttribute("aria-disabled");
    expect(button("Slide 2")).not.toHaveAttribute("aria-disabled");
    fireEvent.click(button("Slide 3"));
    expect(shownSlide()).toBe("3 of 3");
    fireEvent.click(button("Slide 2"));
    expect(shownSlide()).toBe("2 of 3");
  });

  it("responds to the Left and Right arrow keys inside the carousel, wrapping", () => {
    renderCarousel();
    const target = button("Stop automatic slide show");
    fireEvent.keyDown(target, { key: "ArrowRight" });
    expect(shownSlide()).toBe("2 of 3");
    fireEvent.keyDown(target, { key: "ArrowLeft" });
    fireEvent.keyDown(target, { key: "ArrowLeft" });
    expect(shownSlide()).toBe("3 of 3");
    fireEvent.keyDown(within(carousel()).getByRole("link", { name: "Contact us" }), { key: "ArrowRight" });
    expect(shownSlide()).toBe("1 of 3");
  });

  it("prevents the browser's own arrow handling only for the keys it uses", () => {
    renderCarousel();
    const target = button("Next slide");
    expect(fireEvent.keyDown(target, { key: "ArrowRight" })).toBe(false);
    expect(fireEvent.keyDown(target, { key: "ArrowDown" })).toBe(true);
    expect(fireEvent.keyDown(target, { key: "ArrowLeft", altKey: true })).toBe(true);
    expect(shownSlide()).toBe("2 of 3");
  });

  it("ignores arrow keys outside the carousel", () => {
    renderCarousel();
    fireEvent.keyDown(screen.getByRole("button", { name: "Outside" }), { key: "ArrowRight" });
    fireEvent.keyDown(document.body, { key: "ArrowRight" });
    expect(shownSlide()).toBe("1 of 3");
  });

  it("changes slide on a swipe of more than 40 px and not on exactly 40 px", () => {
    renderCarousel();
    const swipe = (from: number, to: number) => {
      fireEvent.pointerDown(carousel(), { clientX: from, button: 0, isPrimary: true });
      fireEvent.pointerUp(carousel(), { clientX: to, button: 0, isPrimary: true });
    };
    swipe(200, 160);
    expect(shownSlide()).toBe("1 of 3");
    swipe(200, 159);
    expect(shownSlide()).toBe("2 of 3");
    swipe(160, 200);
    expect(shownSlide()).toBe("2 of 3");
    swipe(159, 200);
    expect(shownSlide()).toBe("1 of 3");
    swipe(159, 200);
    expect(shownSlide()).toBe("3 of 3");
  });

  it("forgets a swipe the browser cancelled (a vertical scroll)", () => {
    renderCarousel();
    fireEvent.pointerDown(carousel(), { clientX: 200, button: 0, isPrimary: true });
    fireEvent.pointerCancel(carousel());
    fireEvent.pointerUp(carousel(), { clientX: 100, button: 0, isPrimary: true });
    expect(shownSlide()).toBe("1 of 3");
  });
});

describe("Carousel pre-rendering", () => {
  const tree = (
    <MemoryRouter>
      <Carousel slides={slides} label="Our visa services" />
    </MemoryRouter>
  );

  it("renders every slide's text on the server, slide 1 shown and rotating", () => {
    const html = renderToString(tree);
    for (const slide of slides) expect(html).toContain(slide.title3);
    expect(html).toContain('aria-label="Stop automatic slide show"');
    expect(html).toContain('aria-live="off"');
  });

  it.each([false, true])("hydrates without a mismatch (reduced motion: %s)", async (reducedMotion) => {
    stubReducedMotion(reducedMotion);
    const { container, mismatch, unmount } = await hydrateServerHtml(tree);
    expect(mismatch).toBeNull();
    expect(within(container).getByRole("button", { name: /automatic slide show/ })).toHaveAccessibleName(
      reducedMotion ? "Start automatic slide show" : "Stop automatic slide show",
    );
    unmount();
  });
});
