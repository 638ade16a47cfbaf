/** The breakpoints of the spec's screens, in CSS pixels: a width at or below each value gets that layout. */
export const breakpoints = { mobile: 600, tablet: 768, laptop: 1024 } as const;

export const mediaQuery = {
  mobile: `(max-width: ${breakpoints.mobile}px)`,
  tablet: `(max-width: ${breakpoints.tablet}px)`,
  laptop: `(max-width: ${breakpoints.laptop}px)`,
} as const;
