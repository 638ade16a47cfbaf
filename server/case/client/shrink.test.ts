import { describe, expect, it } from "vitest";
import { describeSize, fitted, kindOf, renamed } from "./shrink";

/*
 * Issue 56: what the traveller's page says while a paper goes ("Sending 412 KB…"), and the parts of making a photo
 * small that need no canvas. The decoding, scaling and encoding are proved in Chromium: e2e/case-shrink.spec.ts.
 */

describe("describeSize", () => {
  it("says a phone photo's size in megabytes with one decimal", () => {
    expect(describeSize(6_081_740)).toBe("5.8 MB");
    expect(describeSize(1024 * 1024)).toBe("1.0 MB");
    expect(describeSize(15 * 1024 * 1024)).toBe("15 MB");
  });

  it("says a made-small photo's size in whole kilobytes", () => {
    expect(describeSize(412 * 1024)).toBe("412 KB");
    expect(describeSize(421_999)).toBe("412 KB");
    expect(describeSize(1024)).toBe("1 KB");
  });

  it("never says 1024 KB: from there it is megabytes", () => {
    expect(describeSize(1024 * 1024 - 100)).toBe("1.0 MB");
    expect(describeSize(1023 * 1024)).toBe("1023 KB");
  });

  it("says bytes below a kilobyte, and nothing odd for nonsense", () => {
    expect(describeSize(900)).toBe("900 bytes");
    expect(describeSize(1)).toBe("1 byte");
    expect(describeSize(0)).toBe("0 bytes");
    expect(describeSize(-5)).toBe("0 bytes");
    expect(describeSize(Number.NaN)).toBe("0 bytes");
  });
});

describe("what a picked file is, from its bytes", () => {
  const bytes = (...parts: (string | number[])[]) =>
    new Uint8Array(parts.flatMap((part) => (typeof part === "string" ? [...part].map((c) => c.charCodeAt(0)) : part)));

  it("knows the images, the PDF and Apple's HEIC by their first bytes, whatever the name says", () => {
    expect(kindOf(bytes([0xff, 0xd8, 0xff, 0xe1]))).toBe("jpeg");
    expect(kindOf(bytes([0x89], "PNG\r\n\x1a\n"))).toBe("png");
    expect(kindOf(bytes("RIFF", [1, 2, 3, 4], "WEBPVP8 "))).toBe("webp");
    expect(kindOf(bytes("%PDF-1.7\n"))).toBe("pdf");
    expect(kindOf(bytes([0, 0, 0, 0x18], "ftypheic", [0, 0, 0, 0]))).toBe("heic");
    expect(kindOf(bytes([0, 0, 0, 0x18], "ftypmif1", [0, 0, 0, 0]))).toBe("heic");
    expect(kindOf(bytes([0, 0, 0, 0x1c], "ftypavif"))).toBe("avif");
  });

  it("calls anything else other: a text file, an SVG, a program, nothing at all", () => {
    expect(kindOf(bytes("hello, this is text"))).toBe("other");
    expect(kindOf(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBe("other");
    expect(kindOf(bytes("MZ\x90\x00"))).toBe("other");
    expect(kindOf(new Uint8Array())).toBe("other");
    expect(kindOf(bytes([0, 0, 0, 0x18], "ftypisom"))).toBe("other");
  });
});

describe("the name it goes under", () => {
  it("keeps the picked name's stem with the new extension", () => {
    expect(renamed("IMG_1234.HEIC", "jpg")).toBe("IMG_1234.jpg");
    expect(renamed("passport page.png", "jpg")).toBe("passport page.jpg");
    expect(renamed("scan.v2.jpeg", "jpg")).toBe("scan.v2.jpg");
  });

  it("never keeps a path, and names a nameless file", () => {
    expect(renamed("../../etc/passwd.png", "jpg")).toBe("passwd.jpg");
    expect(renamed("C:\\Users\\me\\photo.webp", "jpg")).toBe("photo.jpg");
    expect(renamed("", "jpg")).toBe("photo.jpg");
    expect(renamed(".png", "jpg")).toBe("photo.jpg");
  });
});

describe("the size it is made", () => {
  it("fits the longest side, keeping the shape", () => {
    expect(fitted(4000, 3000, 2000)).toEqual({ width: 2000, height: 1500 });
    expect(fitted(3000, 4000, 2000)).toEqual({ width: 1500, height: 2000 });
    expect(fitted(4032, 3024, 2000)).toEqual({ width: 2000, height: 1500 });
  });

  it("never enlarges, and never makes a side of nothing", () => {
    expect(fitted(800, 600, 2000)).toEqual({ width: 800, height: 600 });
    expect(fitted(10000, 2, 2000)).toEqual({ width: 2000, height: 1 });
  });
});
