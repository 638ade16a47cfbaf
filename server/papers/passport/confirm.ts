/**
 * The passport as the traveller confirms it on their page (issue 57), POST /case/<link>/passport, or as the office
 * reads it from a photo that came another way (POST /office/cases/<id>/passport). The fields are
 * checked again here (server/papers/passport/rules.ts, the same rules the page used), the machine-readable lines the
 * phone read checked again too (every check digit), so that "read from the passport" is never a label the page
 * merely claims; the problems that would get the visa refused are worked out here for the office, from the case's
 * travel date and name. Kept sealed on the case (server/data/cases/store.ts savePassport).
 */
import { z } from "zod";
import { type CaseRecord, type CaseStore, MissingKeyError, type NewPassport } from "../../data/cases/store";
import { checkTypedFields, fieldsProblems, type MrzFields, type Problem, readMrz } from "./rules";

/** A confirmation is well under a kilobyte. */
export const passportBodyLimit = 4096;

const field = z.string().max(100);
export const passportBody = z.strictObject({
  fields: z.strictObject({
    surname: field,
    givenNames: field,
    documentNumber: field,
    nationality: field,
    issuingState: field.optional(),
    birthDate: field,
    expiryDate: field,
    sex: field,
  }),
  /** The machine-readable lines as the phone read them, when it did. */
  lines: z.array(z.string().max(60)).max(3).optional(),
  /** The passport's photo among the case's papers, once sent. */
  paperId: z
    .string()
    .regex(/^[0-9a-f]{32}$/)
    .optional(),
});
export type PassportBody = z.infer<typeof passportBody>;

export type PassportAnswer =
  | { status: 200; body: { how: NewPassport["how"]; problems: Problem[] } }
  | { status: 400; body: { errors: Partial<Record<keyof MrzFields | "paperId", string>> } };

const sameFields = (a: MrzFields, b: MrzFields) =>
  (Object.keys(a) as (keyof MrzFields)[]).every((key) => a[key] === b[key]);

/**
 * Checks and keeps what the traveller (`by` null) or someone in the office confirmed; the answer the page shows
 * (the problems in the traveller's words).
 */
export async function confirmPassport(
  cases: CaseStore,
  record: CaseRecord,
  body: PassportBody,
  now: Date,
  by: number | null = null,
): Promise<PassportAnswer> {
  const typed = checkTypedFields(body.fields, now);
  if (!typed.ok) return { status: 400, body: { errors: typed.errors } };
  if (body.paperId && !(await cases.paper(record.id, body.paperId))) {
    return { status: 400, body: { errors: { paperId: "That photo is not among this case's papers." } } };
  }
  const reading = body.lines ? readMrz(body.lines, now) : null;
  const read = reading?.valid && reading.documentCode === "P" ? reading : null;
  const asRead = read !== null && sameFields(read.fields, typed.fields);
  const how: NewPassport["how"] =
    by === null ? (!read ? "typed" : asRead ? "read" : "corrected") : asRead ? "office-read" : "office-typed";
  const problems = fieldsProblems({
    fields: typed.fields,
    nameCut: read?.nameCut ?? false,
    today: now,
    ...(record.travelDate ? { travelDate: record.travelDate } : {}),
    enquiryName: record.name,
  });
  await cases.savePassport(
    record.id,
    { fields: typed.fields, how, problems: problems.map((problem) => problem.code), paperId: body.paperId ?? null },
    by,
    now,
  );
  return { status: 200, body: { how, problems } };
}

/** The passport confirmed on the case, as the traveller's page shows it (server/case/pages.tsx). */
export interface PassportShown {
  at: string;
  /** The problems, in the traveller's words. */
  problems: string[];
}

/**
 * The passport confirmed on the case, as the traveller's page shows it: when, and what would get the visa refused,
 * worked out again today (a passport nearer its expiry each day). Null when none is, or it cannot be opened (the
 * documents key missing: the page still opens).
 */
export async function passportShown(cases: CaseStore, record: CaseRecord): Promise<PassportShown | null> {
  try {
    const passport = await cases.passport(record.id);
    if (!passport) return null;
    const problems = fieldsProblems({
      fields: passport.fields,
      today: new Date(),
      ...(record.travelDate ? { travelDate: record.travelDate } : {}),
      enquiryName: record.name,
    });
    return { at: passport.at, problems: problems.map((problem) => problem.message) };
  } catch (error) {
    if (error instanceof MissingKeyError) return null;
    throw error;
  }
}
