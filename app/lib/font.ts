/**
 * The site's typeface, Inter, as the pages use it: the Latin characters (the same range as the font's Latin file
 * from @fontsource-variable/inter) at the weights the styles ask for. `npm run font:subset` cuts the font file
 * in app/assets/fonts down to these (scripts/font-subset.ts); a unit test fails if the file and these drift apart
 * or a style asks for a weight outside the range.
 */

/** The weights the file keeps: every `font-weight` in the styles, and the browser's bold (700), lies within. */
export const interWeights = { min: 400, max: 800 } as const;

/** The characters the Latin file covers, as a CSS unicode-range. Others come from the Latin Extended file. */
export const interLatinRange =
  "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD";
