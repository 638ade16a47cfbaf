/** @jsxImportSource preact */
import { oneLine } from "../../text";
import { dueWords, longestStepNote } from "../next-step-time";
import type { NextStep } from "../next-steps";
import { dubaiDateTime } from "../time";
import { PostForm } from "./post-form";

/** A next step's form sent back with a problem: its message, and the note and date as typed, kept. */
export interface StepProblem {
  message: string;
  note: string;
  when: string;
}

/**
 * An enquiry's next step (issue 37): when it is due (Dubai time) and how far off or overdue, its note and who set
 * it, with Done and Clear; and the form that sets one: a short note, a date and time (read as Dubai's whatever the
 * browser's zone), or a quick pick. The date's "Set" is the form's first button, so Enter in a field presses it: a
 * quick pick is never chosen by a key pressed while typing a date.
 */
export function NextStepCard({
  id,
  step,
  now,
  problem,
}: {
  id: number;
  step: NextStep | null;
  now: number;
  problem?: StepProblem;
}) {
  const due = step !== null && Date.parse(step.at) <= now;
  const form = (
    <PostForm action={`/office/enquiries/${id}/next-step`} class="step-form">
      <label htmlFor="step-note">Note (optional)</label>
      <input
        id="step-note"
        name="note"
        maxLength={longestStepNote}
        placeholder="e.g. Call about the passport copy"
        value={problem?.note ?? ""}
      />
      <label htmlFor="step-when">Date and time (Dubai)</label>
      <div class="inline">
        <input
          id="step-when"
          name="when"
          type="datetime-local"
          value={problem?.when ?? ""}
          aria-invalid={problem ? "true" : undefined}
          aria-describedby={problem ? "step-problem" : undefined}
        />
        <button type="submit" name="pick" value="date">
          Set
        </button>
      </div>
      {problem ? (
        <p id="step-problem" class="error" role="alert">
          {problem.message}
        </p>
      ) : null}
      <p class="step-or">Or at once:</p>
      <div class="step-picks">
        <button type="submit" name="pick" value="hour">
          In 1 hour
        </button>
        <button type="submit" name="pick" value="tomorrow">
          Tomorrow 10:00
        </button>
        <button type="submit" name="pick" value="week">
          Next week <span class="quiet-inline">· Mon 10:00</span>
        </button>
      </div>
    </PostForm>
  );
  return (
    <section aria-labelledby="next-step-heading" class={due ? "card next-step step-due" : "card next-step"}>
      <h2 id="next-step-heading">Next step</h2>
      {step ? (
        <>
          <p class="step-when" data-step-at={step.at}>
            <strong>{dubaiDateTime(step.at)}</strong> ·{" "}
            <span class={due ? "overdue" : undefined}>{dueWords(step.at, now)}</span>
          </p>
          {step.note ? <p class="step-note">{oneLine(step.note)}</p> : null}
          <p class="quiet">Set by {step.by !== null ? oneLine(step.by) : "someone no longer here"}</p>
          <div class="step-actions">
            {(["done", "cleared"] as const).map((how) => (
              <PostForm key={how} action={`/office/enquiries/${id}/next-step/finish`}>
                <input type="hidden" name="step" value={step.at} />
                <button type="submit" name="how" value={how} class={how === "done" ? "step-done" : undefined}>
                  {how === "done" ? "Done" : "Clear"}
                </button>
              </PostForm>
            ))}
          </div>
          <details class="step-change" open={problem !== undefined}>
            <summary>Change the next step</summary>
            {form}
          </details>
        </>
      ) : (
        <>
          <p class="quiet">Nothing planned. Set when to come back to it, and it shows under Due then.</p>
          {form}
        </>
      )}
    </section>
  );
}
