import type { DetailGroup } from "../../lib/paths";
import { detailRecords as records } from "../data/details";
import type { DetailRecord } from "../schema";
import { emptyDetailRecord } from "./helpers.ts";

/**
 * Every detail record, by group, from content/<group>.yaml. Each group holds ids 1-4 (the spec's screens, "Detail id
 * meanings"), in order: the content files are checked for it.
 */
export const detailRecords: Record<DetailGroup, DetailRecord[]> = records;

export function hasDetailRecord(group: DetailGroup, id: number): boolean {
  return detailRecords[group].some((record) => record.id === id);
}

/** The record for a detail page, or the empty record when the id has none (the spec's screens). */
export function getDetailRecord(group: DetailGroup, id: number): DetailRecord {
  return detailRecords[group].find((record) => record.id === id) ?? emptyDetailRecord;
}

// The rules by group live beside the helpers, so that a page can have them without the records.
export { optionalChecklistGroups, priceCellGroups, showsChecklist } from "./helpers";
