/**
 * The site's typeface, Inter, as the pages use it: the Latin characters (the same range as the font's Latin file
 * from @fontsource-variable/inter) at the weights the styles ask for. `npm run font:subset` cuts the font files
 * in app/assets/fonts down to these (scripts/font-subset.ts); a unit test fails if the files and these drift
 * apart or a style asks for a weight outside the range.
 *
 * The Latin characters come in two faces. The core, which every page needs, holds English text, prices and the
 * usual typographer's marks; under 16 KiB, half the one Latin file it replaced, a phone has it in fewer round
 * trips. The rest (accented letters and rarer signs) is a face of its own, which the browser downloads only for
 * a text that uses one of its characters, such as a name typed with an accent. Lighthouse's simulation of a
 * phone showed the difference: the one 31 KB Latin file needed another round trip or two whenever the browser
 * fetched its icons at the same time, and that decided the largest paint of the detail pages (README.md, "How a
 * page loads").
 */

/** The weights the files keep: every `font-weight` in the styles, and the browser's bold (700), lies within. */
export const interWeights = { min: 400, max: 800 } as const;

/** The characters of the font package's Latin file, as a CSS unicode-range. Others come from its Latin Extended. */
export const interLatinRange =
  "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD";

/**
 * The core face: ASCII, the no-break space, © ® ×, en and em dashes, curly quotes, the bullet, the ellipsis, € and
 * ™. Everything the site's own texts use.
 */
export const interCoreRange =
  "U+0000-007E,U+00A0,U+00A9,U+00AE,U+00D7,U+2013-2014,U+2018-2019,U+201C-201D,U+2022,U+2026,U+20AC,U+2122";

/** The rest of the Latin file's characters: the Latin range less the core (a unit test checks the two add up). */
export const interRestRange =
  "U+007F-009F,U+00A1-00A8,U+00AA-00AD,U+00AF-00D6,U+00D8-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-2012,U+2015-2017,U+201A-201B,U+201E-2021,U+2023-2025,U+2027-206F,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD";

/** The characters of the font package's Latin Extended file, used as it comes (its own weights and features). */
export const interLatinExtRange =
  "U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF";

/**
 * The OpenType features the files keep: those browsers apply to Latin text by default, and tabular figures for
 * prices (`.price`). Not calt, Inter's contextual alternates (a hyphen raised between capitals or figures, arrows
 * drawn from "->"): its extra glyphs are a fifth of the core face, for differences a reader hardly sees.
 */
export const interFeatures = ["kern", "liga", "clig", "ccmp", "locl", "mark", "mkmk", "rlig", "rvrn", "tnum"];
