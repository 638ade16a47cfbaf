/**
 * The spec's business constants that are not prices. Components and copy read them from here, and
 * content.test.ts checks each one against the spec's numbers.
 */

/** Home carousel: auto-advance interval and the swipe distance that changes slide (the spec's screens). */
export const carouselIntervalMs = 5000;
export const swipeThresholdPx = 40;

/** The fixed rating shown on every featured card. */
export const cardRating = 4.5;

/** Scroll reveal animations: duration, and they repeat each time an element re-enters the viewport. */
export const animationDurationMs = 1000;
export const animationRepeats = true;

/** Detail page sidebar height on desktop. */
export const sidebarHeightPx = 1267;

/** Rows of the message box in the enquiry forms. */
export const messageBoxRows = 6;

/** A passport must be valid for at least this many months (the spec's validation rules). */
export const passportValidityMonths = 6;

/** Standard visa processing time, in working days. */
export const standardProcessingDays = { min: 2, max: 3 } as const;

/** Urgent processing surcharges, in AED, and how fast the approval comes. */
export const urgentSurcharges = {
  transit: { amount: 50, approvalWithin: "one day" },
  tourist: { amount: 150, approvalWithin: "24 hours" },
} as const;

/** A tourist visa can be extended twice, 30 days each time. */
export const touristVisaExtension = { times: 2, daysEach: 30 } as const;

/** Durations the Dubai visa and visa change pages describe, in days. */
export const dubaiVisaDurationsDays = [14, 30, 60] as const;
export const visaChangeDurationsDays = [30, 60] as const;

/** Road visa change to Oman: the package includes an Oman visa of this length and a hotel stay. */
export const omanRoadTrip = { omanVisaDays: 10, nights: 1 } as const;

/** Travel insurance (the spec's business constants): the medical cover limit in AED and the age bands in years. */
export const insuranceMedicalCoverAed = 150_000;
export const insuranceAdultMaxAge = 70;
export const outboundAgeBands = {
  child: { from: 0, to: 18 },
  adult: { from: 19, to: 70 },
  senior: { from: 71, to: 79 },
} as const;

/** The packages pages show their price grid in two columns. */
export const packageGridColumns = 2;
