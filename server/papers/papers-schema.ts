import { z } from "zod";

/*
 * The schema of content/office/papers.yaml (issue 56): every paper the agency may ask for, and which of them each
 * kind of service needs. Read by ./checklist.ts (the loader and the lists) and by the editor's configuration
 * (scripts/cms-papers.ts, scripts/cms-config.ts). Plain data and zod only: no file, no database.
 */

/**
 * The kinds of service a case is about, each with its own list of papers: a visit (tourist) visa, a transit visa, a
 * visa change, a package, and the other services (bookings, insurance, documents), which need the passport alone.
 */
export const serviceKinds = ["visit-visa", "transit-visa", "visa-change", "package", "other"] as const;
export type ServiceKind = (typeof serviceKinds)[number];

/** What a paper may be sent as: a photo or a PDF (a passport page, a ticket), or a photo only (the personal photo). */
export const paperAccepts = ["photo-or-pdf", "photo"] as const;
export type PaperAccepts = (typeof paperAccepts)[number];

/** Said beside a paper a list makes optional when the paper does not say when it is needed. */
export const optionalFallback = "if you have one";

const keyPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const keySchema = z
  .string({ error: "expected a key: lowercase words joined by dashes, such as passport-first" })
  .regex(keyPattern, { error: "expected a key: lowercase words joined by dashes, such as passport-first" })
  .max(40);

/** Text the traveller reads: `what` says which. */
const text = (what: string, max: number) =>
  z
    .string({ error: `expected ${what}` })
    .trim()
    .min(1, { error: `expected ${what}` })
    .max(max);

/** One paper the agency may ask for, described once. */
export const paperSchema = z.object({
  key: keySchema,
  title: text("a title, such as: Passport, first page", 60),
  why: text("one line: what the paper is and why it is needed", 160),
  how: text("a few plain sentences: how to take a good photo of it", 600),
  accepts: z.enum(paperAccepts, { error: "expected photo-or-pdf or photo" }),
  when: z.string().trim().max(60).optional(),
});
export type Paper = z.infer<typeof paperSchema>;

/** Which papers one kind of service needs, in the order the traveller sees them, and which may be left out. */
export const checklistSchema = z.object({
  service: z.enum(serviceKinds, { error: `expected one of ${serviceKinds.join(", ")}` }),
  papers: z.array(keySchema).min(1, { error: "expected at least one paper" }).max(20),
  optional: z.array(keySchema).max(20).default([]),
});

export const papersFileSchema = z
  .object({
    papers: z.array(paperSchema).min(1, { error: "expected at least one paper" }).max(60),
    checklists: z.array(checklistSchema).min(1, { error: "expected a list of papers for each kind of service" }),
  })
  .superRefine((file, ctx) => {
    const keys = new Set<string>();
    file.papers.forEach((paper, index) => {
      if (keys.has(paper.key)) {
        ctx.addIssue({
          code: "custom",
          path: ["papers", index, "key"],
          message: `the key "${paper.key}" is used twice`,
        });
      }
      keys.add(paper.key);
    });
    const known = [...keys].join(", ");
    const services = new Set<string>();
    file.checklists.forEach((list, index) => {
      const at = (...rest: (string | number)[]) => ["checklists", index, ...rest];
      if (services.has(list.service)) {
        ctx.addIssue({ code: "custom", path: at("service"), message: `"${list.service}" has two lists` });
      }
      services.add(list.service);
      const listed = new Set<string>();
      list.papers.forEach((key, item) => {
        if (!keys.has(key)) {
          ctx.addIssue({
            code: "custom",
            path: at("papers", item),
            message: `unknown paper "${key}"; the papers are ${known}`,
          });
        } else if (listed.has(key)) {
          ctx.addIssue({ code: "custom", path: at("papers", item), message: `"${key}" is listed twice` });
        }
        listed.add(key);
      });
      list.optional.forEach((key, item) => {
        if (!listed.has(key)) {
          ctx.addIssue({
            code: "custom",
            path: at("optional", item),
            message: `"${key}" is not one of this list's papers`,
          });
        }
      });
    });
    if (!services.has("other")) {
      ctx.addIssue({
        code: "custom",
        path: ["checklists"],
        message: `expected a list for "other": the services without a list of their own get it`,
      });
    }
  });
export type PapersFile = z.infer<typeof papersFileSchema>;
