import { type CountryCode, parseDigits, parsePhoneNumberFromString, type PhoneNumber } from "libphonenumber-js/max";

/**
 * Why a visitor's phone number needs a person to look at it: it is a number nowhere (`invalid`), or it reads as a
 * mobile of another country typed without its country code (`foreign-mobile`: 9845012345 is an Indian mobile, and
 * read as international it was a call to +98, Iran).
 */
export type PhoneFlag = "invalid" | "foreign-mobile";

export interface ReadPhone {
  /** The number in international form (E.164, +971509876543), when it is certain; null when flagged or empty. */
  international: string | null;
  flag: PhoneFlag | null;
  /** For a foreign mobile: the numbers it could be, in international form, the likeliest first. */
  candidates: string[];
}

/** The agency is in Dubai: a number typed the local way is a UAE number first. */
const home: CountryCode = "AE";

/**
 * Where the agency's visitors come from besides the UAE, the likeliest first: a number that is no UAE number but a
 * mobile in one of these, typed the way it is dialled there, is flagged with these as its candidates.
 */
const visitorCountries: readonly CountryCode[] = [
  "PH",
  "IN",
  "PK",
  "BD",
  "LK",
  "NP",
  "EG",
  "SA",
  "OM",
  "QA",
  "KW",
  "BH",
  "JO",
  "LB",
  "SY",
  "SD",
  "NG",
  "KE",
  "UG",
  "ET",
  "ID",
  "GB",
  "IR",
  "RU",
  "CN",
];

const valid = (number: PhoneNumber | undefined): number is PhoneNumber => number?.isValid() === true;

/** A Philippine mobile as Filipinos type it at home: 0917 123 4567. Never a UAE number (those have 10 digits). */
const philippineLocal = /^09[0-9]{9}$/;

/**
 * Reads a phone number as a visitor typed it, the UAE being home: what is typed is never changed (the caller keeps
 * it), this only says what number it is. In order: + or 00 before a country code is international; a number valid
 * in the UAE is a UAE number; 09 and nine digits is a Philippine mobile; a mobile of another visitor country typed
 * without its code is flagged, never guessed; digits that begin with a country code, without the +, are
 * international; anything else is flagged as no number at all.
 */
export function readPhone(typed: string): ReadPhone {
  const trimmed = typed.trim();
  const digits = trimmed.replace(/[^0-9]/g, "");
  if (digits === "") return { international: null, flag: trimmed === "" ? null : "invalid", candidates: [] };
  const certain = (number: PhoneNumber): ReadPhone => ({ international: number.number, flag: null, candidates: [] });
  const invalid: ReadPhone = { international: null, flag: "invalid", candidates: [] };

  if (/^\s*(\+|00)/.test(trimmed)) {
    const number = parsePhoneNumberFromString(`+${trimmed.startsWith("+") ? digits : digits.slice(2)}`);
    return valid(number) ? certain(number) : invalid;
  }
  const local = parsePhoneNumberFromString(digits, home);
  if (valid(local)) return certain(local);
  if (philippineLocal.test(digits)) {
    const philippine = parsePhoneNumberFromString(digits, "PH");
    if (valid(philippine)) return certain(philippine);
  }
  const candidates = visitorCountries.flatMap((country) => {
    const number = parsePhoneNumberFromString(digits, country);
    // Read as dialled there: with at most a trunk prefix (0) before it, not after a country code the library took off.
    const dialled = number !== undefined && digits.length - number.nationalNumber.length <= 1;
    return dialled && valid(number) && number.country === country && number.getType() === "MOBILE"
      ? [number.number]
      : [];
  });
  if (candidates.length > 0) return { international: null, flag: "foreign-mobile", candidates };
  const withCode = parsePhoneNumberFromString(`+${digits}`);
  return valid(withCode) ? certain(withCode) : invalid;
}

/**
 * Text with every digit as an ASCII one, as libphonenumber-js reads them (issue 59, item 8): a number typed on an Arabic
 * keyboard (٠٥٠١٢٣٤٥٦٧, or the Persian and Urdu ۰۵۰…) or in full-width digits is found like 0501234567. Other
 * characters are kept as they are.
 */
export function asciiDigits(text: string): string {
  return text.replace(/\p{Nd}/gu, (digit) => parseDigits(digit) || digit);
}

/** A number in international form as people write it: +971 50 987 6543. */
export function spaced(international: string): string {
  return parsePhoneNumberFromString(international)?.formatInternational() ?? international;
}

const regionNames = new Intl.DisplayNames(["en"], { type: "region" });

/** The country an international number belongs to, in English ("India"), or null. */
export function countryOf(international: string): string | null {
  const country = parsePhoneNumberFromString(international)?.country;
  return country ? (regionNames.of(country) ?? null) : null;
}

/** The digits of an international number after its country code (+971509876543: 509876543). */
export function nationalDigits(international: string): string {
  return parsePhoneNumberFromString(international)?.nationalNumber ?? international.replace(/[^0-9]/g, "");
}

/**
 * What a search typed as a whole phone number means: its international form, when it reads as one with certainty.
 * A search with letters in it, or fewer than seven digits, is not a phone number.
 */
export function searchedNumber(query: string): string | null {
  const trimmed = query.trim();
  if (!/^\+?[0-9\s().-]+$/.test(trimmed) || trimmed.replace(/[^0-9]/g, "").length < 7) return null;
  return readPhone(trimmed).international;
}
