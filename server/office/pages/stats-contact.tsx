/** @jsxImportSource preact */
import type { ContactTimes } from "../../data/stats/leads";
import { formatMinutes, type Report } from "../../data/stats/report";
import { Scroll } from "./scroll";
import { dayAndMonth, figure } from "../../words";

/**
 * How long the visitors who wrote in the period waited for a first answer (issue 37): half and nine in ten of
 * them, for what came while the agency was open and what came while it was closed, in all and week by week.
 */
export function FirstContact({ report }: { report: Report }) {
  const { inHours, outside, weeks } = report.firstContact;
  return (
    <section class="card" aria-labelledby="contact-heading">
      <h2 id="contact-heading">Time to a first contact</h2>
      <p class="quiet">
        How soon the enquiries received in this period were first answered: a tap on Call, WhatsApp or E-mail, or a move
        to Contacted. Half were answered within the first time, nine in ten within the second. Enquiries added by hand
        and held spam are left out.
      </p>
      <dl class="totals contact-totals">
        <Times title="Came while open" times={inHours} />
        <Times title="Came while closed" times={outside} />
      </dl>
      <details>
        <summary>Week by week</summary>
        <Scroll label="Time to a first contact, week by week">
          <table class="contact-weeks">
            <thead>
              <tr>
                <th scope="col" rowSpan={2}>
                  Week from
                </th>
                <th scope="colgroup" colSpan={3}>
                  Came while open
                </th>
                <th scope="colgroup" colSpan={3}>
                  Came while closed
                </th>
              </tr>
              <tr>
                {[0, 1].map(() => (
                  <>
                    <th scope="col" class="number">
                      Answered
                    </th>
                    <th scope="col" class="number">
                      Half within
                    </th>
                    <th scope="col" class="number">
                      9 in 10 within
                    </th>
                  </>
                ))}
              </tr>
            </thead>
            <tbody>
              {[...weeks].reverse().map((week) => (
                <tr>
                  <th scope="row">{dayAndMonth(week.week)}</th>
                  <Cells times={week.inHours} />
                  <Cells times={week.outside} />
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
      </details>
    </section>
  );
}

function Times({ title, times }: { title: string; times: ContactTimes }) {
  return (
    <div>
      <dt>{title}: half answered within</dt>
      <dd>{formatMinutes(times.medianMinutes)}</dd>
      <dd class="detail">
        {times.contacted === 0 ? "" : `9 in 10 within ${formatMinutes(times.p90Minutes)}; `}
        {figure(times.contacted)} of {figure(times.enquiries)} answered
      </dd>
    </div>
  );
}

function Cells({ times }: { times: ContactTimes }) {
  return (
    <>
      <td>
        {figure(times.contacted)} of {figure(times.enquiries)}
      </td>
      <td>{formatMinutes(times.medianMinutes)}</td>
      <td>{formatMinutes(times.p90Minutes)}</td>
    </>
  );
}
