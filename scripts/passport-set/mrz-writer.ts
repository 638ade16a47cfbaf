// Writes a made-up traveller's two machine-readable lines (ICAO 9303 part 4, TD3) the way a passport office does,
// every check digit computed here: the reader under test (server/papers/passport/rules.ts) and the mrz library check
// them, so the writer must not borrow either's arithmetic.

/** A made-up traveller, as printed on the data page (the visual zone). */
export interface Traveller {
  /** Names the photos: `<id>-<kind>.jpg`. Lower case letters, digits and hyphens. */
  id: string;
  /** As printed: may have accents, hyphens, apostrophes and spaces. */
  surname: string;
  givenNames: string;
  /** 1 to 9 letters and digits. */
  documentNumber: string;
  /** ICAO 9303 code: three letters, or fewer for a few states ("D" for Germany), padded with < in the MRZ. */
  nationality: string;
  issuingState: string;
  /** yyyy-mm-dd */
  birthDate: string;
  /** yyyy-mm-dd */
  expiryDate: string;
  sex: "F" | "M" | "X";
  /** Up to 14 letters and digits, or empty. */
  personalNumber?: string;
  /** Printed on the page only (not in the MRZ). */
  placeOfBirth?: string;
  issueDate?: string;
}

/** The fields as the MRZ gives them back: names cut and transliterated, dates in full. What a reader must find. */
export interface MrzTruthFields {
  surname: string;
  givenNames: string;
  documentNumber: string;
  nationality: string;
  birthDate: string;
  expiryDate: string;
  sex: "F" | "M" | "X";
}

const weights = [7, 3, 1];

/** ICAO 9303 part 3, 4.9: digits their value, A-Z 10-35, < 0; weights 7 3 1 repeated; the sum modulo 10. */
export function checkDigit(text: string): string {
  let sum = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i);
    let value: number;
    if (c === "<") value = 0;
    else if (c >= "0" && c <= "9") value = c.charCodeAt(0) - 48;
    else if (c >= "A" && c <= "Z") value = c.charCodeAt(0) - 55;
    else throw new Error(`not an MRZ character: ${JSON.stringify(c)}`);
    sum += value * (weights[i % 3] ?? 0);
  }
  return String(sum % 10);
}

// ICAO 9303 part 3, 6.A: the recommended transliterations of Latin letters with marks.
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

/** A name part as the MRZ writes it: upper case, transliterated, apostrophes dropped, other punctuation and spaces <. */
export function mrzName(text: string): string {
  const upper = [...text.toUpperCase()].map((c) => transliterations[c] ?? c).join("");
  return upper
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/['’`]/g, "")
    .replace(/[^A-Z]+/g, "<")
    .replace(/^<+|<+$/g, "");
}

function pad(text: string, length: number): string {
  if (text.length > length) throw new Error(`${text} is longer than ${length}`);
  return text + "<".repeat(length - text.length);
}

/** yyyy-mm-dd to YYMMDD. */
function mrzDate(iso: string): string {
  const match = /^\d\d(\d\d)-(\d\d)-(\d\d)$/.exec(iso);
  if (!match) throw new Error(`not an ISO date: ${iso}`);
  return `${match[1]}${match[2]}${match[3]}`;
}

/** The name field of line 1: 39 characters, primary << secondary, cut at 39 as TD3 cuts a long name. */
export function nameField(traveller: Pick<Traveller, "surname" | "givenNames">): string {
  const given = mrzName(traveller.givenNames);
  const whole = mrzName(traveller.surname) + (given ? "<<" + given : "");
  return whole.length >= 39 ? whole.slice(0, 39) : pad(whole, 39);
}

export function td3Lines(traveller: Traveller): [string, string] {
  const line1 = "P<" + pad(traveller.issuingState, 3) + nameField(traveller);
  const documentNumber = pad(traveller.documentNumber, 9);
  const birth = mrzDate(traveller.birthDate);
  const expiry = mrzDate(traveller.expiryDate);
  const personal = pad(traveller.personalNumber ?? "", 14);
  // An empty personal number may have < as its check digit (ICAO 9303 part 4, 4.2.2.2): passports do both.
  const personalCheck = personal === "<".repeat(14) ? "<" : checkDigit(personal);
  const sex = traveller.sex === "X" ? "<" : traveller.sex;
  const upToComposite =
    documentNumber +
    checkDigit(documentNumber) +
    pad(traveller.nationality, 3) +
    birth +
    checkDigit(birth) +
    sex +
    expiry +
    checkDigit(expiry) +
    personal +
    personalCheck;
  const composite = checkDigit(upToComposite.slice(0, 10) + upToComposite.slice(13, 20) + upToComposite.slice(21, 43));
  return [line1, upToComposite + composite];
}

/** What a reader of the two lines must give back for this traveller. */
export function truthFields(traveller: Traveller): MrzTruthFields {
  const name = nameField(traveller).replace(/<+$/, "");
  const separator = name.indexOf("<<");
  const surname = separator < 0 ? name : name.slice(0, separator);
  const given = separator < 0 ? "" : name.slice(separator + 2);
  const spaced = (text: string) => text.replace(/<+/g, " ").trim();
  return {
    surname: spaced(surname),
    givenNames: spaced(given),
    documentNumber: traveller.documentNumber,
    nationality: traveller.nationality,
    birthDate: traveller.birthDate,
    expiryDate: traveller.expiryDate,
    sex: traveller.sex,
  };
}
