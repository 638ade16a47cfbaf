import type { DetailGroup } from "../../lib/paths";
import { detailRecords as records } from "../data/details";
import type { DetailRecord } from "../schema";
import { emptyDetailRecord } from "./helpers";

/**
 * Every detail record, by group, from content/<group>.yaml. Each group holds ids 1-4 (spec §2, "Detail id
 * meanings"), in order: the content files are checked for it.
 */
export const detailRecords: Record<DetailGroup, DetailRecord[]> = records;

export function hasDetailRecord(group: DetailGroup, id: number): boolean {
  return detailRecords[group].some((record) => record.id === id);
}

/** The record for a detail page, or the empty record when the id has none (spec §2). */
export function getDetailRecord(group: DetailGroup, id: number): DetailRecord {
  return detailRecords[group].find((record) => record.id === id) ?? emptyDetailRecord;
}

/** Groups whose grid shows a Price cell taken from the first visa type (spec §2). */
export const priceCellGroups: readonly DetailGroup[] = ["dubai-visa", "tourist-visa"];

/** Groups that hide the documents checklist when it has no items (spec §2). */
export const optionalChecklistGroups: readonly DetailGroup[] = ["visa-packages"];

/** Whether the documents checklist section is shown on a page of this group. */
export function showsChecklist(group: DetailGroup, record: DetailRecord): boolean {
  return record.content3.length > 0 || !optionalChecklistGroups.includes(group);
}
