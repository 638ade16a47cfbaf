/**
 * The papers each kind of service asks the traveller for (issue 56), from content/office/papers.yaml, which the
 * owner edits (in the editor at /admin, or the file). Read and checked at start: a mistake stops the start with a
 * message naming the file and what is wrong. Shared by the traveller's case room and the office (both show the
 * checklist), so it lives beside the papers' checks rather than in either.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { z } from "zod";
import type { CaseKind } from "../data/schema";

export const papersFile = join(import.meta.dirname, "..", "..", "content", "office", "papers.yaml");

export const caseKinds = ["visit-visa", "visa-change", "other"] as const satisfies readonly CaseKind[];

const line = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(600, "must be at most 600 characters")
  .refine((text) => !/[\p{Cc}\p{Cf}]/u.test(text.replace(/\n/g, " ")), "must be plain text");

const paper = z.object({
  key: z.string().regex(/^[a-z][a-z0-9-]{0,39}$/, "must be lowercase letters, digits and dashes"),
  title: line,
  why: line,
  how: line,
  accepts: z.enum(["photo", "photo-or-pdf"]),
  if: line.optional(),
});

const papersFileSchema = z
  .object({
    papers: z.array(paper).min(1),
    checklists: z.array(
      z.object({
        kind: z.enum(caseKinds),
        papers: z.array(z.string()).min(1),
        optional: z.array(z.string()).default([]),
      }),
    ),
  })
  .superRefine((file, context) => {
    const keys = new Set<string>();
    file.papers.forEach((each, index) => {
      if (each.key === "visa")
        context.addIssue({ code: "custom", path: ["papers", index, "key"], message: '"visa" is the office\'s own' });
      if (keys.has(each.key))
        context.addIssue({ code: "custom", path: ["papers", index, "key"], message: `"${each.key}" twice` });
      keys.add(each.key);
    });
    const kinds = new Set<string>();
    file.checklists.forEach((list, index) => {
      if (kinds.has(list.kind))
        context.addIssue({ code: "custom", path: ["checklists", index, "kind"], message: `"${list.kind}" twice` });
      kinds.add(list.kind);
      for (const key of [...list.papers, ...list.optional]) {
        if (!keys.has(key))
          context.addIssue({ code: "custom", path: ["checklists", index], message: `no paper "${key}"` });
      }
      for (const key of list.optional) {
        if (!list.papers.includes(key)) {
          context.addIssue({
            code: "custom",
            path: ["checklists", index, "optional"],
            message: `"${key}" is not in its papers`,
          });
        }
      }
    });
    for (const kind of caseKinds) {
      if (!kinds.has(kind))
        context.addIssue({ code: "custom", path: ["checklists"], message: `no checklist for "${kind}"` });
    }
  });

export interface AskedPaper {
  key: string;
  title: string;
  why: string;
  how: string;
  accepts: "photo" | "photo-or-pdf";
  /** Not needed by everyone: when it is ("if your passport has one"); null when always needed. */
  optional: string | null;
}

export type Checklists = ReadonlyMap<CaseKind, AskedPaper[]>;

/** The file's checklists, checked; a mistake throws an error naming the file and each problem's place. */
export function readChecklists(file = papersFile): Checklists {
  const parsed = papersFileSchema.safeParse(parse(readFileSync(file, "utf8")));
  if (!parsed.success) {
    throw new Error(
      `${file}: ${parsed.error.issues.map((issue) => `${issue.path.map(String).join(".")}: ${issue.message}`).join("; ")}`,
    );
  }
  const byKey = new Map(parsed.data.papers.map((each) => [each.key, each]));
  return new Map(
    parsed.data.checklists.map((list) => [
      list.kind,
      list.papers.map((key): AskedPaper => {
        const { if: when, ...asked } = byKey.get(key) as z.output<typeof paper>;
        return { ...asked, optional: list.optional.includes(key) ? (when ?? "if you have it") : null };
      }),
    ]),
  );
}
