import sharp from "sharp";
import { td3Lines, type Traveller } from "./mrz-writer.ts";

// A made-up passport's data page, drawn from an SVG by sharp (librsvg), and photographs of it as a phone takes them
// (issue 57's test set). The machine-readable zone is set in OCR-B, Debian's fonts-ocr-b: fontconfig knows it as
// "OCR B" (with a space; "OCR-B" would fall back to DejaVu Sans without a word), so the SVG names it so.

export const pageSize = { width: 1250, height: 880 } as const;

/** The MRZ's type: 44 characters of this OCR-B (measured: 31.6 em of ink a line) span 1,105 px of the page's 1,250. */
export const mrzFontSize = 35;
export const mrzLeft = 72;
export const mrzWidth = Math.round(31.57 * mrzFontSize);

export const photoKinds = ["clean", "rotated", "blurred", "jpeg60", "uneven-light", "small-zone"] as const;
export type PhotoKind = (typeof photoKinds)[number];

function escape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

const months = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];

/** 12 AUG 1974, as data pages print dates. */
function printed(iso: string): string {
  const [y, m, d] = iso.split("-");
  return `${d} ${months[Number(m) - 1]} ${y}`;
}

/** The SVG of the data page: a pale guilloche-like background, a grey photo box, labels and values, the MRZ. */
export function dataPageSvg(traveller: Traveller): string {
  const [line1, line2] = td3Lines(traveller);
  const { width, height } = pageSize;
  const field = (x: number, y: number, label: string, value: string) =>
    `<text x="${x}" y="${y}" class="label">${escape(label)}</text>` +
    `<text x="${x}" y="${y + 30}" class="value">${escape(value)}</text>`;
  // Thin wavy lines behind the page, as security printing has: pale, so the zone stays black on pale.
  const waves = Array.from({ length: 18 }, (_, i) => {
    const y = 40 + i * 34;
    return `<path d="M0 ${y} C 300 ${y - 30}, 600 ${y + 30}, ${width} ${y}" class="wave"/>`;
  }).join("");
  const issueDate = traveller.issueDate ?? addYears(traveller.expiryDate, -10);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<style>
  .label { font: 17px 'DejaVu Sans', sans-serif; fill: #4a5a66; letter-spacing: 0.5px; }
  .value { font: bold 25px 'DejaVu Sans', sans-serif; fill: #111; }
  .title { font: bold 30px 'DejaVu Sans', sans-serif; fill: #1f3b57; letter-spacing: 3px; }
  .wave { fill: none; stroke: #d9e4dc; stroke-width: 2; }
  .mrz { font-family: 'OCR B', 'OCR-B', monospace; font-size: ${mrzFontSize}px; fill: #000; }
</style>
<rect width="${width}" height="${height}" rx="28" fill="#f4f1e8"/>
${waves}
<text x="60" y="70" class="title">PASSPORT · PASSEPORT</text>
<text x="${width - 60}" y="70" class="title" text-anchor="end">${escape(traveller.issuingState.padEnd(3, " ").trim())}</text>
<rect x="60" y="110" width="300" height="390" rx="10" fill="#b9bec3"/>
<circle cx="210" cy="250" r="78" fill="#9aa1a7"/>
<path d="M 90 500 C 90 380, 330 380, 330 500 Z" fill="#9aa1a7"/>
${field(400, 125, "Type / Type", "P")}
${field(560, 125, "Code / Code", traveller.issuingState)}
${field(780, 125, "Passport No. / N° du passeport", traveller.documentNumber)}
${field(400, 200, "Surname / Nom", traveller.surname.toUpperCase())}
${field(400, 275, "Given names / Prénoms", traveller.givenNames.toUpperCase() || "—")}
${field(400, 350, "Nationality / Nationalité", traveller.nationality)}
${field(780, 350, "Sex / Sexe", traveller.sex)}
${field(400, 425, "Date of birth / Date de naissance", printed(traveller.birthDate))}
${field(780, 425, "Place of birth / Lieu de naissance", (traveller.placeOfBirth ?? "—").toUpperCase())}
${field(400, 500, "Date of issue / Date de délivrance", printed(issueDate))}
${field(780, 500, "Date of expiry / Date d'expiration", printed(traveller.expiryDate))}
<path d="M 60 640 L ${width - 60} 640" stroke="#c9c4b5" stroke-width="2"/>
<text x="${mrzLeft}" y="740" class="mrz">${escape(line1)}</text>
<text x="${mrzLeft}" y="815" class="mrz">${escape(line2)}</text>
</svg>`;
}

function addYears(iso: string, years: number): string {
  const [y, m, d] = iso.split("-");
  const day = m === "02" && d === "29" ? "28" : d;
  return `${Number(y) + years}-${m}-${day}`;
}

/** The data page as a PNG, 1250 × 880. */
export async function drawDataPage(traveller: Traveller): Promise<Buffer> {
  return sharp(Buffer.from(dataPageSvg(traveller)))
    .png()
    .toBuffer();
}

/** A small seeded generator (mulberry32): the same seed, the same photo, byte for byte. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A wooden table's colour, a little different for each seed. */
function table(random: () => number) {
  return { r: 120 + Math.round(random() * 30), g: 92 + Math.round(random() * 20), b: 64 + Math.round(random() * 15) };
}

/**
 * The page photographed: "clean" (as drawn), "rotated" (2° to 8° either way), "blurred" (a phone's slight shake),
 * "jpeg60" (JPEG quality 60), "uneven-light" (a strong gradient and vignette across the page), "small-zone" (the
 * page on a larger table, the zone 60 % of the image's width). A JPEG; deterministic for a seed.
 */
export async function photograph(page: Buffer, kind: PhotoKind, seed: number): Promise<Buffer> {
  const random = seeded(seed);
  const jpeg = { quality: 90, chromaSubsampling: "4:2:0" } as const;
  switch (kind) {
    case "clean":
      return sharp(page).flatten({ background: "#ffffff" }).jpeg(jpeg).toBuffer();
    case "rotated": {
      const angle = (2 + random() * 6) * (random() < 0.5 ? -1 : 1);
      const background = table(random);
      return sharp(page).rotate(angle, { background }).flatten({ background }).jpeg(jpeg).toBuffer();
    }
    case "blurred":
      return sharp(page)
        .flatten({ background: "#ffffff" })
        .blur(1.6 + random() * 0.6)
        .jpeg(jpeg)
        .toBuffer();
    case "jpeg60":
      return sharp(page).flatten({ background: "#ffffff" }).jpeg({ quality: 60 }).toBuffer();
    case "uneven-light": {
      const { width, height } = pageSize;
      // Light from one side falling off to a shadow (down to 40 %), and darker corners.
      const fromLeft = random() < 0.5;
      const dark = 0.4 + random() * 0.1;
      const shade = Math.round(255 * dark);
      const light = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs>
  <linearGradient id="g" x1="${fromLeft ? 0 : 1}" y1="0" x2="${fromLeft ? 1 : 0}" y2="1">
    <stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="rgb(${shade},${shade},${shade})"/>
  </linearGradient>
  <radialGradient id="v" cx="0.5" cy="0.5" r="0.75">
    <stop offset="0.55" stop-color="#ffffff"/><stop offset="1" stop-color="#6e6e6e"/>
  </radialGradient>
</defs>
<rect width="100%" height="100%" fill="url(#g)"/>
<rect width="100%" height="100%" fill="url(#v)" style="mix-blend-mode:multiply"/>
</svg>`;
      const overlay = await sharp(Buffer.from(light)).png().toBuffer();
      return sharp(page)
        .flatten({ background: "#ffffff" })
        .composite([{ input: overlay, blend: "multiply" }])
        .jpeg(jpeg)
        .toBuffer();
    }
    case "small-zone": {
      const width = Math.round(mrzWidth / 0.6);
      const height = Math.round((width * 3) / 4);
      const left = Math.round(random() * (width - pageSize.width));
      const top = Math.round(random() * (height - pageSize.height));
      return sharp({ create: { width, height, channels: 3, background: table(random) } })
        .composite([{ input: page, left, top }])
        .jpeg(jpeg)
        .toBuffer();
    }
  }
}
