import { render, screen } from "@testing-library/preact";
import { describe, expect, it, vi } from "vitest";
import { illustrationNames } from "../content/illustrations";
import { Illustration, illustrationUrl } from "./Illustration";

// The build's table of photo copies (scripts/photos.ts), for one photo.
vi.mock("../content/data/photos", () => ({
  photos: { "images/office-front.jpg": { base: "/assets/photo-0123456789", widths: [320, 480, 640, 800, 1200] } },
}));

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
      window.__earlyTaps = null;
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
    for (const name of illustrationNames) expect(illustrationUrl(name)).toMatch(/^data:image\/svg\+xml|\.svg$/);
  });
});

describe("Illustration of a photo", () => {
  const srcset = (format: string) =>
    [320, 480, 640, 800, 1200].map((width) => `/assets/photo-0123456789-${width}.${format} ${width}w`).join(", ");

  it("is a picture of AVIF and WebP copies with their widths, the layout's sizes and the largest copy's box", () => {
    const { container } = render(
      <Illustration name="images/office-front.jpg" alt="Our office" sizes="(max-width: 768px) 100vw, 560px" />,
    );
    const picture = container.querySelector("picture");
    const sources = [...(picture?.querySelectorAll("source") ?? [])];
    expect(sources.map((source) => source.getAttribute("type"))).toEqual(["image/avif"]);
    expect(sources[0]).toHaveAttribute("srcset", srcset("avif"));
    expect(sources[0]).toHaveAttribute("sizes", "(max-width: 768px) 100vw, 560px");
    const image = screen.getByRole("img", { name: "Our office" });
    expect(image.parentElement).toBe(picture);
    expect(image).toHaveAttribute("srcset", srcset("webp"));
    expect(image).toHaveAttribute("sizes", "(max-width: 768px) 100vw, 560px");
    expect(image).toHaveAttribute("src", "/assets/photo-0123456789-800.webp");
    expect(image).toHaveAttribute("width", "1200");
    expect(image).toHaveAttribute("height", "750");
    expect(image).toHaveAttribute("loading", "lazy");
    expect(image).not.toHaveAttribute("fetchpriority");
  });

  it("is loaded at once and first when it is the page's main image; sizes default to the screen's width", () => {
    render(<Illustration name="images/office-front.jpg" alt="Our office" priority />);
    const image = screen.getByRole("img", { name: "Our office" });
    expect(image).toHaveAttribute("loading", "eager");
    expect(image).toHaveAttribute("fetchpriority", "high");
    expect(image).toHaveAttribute("sizes", "100vw");
    expect(image.parentElement?.querySelector("source")).toHaveAttribute("sizes", "100vw");
  });

  it("says which photo the build made no copies of", () => {
    expect(() => render(<Illustration name="images/elsewhere.jpg" alt="" />)).toThrow(
      "No copies of images/elsewhere.jpg",
    );
  });
});
