import { parse, states } from "mrz";
import { longDate as formatLongDate } from "../../../app/lib/long-date";

// The passport's machine-readable zone (ICAO 9303 part 4, TD3: two lines of 44 characters), read from an OCR
// engine's text, parsed and checked (issue 57). Pure: it runs in the traveller's browser (the reader's bundle) and
// on the server, so nothing here imports from node:.
//
// What the check digits can and cannot catch decides what may be repaired: a letter read where only a digit can
// stand (a date, a check digit) has one reading, and the check digit then confirms it; a document or personal
// number may hold letters and digits alike, so a confusion there is left for its check digit to refuse. One
// confusion no check digit catches: G and 6 weigh 16 and 6, the same modulo 10, so a passport number holding either
// is said to need the traveller's eye ("check-number").

export type MrzFormat = "TD3" | "TD1" | "TD2" | "unknown";

export interface MrzFields {
  surname: string;
  /** Fillers as spaces; as the MRZ has them, cut if the name was too long for the zone (see `nameCut`). */
  givenNames: string;
  documentNumber: string;
  nationality: string;
  issuingState: string;
  /** yyyy-mm-dd, or "" when it could not be read. */
  birthDate: string;
  expiryDate: string;
  /** The MRZ's < (unspecified) is X. "" when it could not be read. */
  sex: "F" | "M" | "X" | "";
}

export interface MrzChecks {
  documentNumber: boolean;
  birthDate: boolean;
  expiryDate: boolean;
  personalNumber: boolean;
  composite: boolean;
}

export interface MrzReading {
  format: MrzFormat;
  /** The document code's first letter: P for a passport, V for a visa. "" when not TD3. */
  documentCode: string;
  fields: MrzFields;
  checks: MrzChecks;
  /** Fields whose shape is wrong although the check digits may pass: an impossible date, an unknown state code. */
  fieldErrors: Partial<Record<keyof MrzFields, string>>;
  /** The name fills the 39 characters of its field: the passport may have cut it. */
  nameCut: boolean;
  /** The passport number holds a G or a 6, which no check digit tells apart. */
  documentNumberUnsure: boolean;
  /** TD3 with every check digit passing and every field well formed. */
  valid: boolean;
}

export type ProblemCode =
  "td1" | "not-passport" | "unreadable" | "expires-soon" | "expired" | "name-differs" | "check-number";

export interface Problem {
  code: ProblemCode;
  message: string;
}

/** Every message shown to the traveller, for the form and its tests. */
export const messages = {
  unreadable: "We could not read this clearly: take the photo again, flat and in good light.",
  td1:
    "This is an identity card. We need your passport: take a photo of its photo page, the page with two lines of " +
    "letters and < signs at the bottom.",
  notPassport:
    "This is not a passport's photo page. Take a photo of the page with your photo and two lines of letters and < " +
    "signs at the bottom.",
  expired: (expiry: string) =>
    `Your passport expired on ${expiry}. A visa needs a valid passport: please renew it before you apply.`,
  expiresSoon: (expiry: string, travel: string | null) =>
    `Your passport expires on ${expiry}, ${travel ? `less than 6 months after your travel date (${travel})` : "in less than 6 months"}. ` +
    "The UAE needs at least 6 months: please renew it first, or talk to us.",
  nameDiffers: (enquiry: string, passport: string) =>
    `The name on your enquiry, “${enquiry}”, is not written as on your passport: “${passport}”. ` +
    "The visa uses the passport's spelling; our office will see both.",
  checkNumber: "Please check your passport number against the page: a 6 and a G can be misread as each other.",
  typed: {
    surname: "Type your surname as on your passport, in letters.",
    givenNames: "Type your given names as on your passport, in letters (leave it empty if you have none).",
    documentNumber: "A passport number is 1 to 9 letters and digits, as printed on your photo page.",
    nationality: "Nationality is the 3-letter code on your passport's photo page, such as PHL, IND or PAK.",
    issuingState: "The issuing country is the 3-letter code on your passport's photo page, such as PHL, IND or PAK.",
    birthDate: "Type your date of birth as a real date: day, month and year.",
    birthDateFuture: "Your date of birth cannot be in the future.",
    expiryDate: "Type your passport's expiry date as a real date: day, month and year.",
    sex: "Choose F, M or X, as on your passport.",
  },
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Dates

/** Today's calendar date where the code runs (the traveller's phone, or the server), as yyyy-mm-dd. */
export function isoDay(date: Date): string {
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

function two(n: number): string {
  return String(n).padStart(2, "0");
}

/** A real calendar date in yyyy-mm-dd, or null. */
function realDate(iso: string): { y: number; m: number; d: number } | null {
  const match = /^(\d{4})-(\d\d)-(\d\d)$/.exec(iso);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return { y, m, d };
}

function iso(y: number, m: number, d: number): string {
  return `${String(y).padStart(4, "0")}-${two(m)}-${two(d)}`;
}

/** The same day `months` later; a day the month lacks (31 August + 6 months) becomes its last day. */
export function addMonths(isoDate: string, months: number): string {
  const date = realDate(isoDate);
  if (!date) throw new Error(`not a date: ${isoDate}`);
  const first = new Date(Date.UTC(date.y, date.m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return iso(first.getUTCFullYear(), first.getUTCMonth() + 1, Math.min(date.d, lastDay));
}

/** 31 December 2026 (a day that does not exist is given back as it is). */
export function longDate(isoDate: string): string {
  return realDate(isoDate) ? formatLongDate(isoDate) : isoDate;
}

/** YYMMDD with the century chosen: a birth date never after today, an expiry the nearest to today. */
function mrzDate(yymmdd: string, today: string, kind: "birth" | "expiry"): string | null {
  if (!/^\d{6}$/.test(yymmdd)) return null;
  const yy = Number(yymmdd.slice(0, 2));
  const m = Number(yymmdd.slice(2, 4));
  const d = Number(yymmdd.slice(4, 6));
  const year = Number(today.slice(0, 4));
  let century: number;
  if (kind === "birth") {
    century = iso(2000 + yy, m, d) <= today ? 2000 : 1900;
  } else {
    // A passport is valid for at most 10 years: within about 20 years either way of today, the nearest century.
    century = [1900, 2000, 2100].reduce((best, c) => (Math.abs(c + yy - year) < Math.abs(best + yy - year) ? c : best));
  }
  const result = iso(century + yy, m, d);
  return realDate(result) ? result : null;
}

// ---------------------------------------------------------------------------------------------------------------
// State codes

/** ICAO 9303's codes (the mrz library's list) and the standard's own specimen state, Utopia. */
export function knownState(code: string): boolean {
  return code === "UTO" || Object.hasOwn(states, code);
}

// ---------------------------------------------------------------------------------------------------------------
// Reading two lines

const emptyFields: MrzFields = {
  surname: "",
  givenNames: "",
  documentNumber: "",
  nationality: "",
  issuingState: "",
  birthDate: "",
  expiryDate: "",
  sex: "",
};

const noChecks: MrzChecks = {
  documentNumber: false,
  birthDate: false,
  expiryDate: false,
  personalNumber: false,
  composite: false,
};

function formatOf(lines: readonly string[]): MrzFormat {
  const lengths = lines.map((line) => line.length);
  const near = (n: number) => lengths.every((length) => Math.abs(length - n) <= 1);
  if (lines.length === 2 && lengths.every((length) => length === 44)) return "TD3";
  if (lines.length === 3 && near(30)) return "TD1";
  if (lines.length === 2 && near(36)) return "TD2";
  return "unknown";
}

const unfilled = (text: string) => text.replace(/<+$/, "");
const spaced = (text: string) => text.replace(/<+/g, " ").trim();

/** Parses and checks the lines (as mrzLinesFrom gives them). Only TD3 is read; other formats are only named. */
export function readMrz(lines: string[], today: Date): MrzReading {
  const format = formatOf(lines);
  const unread: MrzReading = {
    format,
    documentCode: "",
    fields: { ...emptyFields },
    checks: { ...noChecks },
    fieldErrors: {},
    nameCut: false,
    documentNumberUnsure: false,
    valid: false,
  };
  if (format !== "TD3" || !lines.every((line) => /^[A-Z0-9<]{44}$/.test(line))) {
    return { ...unread, format: format === "TD3" ? "unknown" : format };
  }
  const [line1, line2] = lines as [string, string];
  const parsed = parse(lines);
  const passes = (field: string) => parsed.details.some((detail) => detail.field === field && detail.valid);
  const checks: MrzChecks = {
    documentNumber: passes("documentNumberCheckDigit"),
    birthDate: passes("birthDateCheckDigit"),
    expiryDate: passes("expirationDateCheckDigit"),
    personalNumber: passes("personalNumberCheckDigit"),
    composite: passes("compositeCheckDigit"),
  };

  const todayIso = isoDay(today);
  const fieldErrors: MrzReading["fieldErrors"] = {};
  const nameField = line1.slice(5, 44);
  const name = unfilled(nameField);
  const separator = name.indexOf("<<");
  const surname = separator < 0 ? name : name.slice(0, separator);
  const given = separator < 0 ? "" : name.slice(separator + 2);
  if (!/^[A-Z<]+$/.test(surname)) fieldErrors.surname = "not letters";
  if (!/^[A-Z<]*$/.test(given)) fieldErrors.givenNames = "not letters";
  const documentNumber = unfilled(line2.slice(0, 9));
  if (!/^[A-Z0-9]+$/.test(documentNumber)) fieldErrors.documentNumber = "not letters and digits";
  const nationality = unfilled(line2.slice(10, 13));
  if (!knownState(nationality)) fieldErrors.nationality = "unknown state code";
  const issuingState = unfilled(line1.slice(2, 5));
  if (!knownState(issuingState)) fieldErrors.issuingState = "unknown state code";
  const birthDate = mrzDate(line2.slice(13, 19), todayIso, "birth");
  if (!birthDate) fieldErrors.birthDate = "not a date";
  const expiryDate = mrzDate(line2.slice(21, 27), todayIso, "expiry");
  if (!expiryDate) fieldErrors.expiryDate = "not a date";
  const sexChar = line2.charAt(20);
  const sex = sexChar === "F" || sexChar === "M" ? sexChar : sexChar === "<" || sexChar === "X" ? "X" : "";
  if (!sex) fieldErrors.sex = "not F, M or <";

  return {
    format,
    documentCode: line1.charAt(0),
    fields: {
      surname: spaced(surname),
      givenNames: spaced(given),
      documentNumber,
      nationality,
      issuingState,
      birthDate: birthDate ?? "",
      expiryDate: expiryDate ?? "",
      sex,
    },
    checks,
    fieldErrors,
    nameCut: nameField[38] !== "<",
    documentNumberUnsure: /[G6]/.test(documentNumber),
    valid: Object.values(checks).every(Boolean) && Object.keys(fieldErrors).length === 0,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Finding the lines in an OCR engine's text

/** Characters an OCR engine (or a font) gives for the filler <. */
const fillerLookAlikes = /[«‹〈⟨＜≤≪‹]/g;

// The usual confusions, each mapped only where the field allows one reading of it.
export const asDigit: Record<string, string> = { O: "0", Q: "0", D: "0", I: "1", B: "8", S: "5", Z: "2", G: "6" };
export const asLetter: Record<string, string> = { "0": "O", "1": "I", "8": "B", "5": "S", "2": "Z", "6": "G" };

type Kind = "letter" | "digit" | "any";

/** What may stand at each position of TD3's second line; < may stand anywhere as a filler or unknown part. */
const line2Kinds: Kind[] = [
  ...Array<Kind>(9).fill("any"), // document number
  "digit",
  ...Array<Kind>(3).fill("letter"), // nationality
  ...Array<Kind>(6).fill("digit"), // birth date
  "digit",
  "any", // sex: F, M or <; nothing to map
  ...Array<Kind>(6).fill("digit"), // expiry date
  "digit",
  ...Array<Kind>(14).fill("any"), // personal number
  "digit",
  "digit", // composite
];

function mapKinds(line: string, kindAt: (index: number) => Kind): string {
  return [...line]
    .map((char, index) => {
      const kind = kindAt(index);
      if (kind === "digit") return asDigit[char] ?? char;
      if (kind === "letter") return asLetter[char] ?? char;
      return char;
    })
    .join("");
}

/** Line 1: the document code's P, then letters and fillers only (state and names). */
const fixLine1 = (line: string) => mapKinds(line, (index) => (index === 0 ? "any" : "letter"));
const fixLine2 = (line: string) => mapKinds(line, (index) => line2Kinds[index] ?? "any");

/** Line 1 a filler too long or short: only at the end of a name that does not fill its field. */
function line1OfLength(line: string): string | null {
  if (line.length === 44) return line;
  if (line.length === 43 && line.endsWith("<")) return line + "<";
  if (line.length === 45 && line.endsWith("<<")) return line.slice(0, 44);
  return null;
}

/**
 * Line 2 a character too long or short: a filler dropped from, or added to, a run of fillers, or a character too many
 * at its end. Every place is tried;
 * the repair stands only when exactly one gives a line whose check digits all pass and whose fields are well formed.
 */
function line2OfLength(line: string, line1: string): string | null {
  if (line.length === 44) return line;
  const candidates = new Set<string>();
  if (line.length === 45) {
    // A speck read as a character after the composite check digit, or a filler too many in a run of fillers.
    candidates.add(line.slice(0, 44));
    for (let i = 0; i < line.length; i++) {
      if (line[i] === "<" && (line[i - 1] === "<" || line[i + 1] === "<")) {
        candidates.add(line.slice(0, i) + line.slice(i + 1));
      }
    }
  } else if (line.length === 43) {
    for (let i = 0; i <= line.length; i++) {
      if (line[i - 1] === "<" || line[i] === "<") candidates.add(line.slice(0, i) + "<" + line.slice(i));
    }
  } else return null;
  // The reading's own date rules need a today; any day does for the check digits and shapes (none of it is dated).
  const passing = [...candidates]
    .map(fixLine2)
    .filter((candidate) => readMrz([line1, candidate], new Date(2000, 0, 1)).valid);
  return new Set(passing).size === 1 ? (passing[0] ?? null) : null;
}

function cleanLine(line: string): string {
  return line
    .toUpperCase()
    .replace(fillerLookAlikes, "<")
    .replace(/[^A-Z0-9<]/g, "");
}

/**
 * The zone's lines in an OCR engine's text: TD3's two lines of 44, repaired as far as they can be without guessing,
 * or an identity card's three lines of about 30 (TD1) or two of about 36 (TD2), given as found so that they can be
 * refused. Null when there is no zone, or a TD3 line's length cannot be repaired.
 */
export function mrzLinesFrom(ocrText: string): string[] | null {
  // Spaces inside a line are the engine's, not the zone's: a line of the zone has none.
  const lines = ocrText
    .split(/\r?\n|\r/)
    .map((line) => line.replace(/\s+/g, ""))
    .filter((line) => line.length > 0)
    .map(cleanLine)
    .filter((line) => line.length >= 20);
  // The zone is at the foot of the page: its last lines.
  for (let i = lines.length - 2; i >= 0; i--) {
    const [first = "", second = ""] = lines.slice(i, i + 2);
    if (Math.abs(first.length - 44) <= 1 && Math.abs(second.length - 44) <= 1) {
      const line1 = line1OfLength(first);
      if (!line1) return null;
      const fixed1 = fixLine1(line1);
      const line2 = line2OfLength(second, fixed1);
      return line2 ? [fixed1, fixLine2(line2)] : null;
    }
  }
  for (let i = lines.length - 3; i >= 0; i--) {
    const three = lines.slice(i, i + 3);
    if (formatOf(three) === "TD1") return three;
  }
  for (let i = lines.length - 2; i >= 0; i--) {
    const two = lines.slice(i, i + 2);
    if (formatOf(two) === "TD2") return two;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Names

// ICAO 9303 part 3, 6.A: recommended transliterations; a passport may also just drop the marks (Ü as U).
const transliterations: Record<string, string> = {
  Ä: "AE",
  Å: "AA",
  Æ: "AE",
  Ö: "OE",
  Ø: "OE",
  Œ: "OE",
  Ü: "UE",
  ß: "SS",
  Þ: "TH",
  Ð: "D",
  Ĳ: "IJ",
};

const stripMarks = (text: string) => text.normalize("NFD").replace(/[\u0300-\u036f]/g, "");

/** A name's words as the MRZ could write them: each word with its possible spellings (marks dropped, or ICAO's). */
function nameWords(text: string): string[][] {
  const upper = text.toUpperCase().replace(/['’‘`ʼ]/g, "");
  return upper
    .split(/[^\p{L}]+/u)
    .filter(Boolean)
    .map((word) => {
      const plain = stripMarks(word).replace(/[^A-Z]/g, "");
      const icao = stripMarks([...word].map((c) => transliterations[c] ?? c).join("")).replace(/[^A-Z]/g, "");
      return [...new Set([plain, icao])].filter(Boolean);
    })
    .filter((spellings) => spellings.length > 0);
}

/**
 * Whether the name the traveller gave differs from the passport's, ignoring case, marks, punctuation and the words'
 * order. A cut name (`cut`) matches when its words are the given name's, its last word the start of one, and the
 * given name is too long for the zone. One letter more or less is a difference (Mohammed, Mohamed).
 */
export function namesDiffer(
  enquiryName: string,
  passport: Pick<MrzFields, "surname" | "givenNames">,
  cut: boolean,
): boolean {
  const theirs = nameWords(enquiryName);
  const ours = [...passport.surname.split(" "), ...passport.givenNames.split(" ")].filter(Boolean);
  if (ours.length === 0) return true;
  if (!cut && theirs.length !== ours.length) return true;
  if (cut) {
    // The enquiry's name must be too long for the zone to have been cut to the passport's.
    const shortest = theirs.reduce((sum, spellings) => sum + Math.min(...spellings.map((s) => s.length)), 0);
    if (shortest + theirs.length + 1 < 39) return true;
  }
  const used = new Set<number>();
  const match = (index: number): boolean => {
    if (index === ours.length) return true;
    const word = ours[index] ?? "";
    const last = cut && index === ours.length - 1;
    for (let j = 0; j < theirs.length; j++) {
      if (used.has(j)) continue;
      if ((theirs[j] ?? []).some((spelling) => (last ? spelling.startsWith(word) : spelling === word))) {
        used.add(j);
        if (match(index + 1)) return true;
        used.delete(j);
      }
    }
    return false;
  };
  return !match(0);
}

// ---------------------------------------------------------------------------------------------------------------
// What would get the visa refused

export function passportProblems(input: {
  reading: MrzReading;
  /** The enquiry's planned travel date, yyyy-mm-dd. */
  travelDate?: string;
  today: Date;
  enquiryName?: string;
}): Problem[] {
  const { reading } = input;
  if (reading.format === "TD1") return [{ code: "td1", message: messages.td1 }];
  if (reading.format === "TD2") return [{ code: "not-passport", message: messages.notPassport }];
  if (reading.format === "TD3" && reading.documentCode === "V") {
    return [{ code: "not-passport", message: messages.notPassport }];
  }
  if (!reading.valid || reading.documentCode !== "P") return [{ code: "unreadable", message: messages.unreadable }];
  const problems = fieldsProblems({ ...input, fields: reading.fields, nameCut: reading.nameCut });
  if (reading.documentNumberUnsure) problems.push({ code: "check-number", message: messages.checkNumber });
  return problems;
}

/**
 * What would get the visa refused in a passport's fields, however they came (read, corrected or typed by the
 * traveller): expired, or expiring less than 6 months after the travel date (or today); the enquiry's name written
 * otherwise than the passport's. The server checks the fields it is sent with this too.
 */
export function fieldsProblems(input: {
  fields: MrzFields;
  /** The name filled the zone's 39 characters: the passport may have cut it. */
  nameCut?: boolean;
  travelDate?: string;
  today: Date;
  enquiryName?: string;
}): Problem[] {
  const { fields, today } = input;
  const problems: Problem[] = [];
  const todayIso = isoDay(today);
  const expiry = fields.expiryDate;
  if (expiry < todayIso) {
    problems.push({ code: "expired", message: messages.expired(longDate(expiry)) });
  } else {
    const travel =
      input.travelDate && realDate(input.travelDate) && input.travelDate > todayIso ? input.travelDate : null;
    if (expiry < addMonths(travel ?? todayIso, 6)) {
      problems.push({
        code: "expires-soon",
        message: messages.expiresSoon(longDate(expiry), travel && longDate(travel)),
      });
    }
  }
  const enquiryName = input.enquiryName?.trim();
  if (enquiryName && namesDiffer(enquiryName, fields, input.nameCut ?? false)) {
    const passportName = [fields.givenNames, fields.surname].filter(Boolean).join(" ");
    problems.push({ code: "name-differs", message: messages.nameDiffers(enquiryName, passportName) });
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------------------------
// Fields typed by hand

export type TypedFields = Omit<Record<keyof MrzFields, string>, "issuingState"> & { issuingState?: string };

export interface TypedCheck {
  ok: boolean;
  /** The form's message for each wrong field. */
  errors: Partial<Record<keyof MrzFields, string>>;
  /** Trimmed and upper-cased as the MRZ writes them (names keep their marks). */
  fields: MrzFields;
}

const typedName = /^[\p{L}]+(?:[ '’-]+[\p{L}]+)*$/u;

/** The traveller's own typing, when reading failed: each field's shape, with the message the form shows. */
export function checkTypedFields(typed: TypedFields, today: Date = new Date()): TypedCheck {
  const clean = (text: string | undefined) => (text ?? "").trim().replace(/\s+/g, " ");
  const upper = (text: string | undefined) => clean(text).toUpperCase();
  const fields: MrzFields = {
    surname: upper(typed.surname),
    givenNames: upper(typed.givenNames),
    documentNumber: upper(typed.documentNumber),
    nationality: upper(typed.nationality),
    issuingState: upper(typed.issuingState) || upper(typed.nationality),
    birthDate: clean(typed.birthDate),
    expiryDate: clean(typed.expiryDate),
    sex: "",
  };
  const sex = upper(typed.sex);
  if (sex === "F" || sex === "M" || sex === "X") fields.sex = sex;

  const errors: TypedCheck["errors"] = {};
  if (!typedName.test(fields.surname) || fields.surname.length > 60) errors.surname = messages.typed.surname;
  if (fields.givenNames && (!typedName.test(fields.givenNames) || fields.givenNames.length > 80)) {
    errors.givenNames = messages.typed.givenNames;
  }
  if (!/^[A-Z0-9]{1,9}$/.test(fields.documentNumber)) errors.documentNumber = messages.typed.documentNumber;
  if (!/^[A-Z]{1,3}$/.test(fields.nationality) || !knownState(fields.nationality)) {
    errors.nationality = messages.typed.nationality;
  }
  if (!/^[A-Z]{1,3}$/.test(fields.issuingState) || !knownState(fields.issuingState)) {
    errors.issuingState = messages.typed.issuingState;
  }
  if (!realDate(fields.birthDate)) errors.birthDate = messages.typed.birthDate;
  else if (fields.birthDate > isoDay(today)) errors.birthDate = messages.typed.birthDateFuture;
  if (!realDate(fields.expiryDate)) errors.expiryDate = messages.typed.expiryDate;
  if (!fields.sex) errors.sex = messages.typed.sex;
  return { ok: Object.keys(errors).length === 0, errors, fields };
}
