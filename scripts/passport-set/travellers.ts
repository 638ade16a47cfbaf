import { seeded } from "./draw.ts";
import type { Traveller } from "./mrz-writer.ts";

// Made-up travellers for the passport test set (issue 57). The first is the specimen of ICAO 9303 part 4, appendix
// A; the others are invented, with the agency's usual nationalities and the hard cases of the standard: fillers
// between names, hyphens, apostrophes (dropped), accents (transliterated), names too long for the 39 characters of
// TD3's name field (cut), document numbers shorter than 9 (padded with <), optional personal numbers, a state of
// fewer than three letters (Germany, "D<<"), an unspecified sex (< in the MRZ), and document numbers full of the
// characters OCR confuses (0 O, 1 I, 8 B, 5 S, 2 Z, 6 G). Expiry dates run to the 2030s so the set stays valid.

export const travellers: readonly Traveller[] = [
  {
    id: "icao-specimen",
    surname: "Eriksson",
    givenNames: "Anna Maria",
    documentNumber: "L898902C3",
    nationality: "UTO",
    issuingState: "UTO",
    birthDate: "1974-08-12",
    expiryDate: "2012-04-15",
    sex: "F",
    personalNumber: "ZE184226B",
    placeOfBirth: "Zenith",
    issueDate: "2002-04-16",
  },
  t("santos", "Santos", "Maria Clara", "P1234567A", "PHL", "1990-03-14", "2031-03-13", "F"),
  t("dela-cruz", "Dela Cruz", "Juan Miguel", "P7654321B", "PHL", "1985-11-02", "2032-06-30", "M"),
  t("reyes", "Reyes", "Ana", "P0O81I5S2", "PHL", "2001-01-01", "2033-12-31", "F"),
  t("bautista", "Bautista-Garcia", "Jose Rizal", "P5550123C", "PHL", "1978-07-04", "2030-09-15", "M"),
  t("sharma", "Sharma", "Priya", "K1234567", "IND", "1992-05-21", "2034-05-20", "F"),
  t("singh", "Singh", "Gurpreet", "Z8B6G2S5", "IND", "1969-12-31", "2029-01-09", "M"),
  t("menon", "Menon", "Lakshmi Narayanan Venkataraman", "M0123456", "IND", "1958-02-28", "2031-02-27", "M"),
  t("khan", "Khan", "Muhammad Ali", "AB1234561", "PAK", "1988-08-08", "2030-08-07", "M"),
  t("qureshi", "Qureshi", "Ayesha", "CV9081726", "PAK", "1999-10-10", "2035-10-09", "F"),
  t(
    "chaudhry",
    "Chaudhry",
    "Muhammad Abdul Rehman Saif Ullah",
    "BN5544332",
    "PAK",
    "1976-06-15",
    "2032-06-14",
    "M",
    "3520212345671",
  ),
  t("abdelrahman", "Abdel-Rahman", "Mohamed", "A12345678", "EGY", "1983-04-30", "2031-04-29", "M"),
  t("el-sayed", "El Sayed", "Fatma", "A00011122", "EGY", "1995-09-09", "2033-09-08", "F"),
  t("mostafa", "Mostafa", "Omar Khaled", "A7", "EGY", "2010-12-12", "2030-12-11", "M"),
  t("obrien", "O'Brien", "Siobhan", "123456789", "GBR", "1980-03-17", "2031-07-01", "F"),
  t("smith", "Smith", "John", "987654321", "GBR", "1962-11-11", "2029-11-10", "M"),
  t("ashworth", "Ashworth-Pemberton", "Charlotte Elizabeth", "5O5O5O5O5", "GBR", "1973-01-31", "2030-01-30", "F"),
  t("okafor", "Okafor", "Chinedu", "A05123456", "NGA", "1991-07-19", "2032-07-18", "M"),
  t("adeyemi", "Adeyemi", "Oluwaseun Temitope", "B50081234", "NGA", "1987-02-14", "2034-02-13", "F"),
  t("mueller", "Müller", "Jürgen", "C01X00T47", "D", "1966-05-05", "2033-05-04", "M"),
  t("schoenberg", "Schönberg", "Anna-Lena", "C4J7N0RH5", "D", "2004-04-04", "2031-04-03", "F"),
  t("garcia", "García Márquez", "José", "PAA123456", "ESP", "1971-08-23", "2030-08-22", "M", "99999999R"),
  t("nguyen", "Nguyen", "Thi Hoa", "C1234567", "VNM", "1993-06-06", "2031-06-05", "F"),
  t("wanjiru", "Wanjiru", "Grace", "AK0123456", "KEN", "1997-03-03", "2032-03-02", "F"),
  t("rahman", "Rahman", "Md Abdur", "EB0123456", "BGD", "1984-10-31", "2030-10-30", "M"),
  t("perera", "Perera", "Kasun", "N1234567", "LKA", "1990-01-15", "2034-01-14", "M"),
  t("tamang", "Tamang", "Pemba", "10234567", "NPL", "1982-09-29", "2033-09-28", "M"),
  t("al-hashimi", "Al Hashimi", "Noor", "X00000000", "JOR", "2015-02-01", "2030-01-31", "F"),
  t("ivanova", "Ivanova", "Ekaterina", "751234567", "RUS", "1977-12-25", "2031-12-24", "F"),
  t(
    "wolfeschlegel",
    "Wolfeschlegelsteinhausenbergerdorff",
    "Hubert Blaine",
    "D12345678",
    "USA",
    "1964-02-29",
    "2032-02-28",
    "M",
  ),
  t(
    "bin-abdulaziz",
    "Bin Abdulaziz Al Saud",
    "Abdullah Mohammed Faisal",
    "R123456",
    "SAU",
    "1990-11-20",
    "2031-11-19",
    "M",
  ),
  t("kowalczyk", "Kowalczyk", "Zofia", "ZS1234567", "POL", "2000-02-29", "2030-02-28", "F"),
  t("doe", "Doe", "Alex", "GB8IZ5O", "AUS", "1989-08-18", "2032-08-17", "X", "S1B8Z2"),
  t("li", "Li", "Na", "E12345678", "CHN", "1982-02-26", "2031-02-25", "F"),
  t("tan", "Tan", "", "K0000001Q", "SGP", "1975-05-15", "2030-05-14", "M"),
];

function t(
  id: string,
  surname: string,
  givenNames: string,
  documentNumber: string,
  nationality: string,
  birthDate: string,
  expiryDate: string,
  sex: Traveller["sex"],
  personalNumber = "",
): Traveller {
  return {
    id,
    surname,
    givenNames,
    documentNumber,
    nationality,
    issuingState: nationality,
    birthDate,
    expiryDate,
    sex,
    personalNumber,
  };
}

function iso(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** A traveller whose passport expires `months` months after `today` (months may be fractional: days at 30.44). */
export function travellerExpiringIn(months: number, today: Date): Traveller {
  const whole = Math.trunc(months);
  const expiry = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + whole, today.getUTCDate()));
  // A day that does not exist in the target month (31 August + 6 months) falls back to the month's last day.
  if (expiry.getUTCDate() !== today.getUTCDate()) expiry.setUTCDate(0);
  expiry.setUTCDate(expiry.getUTCDate() + Math.round((months - whole) * 30.44));
  return {
    id: `expiring-${String(months).replace(".", "-")}m`,
    surname: "Villanueva",
    givenNames: "Rosa Marie",
    documentNumber: "P3456789D",
    nationality: "PHL",
    issuingState: "PHL",
    birthDate: "1994-04-12",
    expiryDate: iso(expiry),
    sex: "F",
    personalNumber: "",
  };
}

const syllables = [
  "AL",
  "BA",
  "CHE",
  "DI",
  "EN",
  "FA",
  "GU",
  "HA",
  "IO",
  "JO",
  "KA",
  "LO",
  "MA",
  "NU",
  "OR",
  "PE",
  "QU",
].concat(["RA", "SI", "TO", "UM", "VE", "WA", "XI", "YA", "ZO", "OD", "BO", "DO", "GO", "MO", "NO"]);
const states = ["IND", "PAK", "PHL", "EGY", "GBR", "NGA", "BGD", "LKA", "NPL", "KEN", "D", "JOR", "RUS", "CHN", "SGP"];
/** Characters of a number, the look-alikes over-represented (the reader's hard cases). */
const numberCharacters = "0123456789ABCDEFGHJKLMNPRTUVWXY0O0O1I5S8B2Z6GDQ";

/**
 * `count` made-up travellers drawn from `seed` (the same seed, the same travellers): names of two to five syllables,
 * numbers of 6 to 9 characters full of look-alikes, dates from 1950 to 2039. For a set the reader was never tuned on
 * (`npm run passport:set -- <folder> --random=40 --seed=7`), beside the fixed travellers above.
 */
export function randomTravellers(count: number, seed: number, random = seeded(seed)): Traveller[] {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const word = () => Array.from({ length: 2 + Math.floor(random() * 4) }, () => pick(syllables)).join("");
  const day = (from: number, years: number) => {
    const date = new Date(Date.UTC(from, 0, 1) + Math.floor(random() * years * 365.25) * 86_400_000);
    return iso(date);
  };
  return Array.from({ length: count }, (_, index) => {
    const name = (text: string) => text.charAt(0) + text.slice(1).toLowerCase();
    const length = 6 + Math.floor(random() * 4);
    return t(
      `random-${seed}-${index + 1}`,
      name(word()),
      random() < 0.15 ? "" : `${name(word())}${random() < 0.4 ? ` ${name(word())}` : ""}`,
      Array.from({ length }, () => pick([...numberCharacters])).join(""),
      pick(states),
      day(1950, 60),
      day(2027, 12),
      pick(["F", "M", "M", "F", "X"] as const),
    );
  });
}
