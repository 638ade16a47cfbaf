/*
 * The one check every paper a traveller uploads passes before it is kept (issue 56, "Files as an attacker sends
 * them"). Pure: bytes in, a kept file or a refusal out; it stores nothing and reads no setting.
 *
 * - The real type comes from the bytes (file-type), never from the name or a header: JPEG, PNG, WebP and PDF only.
 * - Images are decoded and written again with sharp: a crafted image is never stored as it came, the EXIF
 *   orientation is applied, the longest side is cut to 3,000 px, and every piece of metadata (GPS position, camera,
 *   XMP, ICC profile, comments, PNG text) is left behind, because sharp writes none unless asked to keep it.
 * - A PDF is kept byte for byte: it is only ever served as a download (attachmentHeader), never shown inline.
 * - Every refusal is a message a traveller understands: what was sent, when known, and what is taken.
 */
import { fileTypeFromBuffer, type FileTypeResult } from "file-type";
import sharp, { type Metadata } from "sharp";

export const paperLimits = {
  fileBytes: 15 * 1024 * 1024,
  caseFiles: 20,
  caseBytes: 60 * 1024 * 1024,
  longestSide: 3000,
  maxPixels: 40_000_000,
} as const;

export type PaperType = "image/jpeg" | "image/png" | "image/webp" | "application/pdf";

export type Refusal = {
  ok: false;
  code: "too-big" | "empty" | "not-allowed" | "unreadable" | "too-many-pixels" | "case-full" | "case-too-big";
  message: string;
};

export type Kept = {
  ok: true;
  type: PaperType;
  bytes: Buffer;
  width: number | null;
  height: number | null;
  pages: number | null;
  name: string;
};

/** The file name's extension for each kept type. */
export const paperExtensions: Record<PaperType, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "application/pdf": "pdf",
};

type ImageType = Exclude<PaperType, "application/pdf">;
/** sharp's name for each image type, checked against what sharp itself reads in the bytes. */
const sharpFormats: Record<ImageType, "jpeg" | "png" | "webp"> = {
  "image/jpeg": "jpeg",
  "image/png": "png",
  "image/webp": "webp",
};

/** Quality of a JPEG or WebP written again: a passport's small print stays sharp, the file stays small. */
const quality = 85;
/** A decode that takes longer than this is a crafted file, not a photo (a 40-million-pixel JPEG takes about 2 s). */
const decodeSeconds = 20;

const accepted = "Send a photo (JPEG, PNG or WebP) or a PDF.";

function refusal(code: Refusal["code"], message: string): Refusal {
  return { ok: false, code, message };
}

/** 15728640 -> "15 MB", 1572864 -> "1.5 MB": megabytes of 1,048,576 bytes, as a phone shows a file's size. */
function megabytes(bytes: number): string {
  const value = Math.round((bytes / (1024 * 1024)) * 10) / 10;
  return `${value.toLocaleString("en")} MB`;
}

/** Files people send by mistake, in their words; anything else file-type knows is named by its extension. */
const knownKinds: Record<string, { what: string; picture?: true }> = {
  "application/x-msdownload": { what: "a Windows program (.exe)" },
  "application/x-elf": { what: "a program (ELF)" },
  "application/x-mach-binary": { what: "a Mac program" },
  "application/x-apple-diskimage": { what: "a Mac disk image (.dmg)" },
  "application/vnd.android.package-archive": { what: "an Android app (.apk)" },
  "application/zip": { what: "a ZIP archive (.zip)" },
  "application/x-rar-compressed": { what: "a RAR archive (.rar)" },
  "application/x-7z-compressed": { what: "a 7-Zip archive (.7z)" },
  "application/gzip": { what: "a compressed archive (.gz)" },
  "application/x-tar": { what: "a TAR archive (.tar)" },
  "application/xml": { what: "an XML document" },
  "application/msword": { what: "a Word document (.doc)" },
  "application/x-cfb": { what: "an Office document" },
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": { what: "a Word document (.docx)" },
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": { what: "an Excel workbook (.xlsx)" },
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": {
    what: "a PowerPoint presentation (.pptx)",
  },
  "application/rtf": { what: "a text document (.rtf)" },
  "image/gif": { what: "a GIF picture (.gif)", picture: true },
  "image/tiff": { what: "a TIFF picture (.tif)", picture: true },
  "image/bmp": { what: "a BMP picture (.bmp)", picture: true },
  "image/avif": { what: "an AVIF picture (.avif)", picture: true },
  "image/jxl": { what: "a JPEG XL picture (.jxl)", picture: true },
  "image/jp2": { what: "a JPEG 2000 picture (.jp2)", picture: true },
  "image/apng": { what: "an animated picture (APNG)", picture: true },
  "image/x-icon": { what: "an icon (.ico)", picture: true },
  "image/vnd.adobe.photoshop": { what: "a Photoshop file (.psd)", picture: true },
  "image/x-canon-cr2": { what: "a camera's raw photo (.cr2)", picture: true },
  "image/x-nikon-nef": { what: "a camera's raw photo (.nef)", picture: true },
  "image/x-adobe-dng": { what: "a camera's raw photo (.dng)", picture: true },
  "application/postscript": { what: "a PostScript file (.eps)", picture: true },
  "application/illustrator": { what: "an Illustrator drawing (.ai)", picture: true },
  "video/mp4": { what: "a video (.mp4)" },
  "video/quicktime": { what: "a video (.mov)" },
  "audio/mpeg": { what: "a sound file (.mp3)" },
};

/** An iPhone photo in its own format: the page turns it into JPEG before it goes, so this one came some other way. */
const heicTypes = new Set(["image/heic", "image/heic-sequence", "image/heif", "image/heif-sequence"]);
const heicMessage =
  "This photo is in Apple's HEIC format, which we cannot open. Send it as a JPEG instead: on an iPhone, choose " +
  "Settings › Camera › Formats › “Most Compatible”, then take the photo again, or share it from Photos as JPEG.";

function notAllowed(what: string, picture = false): Refusal {
  return refusal(
    "not-allowed",
    picture
      ? `This file is ${what}, a kind we cannot take. ${accepted}`
      : `This file is ${what}, not a photo or a PDF. ${accepted}`,
  );
}

/** What file-type found that is not taken, in the traveller's words. */
function refusedType(found: FileTypeResult, bytes: Buffer): Refusal {
  if (heicTypes.has(found.mime)) return refusal("not-allowed", heicMessage);
  if (found.mime === "application/xml") {
    const text = textStart(bytes);
    if (/<svg[\s>]/i.test(text)) return notAllowed("a drawing (SVG)");
    if (/<html[\s>]/i.test(text)) return notAllowed("a web page (HTML)");
  }
  const kind = knownKinds[found.mime];
  if (kind) return notAllowed(kind.what, kind.picture);
  return notAllowed(`a .${found.ext} file`, found.mime.startsWith("image/"));
}

/** The first few kilobytes as text, without a byte order mark: enough to see what a text file is. */
function textStart(bytes: Buffer): string {
  return bytes
    .subarray(0, 4096)
    .toString("utf8")
    .replace(/^\ufeff/, "");
}

/** A file file-type does not know: text, most likely. Drawings and web pages are named, as they are the usual tricks. */
function unknownType(bytes: Buffer): Refusal {
  const text = textStart(bytes).trimStart();
  if (/^(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!doctype svg[^>]*>\s*)?<svg[\s>]/i.test(text))
    return notAllowed("a drawing (SVG)");
  if (/^(?:<!--[\s\S]*?-->\s*)*<(?:!doctype html|html|head|body|script|iframe|meta)[\s>]/i.test(text))
    return notAllowed("a web page (HTML)");
  return refusal("not-allowed", `This file is not a photo or a PDF. ${accepted}`);
}

/** Reads the real type from the bytes (file-type), refuses anything but JPEG/PNG/WebP/PDF, re-encodes images with sharp. */
export async function inspectPaper(bytes: Buffer, declaredName: string): Promise<Kept | Refusal> {
  // The size first: a file too big is never read, not even its first bytes.
  if (bytes.length === 0) return emptyFile();
  if (bytes.length > paperLimits.fileBytes) return tooBig(bytes.length);

  const found = await fileTypeFromBuffer(bytes);
  if (!found) return unknownType(bytes);
  if (found.mime === "application/pdf") return keptPdf(bytes, declaredName);
  if (found.mime in sharpFormats) return keptImage(bytes, found.mime as ImageType, declaredName);
  return refusedType(found, bytes);
}

function emptyFile(): Refusal {
  return refusal("empty", "This file is empty. Choose it again, or take the photo again.");
}

function tooBig(size: number): Refusal {
  return refusal(
    "too-big",
    `This file is ${megabytes(size)}; the most we take is ${megabytes(paperLimits.fileBytes)} a file. ` +
      "Send a smaller photo or PDF (a photo from your phone's camera is much smaller).",
  );
}

const unreadablePhoto = refusal(
  "unreadable",
  "This photo could not be opened: the file is damaged or was not sent whole. Please take the photo again and send it.",
);
const unreadablePdf = refusal(
  "unreadable",
  "This PDF could not be opened: the file is damaged or was not sent whole. Please save or scan it again and send it.",
);

function tooManyPixels(width: number, height: number): Refusal {
  return refusal(
    "too-many-pixels",
    `This picture is too large to open: ${width.toLocaleString("en")} × ${height.toLocaleString("en")} pixels, ` +
      `and the most we take is ${(paperLimits.maxPixels / 1_000_000).toLocaleString("en")} million. ` +
      "Send a photo from your phone's camera, or make the picture smaller.",
  );
}

async function keptImage(bytes: Buffer, type: ImageType, declaredName: string): Promise<Kept | Refusal> {
  // limitInputPixels makes libvips refuse from the header, before a pixel is decoded; failOn "warning" refuses a
  // truncated or damaged file rather than keeping a grey half of it.
  const input = { limitInputPixels: paperLimits.maxPixels, failOn: "warning", sequentialRead: true } as const;
  let header: Metadata;
  try {
    // The header alone (no pixels), read without the limit so that the refusal can say the picture's size.
    header = await sharp(bytes, { ...input, limitInputPixels: false }).metadata();
  } catch {
    return unreadablePhoto;
  }
  // What libvips reads must be what file-type read: a file one takes for a JPEG and the other for something else
  // is a crafted one.
  if (header.format !== sharpFormats[type]) return unreadablePhoto;
  const height = header.pageHeight ?? header.height;
  if (header.width * height > paperLimits.maxPixels) return tooManyPixels(header.width, height);

  let pipeline = sharp(bytes, input)
    .timeout({ seconds: decodeSeconds })
    // The EXIF orientation applied to the pixels, as the phone showed the photo (the tag itself is not written).
    .rotate()
    .resize({
      width: paperLimits.longestSide,
      height: paperLimits.longestSide,
      fit: "inside",
      withoutEnlargement: true,
    });
  // No keepMetadata, withMetadata, keepExif or keepIccProfile: sharp writes none of the input's metadata.
  if (type === "image/jpeg") pipeline = pipeline.jpeg({ quality, mozjpeg: false });
  else if (type === "image/png") pipeline = pipeline.png();
  else pipeline = pipeline.webp({ quality });
  try {
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return {
      ok: true,
      type,
      bytes: data,
      width: info.width,
      height: info.height,
      pages: null,
      name: paperName(declaredName, type),
    };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) return tooManyPixels(header.width, height);
    return unreadablePhoto;
  }
}

function keptPdf(bytes: Buffer, declaredName: string): Kept | Refusal {
  // file-type takes "%PDF" for a PDF; a reader wants the version after it ("%PDF-1.7").
  if (!bytes.subarray(0, 5).equals(Buffer.from("%PDF-", "latin1"))) return unreadablePdf;
  return {
    ok: true,
    type: "application/pdf",
    bytes,
    width: null,
    height: null,
    pages: pdfPages(bytes),
    name: paperName(declaredName, "application/pdf"),
  };
}

/**
 * A PDF's pages, where they can be counted without parsing it: the page tree's /Count (the largest, which is the
 * root's), else its /Type /Page objects; null when neither is in plain sight (a page tree inside a compressed object
 * stream). Shown to the office only; nothing depends on it. No regular expression here backtracks or recurses over
 * the file (one that did ran out of stack on a crafted PDF): simple scans, each bounded, the tree's nodes looked at
 * within a few kilobytes of their /Type and at most a thousand of them.
 */
function pdfPages(bytes: Buffer): number | null {
  const text = bytes.toString("latin1");
  const window = 4096;
  let count = 0;
  let nodes = 0;
  for (const match of text.matchAll(/\/Type\s{0,16}\/Pages(?![A-Za-z0-9])/g)) {
    if (++nodes > 1000) break;
    // The object around it: from its "obj" to its "endobj", each looked for within the window only.
    const before = text.slice(Math.max(match.index - window, 0), match.index);
    const after = text.slice(match.index, match.index + window);
    const endobj = after.indexOf("endobj");
    const node = before.slice(before.lastIndexOf("obj") + 1) + (endobj === -1 ? after : after.slice(0, endobj));
    const pages = /\/Count\s{1,16}(\d{1,7})(?!\d)/.exec(node);
    if (pages) count = Math.max(count, Number(pages[1]));
  }
  if (count > 0) return count;
  const leaf = /\/Type\s{0,16}\/Page(?![A-Za-z0-9])/g;
  let leaves = 0;
  while (leaves < 100_000 && leaf.exec(text)) leaves++;
  return leaves > 0 ? leaves : null;
}

/**
 * Before the bytes are read (the upload's declared length): would this file fit the case? Checks, in order, the
 * case's number of files, then the file's own size (empty, over the limit), then the case's total. held is what
 * the case already holds: its files and their bytes as kept.
 */
export function fitsCase(held: { files: number; bytes: number }, size: number): Refusal | null {
  if (held.files >= paperLimits.caseFiles)
    return refusal(
      "case-full",
      `Your case already holds ${paperLimits.caseFiles} files, the most it can take. ` +
        "If we need more from you, we will ask: call or WhatsApp us.",
    );
  // A size that is no whole number of bytes is none a phone sends: refused, as one too big to take would be.
  if (!Number.isSafeInteger(size) || size < 0)
    return refusal(
      "too-big",
      `This file's size could not be read; the most we take is ${megabytes(paperLimits.fileBytes)} a file. Choose it again.`,
    );
  if (size === 0) return emptyFile();
  if (size > paperLimits.fileBytes) return tooBig(size);
  if (held.bytes + size > paperLimits.caseBytes)
    return refusal(
      "case-too-big",
      `This file would take your case past ${megabytes(paperLimits.caseBytes)}, the most it can hold ` +
        `(${megabytes(held.bytes)} already sent). Send a smaller file, or call or WhatsApp us.`,
    );
  return null;
}

/**
 * What a name never keeps: control characters (C0, C1, DEL), format characters (every bidirectional control, the
 * zero-width ones, the byte order mark, tag characters), line and paragraph separators, lone surrogates, and the
 * blank Hangul fillers (letters that show nothing).
 */
const hidden = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\u3164\uffa0]/gu;
/** What Windows does not allow in a file name, and a quote: each becomes "_". Slashes never get this far. */
const reserved = /[<>:"|?*]/g;
const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });
const longestName = 100;

/**
 * A display name for the kept file, safe to show and to put in Content-Disposition: no path, no control or bidi
 * characters, at most 100 characters, the extension matching the real type. Never used as a path anywhere.
 */
export function paperName(declaredName: string, type: PaperType): string {
  const extension = `.${paperExtensions[type]}`;
  // The last part of a path, whichever way its slashes lean; hidden characters dropped before anything is judged,
  // so that "photo\u202Egpj.exe" is read as the "photogpj.exe" it is.
  const last = declaredName.split(/[/\\]/).pop() ?? "";
  let stem = last
    .replace(/\p{Cs}/gu, "")
    .normalize("NFC")
    .replace(hidden, "")
    .replace(reserved, "_")
    .replace(/\s+/gu, " ")
    .trim();
  // No hidden-file dot in front (".htaccess" is "htaccess"); then the declared extension goes (the real type gives
  // its own), and the dots and spaces at the end (Windows drops them).
  stem = stem.replace(/^[.\s]+/u, "");
  stem = stem.replace(/\.[\p{L}\p{N}]{1,10}$/u, "").replace(/[.\s]+$/u, "");
  const room = longestName - extension.length;
  if (Array.from(stem).length > room) {
    let cut = "";
    for (const { segment } of graphemes.segment(stem)) {
      if (Array.from(cut).length + Array.from(segment).length > room) break;
      cut += segment;
    }
    stem = cut.replace(/[.\s]+$/u, "");
  }
  return `${stem || "paper"}${extension}`;
}

/** What RFC 5987 allows unencoded in an ext-value (attr-char); everything else is percent-encoded as UTF-8. */
const attrChar = /[A-Za-z0-9!#$&+\-.^_`|~]/;

/**
 * Content-Disposition for a download: attachment, with filename (an ASCII stand-in, for old clients) and filename*
 * (RFC 5987/6266, the name in UTF-8). Whatever the name holds, the header holds no line break and each parameter
 * keeps its place: a quote, backslash, semicolon or percent sign is never bare in the stand-in.
 */
export function attachmentHeader(name: string): string {
  const clean = name.replace(/\p{Cs}/gu, "").replace(hidden, "");
  const encoded = Array.from(new TextEncoder().encode(clean), (byte) => {
    const char = String.fromCharCode(byte);
    return byte < 0x80 && attrChar.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }).join("");
  let fallback = clean.replace(/[^\x20-\x7e]+/g, "_").replace(/["\\%;]/g, "_");
  const dot = fallback.lastIndexOf(".");
  const stem = dot > 0 ? fallback.slice(0, dot) : fallback;
  // A name in another script is all stand-ins: "paper.pdf" says more than "_ _.pdf".
  if (!/[A-Za-z0-9]/.test(stem)) fallback = `paper${dot > 0 ? fallback.slice(dot) : ""}`;
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
