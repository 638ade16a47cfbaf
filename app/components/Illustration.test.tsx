import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { illustrationNames } from "../content/illustrations";
import { Illustration, illustrationUrl, pickIllustrationUrls } from "./Illustration";

const allSvgs = Object.fromEntries(
  illustrationNames.map((name) => [`../assets/illustrations/${name}.svg`, `/${name}.svg`]),
);

describe("Illustration", () => {
  it("renders an image with fixed dimensions and the given alt text", () => {
    render(<Illustration name="dubai-skyline" alt="The Dubai skyline at sunset" />);
    const image = screen.getByRole("img", { name: "The Dubai skyline at sunset" });
    expect(image).toHaveAttribute("width", "800");
    expect(image).toHaveAttribute("height", "500");
    expect(image).toHaveAttribute("src", illustrationUrl("dubai-skyline"));
    expect(image).toHaveAttribute("decoding", "async");
  });

  it("loads lazily by default, without a fetch priority", () => {
    render(<Illustration name="desert-safari" alt="A 4x4 in the dunes" />);
    const image = screen.getByRole("img", { name: "A 4x4 in the dunes" });
    expect(image).toHaveAttribute("loading", "lazy");
    expect(image).not.toHaveAttribute("fetchpriority");
  });

  it("loads eagerly with high priority when it is the page's main image", () => {
    render(<Illustration name="road-to-oman" alt="A road to the border" priority className="hero" sizes="100vw" />);
    const image = screen.getByRole("img", { name: "A road to the border" });
    expect(image).toHaveAttribute("loading", "eager");
    expect(image).toHaveAttribute("fetchpriority", "high");
    // HTML allows sizes only beside a srcset, which the single-file drawings do not have.
    expect(image).not.toHaveAttribute("sizes");
    expect(image.className).toContain("hero");
  });

  it("while the pre-rendered page hydrates, keeps the page's top drawing as the HTML has it (inline), once live loads files", () => {
    window.__earlyTaps = [];
    try {
      const { container } = render(<Illustration name="road-to-oman" alt="A road to the border" priority />);
      const drawing = screen.getByRole("img", { name: "A road to the border" });
      expect(drawing.tagName).toBe("SPAN");
      // Empty here: React leaves the pre-rendered SVG in place rather than writing it again.
      expect(drawing).toBeEmptyDOMElement();
      expect(container.querySelector("img")).toBeNull();
      // Only the top picture is inline; the others are files.
      render(<Illustration name="theme-park" alt="A theme park" />);
      expect(screen.getByRole("img", { name: "A theme park" }).tagName).toBe("IMG");
    } finally {
      delete window.__earlyTaps;
    }
  });

  it("allows an empty alt for a decorative image", () => {
    const { container } = render(<Illustration name="theme-park" alt="" />);
    const image = container.querySelector("img");
    expect(image).toHaveAttribute("alt", "");
    expect(screen.queryByRole("img")).toBeNull();
  });

  it("has a URL for every illustration name", () => {
    // Vitest inlines small files as data: URLs; the build (assetsInlineLimit: 0) emits real files.
    for (const name of illustrationNames) expect(illustrationUrl(name)).not.toBe("");
  });
});

describe("pickIllustrationUrls", () => {
  it("uses the SVG when there is no photo", () => {
    expect(pickIllustrationUrls(allSvgs)["hotel-booking"]).toBe("/hotel-booking.svg");
  });

  it("prefers a photo with the same name over the SVG", () => {
    const urls = pickIllustrationUrls({
      ...allSvgs,
      "../assets/illustrations/hotel-booking.png": "/hotel-booking.png",
      "../assets/illustrations/hotel-booking.webp": "/hotel-booking.webp",
    });
    expect(urls["hotel-booking"]).toBe("/hotel-booking.webp");
    expect(urls["theme-park"]).toBe("/theme-park.svg");
  });

  it("names the missing illustration", () => {
    const files = { ...allSvgs };
    delete files["../assets/illustrations/theme-park.svg"];
    expect(() => pickIllustrationUrls(files)).toThrow(/no file for: theme-park/);
  });

  it("names a file that matches no illustration", () => {
    expect(() =>
      pickIllustrationUrls({ ...allSvgs, "../assets/illustrations/dubai_skyline.jpg": "/dubai_skyline.jpg" }),
    ).toThrow(/dubai_skyline\.jpg: "dubai_skyline" is not an illustration name/);
  });
});
