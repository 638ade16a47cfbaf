import { describe, expect, it } from "vitest";
import { isPhotoName, photoHeight, photoSrcSet, photoWidths, photoWidthsFor } from "./images";

describe("photo names", () => {
  it("are images/ and a file of that folder with a photo's extension, in any case", () => {
    for (const name of ["images/office-front.jpg", "images/IMG_2041.JPG", "images/team photo.webp", "images/a.avif"]) {
      expect(isPhotoName(name), name).toBe(true);
    }
    for (const name of ["office-front.jpg", "images/office.heic", "images/a/b.jpg", "/images/a.jpg", "images/.jpg"]) {
      expect(isPhotoName(name), name).toBe(false);
    }
  });
});

describe("the copies of a photo", () => {
  it("are every standard width when the photo is wide enough, 8:5 each", () => {
    expect(photoWidthsFor(4032, 3024)).toEqual([...photoWidths]);
    expect(photoWidths.map(photoHeight)).toEqual([200, 300, 400, 500, 750, 1000]);
  });

  it("stop at the widest 8:5 cut of a smaller or portrait photo, never enlarging it", () => {
    // WhatsApp sends 1600 x 1200: cut to 1600 x 1000.
    expect(photoWidthsFor(1600, 1200)).toEqual([...photoWidths]);
    // A portrait 1200 x 1600: 1200 x 750.
    expect(photoWidthsFor(1200, 1600)).toEqual([320, 480, 640, 800, 1200]);
    // A wide 1500 x 600 banner: 960 x 600.
    expect(photoWidthsFor(1500, 600)).toEqual([320, 480, 640, 800, 960]);
    expect(photoWidthsFor(300, 200)).toEqual([296]);
  });

  it("are listed in a srcset with their widths", () => {
    expect(photoSrcSet({ base: "/assets/photo-abc", widths: [320, 480] }, "avif")).toBe(
      "/assets/photo-abc-320.avif 320w, /assets/photo-abc-480.avif 480w",
    );
  });
});
