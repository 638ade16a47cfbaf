/** @jsxImportSource preact */
import { oneLine } from "../../text";
import { plural } from "../../words";
import { dueWords } from "../next-step-time";
import type { DueRow } from "../next-steps";
import { dubaiDateTime } from "../time";
import { stageLabels } from "./labels";

export interface DueProps {
  rows: DueRow[];
  /** How many are due in all (the list shows the longest overdue first, at most 100). */
  total: number;
  now: number;
}

/**
 * The Due tab (issue 37): the enquiries whose next step is due or overdue, the longest overdue first, each with its
 * note, when it was due and how long ago, and who set it. Marking a step done on its enquiry takes it off.
 */
export function DueList({ rows, total, now }: DueProps) {
  if (rows.length === 0) return <p class="empty">Nothing is due. Next steps show here when their time comes.</p>;
  return (
    <>
      <ol class="rows due-rows">
        {rows.map((row) => (
          <li key={row.id} class="row">
            <a href={`/office/enquiries/${row.id}#next-step-heading`}>
              <span class="row-top">
                <span class="name">{oneLine(row.name)}</span> <span class="overdue">{dueWords(row.step.at, now)}</span>
              </span>{" "}
              <span class="step-note">{row.step.note ? oneLine(row.step.note) : "Next step"}</span>{" "}
              <span class="row-bottom">
                <span>
                  Due {dubaiDateTime(row.step.at)} · set by{" "}
                  {row.step.by !== null ? oneLine(row.step.by) : "someone no longer here"}
                </span>{" "}
                <span class={`stage stage-${row.stage}`}>{stageLabels[row.stage]}</span>
              </span>
            </a>
          </li>
        ))}
      </ol>
      {total > rows.length ? (
        <p class="quiet">
          The {plural(rows.length, "longest overdue step")} shown, of {total.toLocaleString("en")}.
        </p>
      ) : null}
    </>
  );
}
