import { join } from "node:path";
import { readCheckedYaml } from "../checked-yaml";
import {
  optionalFallback,
  papersFileSchema,
  serviceKinds,
  type PaperAccepts,
  type PapersFile,
  type ServiceKind,
} from "./papers-schema";

export {
  paperAccepts,
  serviceKinds,
  type Paper,
  type PaperAccepts,
  type PapersFile,
  type ServiceKind,
} from "./papers-schema";

/*
 * The papers the agency needs from a traveller (issue 56): content/office/papers.yaml, where the owner keeps every
 * paper the agency may ask for (its title, why it is needed, how to take a good photo of it) and which of them each
 * kind of service needs. The traveller's page lists them; the editor at /admin edits them (scripts/cms-papers.ts).
 * Plain data, zod and the file: no database. Shared by the case room and the office (which reads an enquiry's kind
 * of service in server/office/service-kind.ts).
 */

export const papersFile = join(import.meta.dirname, "..", "..", "content", "office", "papers.yaml");

/**
 * The file's papers and lists, checked. A mistake throws an error naming the file, the line, the paper or list and
 * the field: `papers.yaml: line 14, checklists[1] (visit-visa), papers: unknown paper "foto"; the papers are …`.
 * The server reads it at start, so a mistake stops it there rather than on a traveller's page.
 */
export function loadPapers(file = papersFile): PapersFile {
  return readCheckedYaml(file, papersFileSchema, (path, data) => {
    const record = (data ?? {}) as Record<string, unknown>;
    const [list, index, ...rest] = path;
    const field = rest.filter((part) => typeof part !== "number").map(String);
    if (typeof index !== "number" || (list !== "papers" && list !== "checklists")) return path.map(String).join(".");
    const item = (Array.isArray(record[list]) ? (record[list] as unknown[])[index] : undefined) as
      Record<string, unknown> | undefined;
    let named = "";
    if (list === "papers" && typeof item?.["key"] === "string" && item["key"].trim() !== "") {
      named = ` "${item["key"]}"`;
    }
    if (list === "checklists" && (serviceKinds as readonly unknown[]).includes(item?.["service"])) {
      named = ` (${String(item?.["service"])})`;
    }
    return `${list}[${index + 1}]${named}${field.length > 0 ? `, ${field.join(".")}` : ""}`;
  });
}

/** A paper as the traveller's page shows it: its words, what it accepts, and when it may be left out. */
export interface ChecklistPaper {
  key: string;
  title: string;
  why: string;
  how: string;
  accepts: PaperAccepts;
  /** The traveller may leave it out: `when` says when it is needed ("if your passport has one"). */
  optional: boolean;
  /** "" for a paper always needed. */
  when: string;
}

let shipped: PapersFile | null = null;

/**
 * The papers a kind of service needs, in the file's order (the delivered file unless `papers` is given). A kind the
 * file has no list for gets the list of the other services.
 */
export function checklistFor(kind: ServiceKind, papers: PapersFile = (shipped ??= loadPapers())): ChecklistPaper[] {
  const list =
    papers.checklists.find((each) => each.service === kind) ??
    papers.checklists.find((each) => each.service === "other");
  return (list?.papers ?? []).flatMap((key): ChecklistPaper[] => {
    const paper = papers.papers.find((each) => each.key === key);
    if (paper === undefined) return [];
    const optional = list?.optional.includes(key) ?? false;
    const { title, why, how, accepts } = paper;
    return [{ key, title, why, how, accepts, optional, when: optional ? paper.when || optionalFallback : "" }];
  });
}

/** A paper as both the case room and the office list it. */
export type AskedPaper = ChecklistPaper;

/** Every kind's list, read once at start (the office's case pages). */
export type Checklists = ReadonlyMap<ServiceKind, ChecklistPaper[]>;

export function checklistsOf(papers: PapersFile = loadPapers()): Checklists {
  return new Map(serviceKinds.map((kind) => [kind, checklistFor(kind, papers)]));
}
