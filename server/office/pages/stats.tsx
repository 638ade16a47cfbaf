/** @jsxImportSource preact */
import type { MetricName } from "../../../app/lib/statistics/beacon";
import { visible } from "../../text";
import { pageName, sourceName, sourcesPerDay, sourcesShown, tagsPerAddress } from "../../data/stats/bounds";
import { metricNames, metrics } from "../../data/stats/metrics";
import { conversion, formatMetric, periods, type Report } from "../../data/stats/report";
import { FirstContact } from "./stats-contact";
import { Scroll } from "./scroll";
import { dayAndMonth, figure, plural } from "../../words";
import { formatAed } from "../../data/payments/money";
import { otherService } from "../../data/stats/amounts";
import { otherSource } from "../../data/stats/bounds";

const deviceNames: Record<string, string> = {
  phone: "Phones",
  tablet: "Tablets",
  desktop: "Computers",
  "": "Not known",
};
const ratingNames = { good: "good", "needs improvement": "needs improvement", poor: "poor" } as const;

const deviceName = (device: string) => deviceNames[device] ?? visible(device);

/**
 * The statistics: what brings enquiries, and how fast the site is for real visitors (issue 27). Every row comes
 * from a bounded set (server/data/stats/bounds.ts, issue 34), so the page stays small whatever visitors sent; what text
 * of theirs it shows (a campaign tag) has its control characters made visible.
 */
export function Stats({ report }: { report: Report }) {
  const { totals } = report;
  return (
    <>
      <h1>Statistics</h1>
      <nav class="tabs" aria-label="Period">
        {periods.map((days) => (
          <a href={`/office/stats?days=${days}`} aria-current={days === report.length ? "page" : undefined}>
            {days} days
          </a>
        ))}
      </nav>
      <p class="quiet">
        {dayAndMonth(report.from)} to {dayAndMonth(report.to)}, Dubai time. Counted by the site itself: no cookies, no
        visitor ids, bots left out.
      </p>
      <dl class="totals">
        <div>
          <dt>Page views</dt>
          <dd>{figure(totals.views)}</dd>
        </div>
        <div>
          <dt>Enquiries</dt>
          <dd>{figure(totals.enquiries)}</dd>
        </div>
        <div>
          <dt>Per 100 views</dt>
          <dd>{conversion(totals)}</dd>
        </div>
      </dl>
      <DayChart report={report} />
      <FirstContact report={report} />
      <Table
        id="pages"
        title="Pages"
        first="Page"
        rows={report.pages.map((row) => ({ name: pageName(row.route), ...row }))}
        won
        empty="No page views yet in this period."
      />
      <Table
        id="campaigns"
        title="Campaign links"
        first="Campaign"
        rows={campaignRows(report.campaigns)}
        won
        empty="No campaign links yet: an owner makes them, with their QR codes, under Owner, Campaign links."
        note="The links made in the office for a flyer, a shop window or a post, with their tag. Their visits always count under their own name, however many other tags visitors send."
      />
      <Table
        id="sources"
        title="Where visits came from"
        first="Source"
        rows={report.sources.map((row) => ({ name: sourceName(row.source), ...row }))}
        won
        empty="No visits yet in this period."
        note={`A campaign tag is the utm_source of a link the agency shared, for example ?utm_source=eid-flyer; a link's utm_campaign shows after its source ("Facebook, campaign eid"). The ${sourcesShown} most viewed are named; the rest count as other campaign tags, and so do a day's tags nobody made in the office past its first ${sourcesPerDay} (at most ${tagsPerAddress} from one address). A campaign link's tag and the tag of an enquiry always count by name.`}
      />
      <Table
        id="devices"
        title="Devices"
        first="Device"
        rows={report.devices.map((row) => ({ name: deviceName(row.device), ...row }))}
        empty="No visits yet in this period."
      />
      <section class="card" aria-labelledby="missing-heading">
        <h2 id="missing-heading">Pages not found</h2>
        {report.notFound === 0 ? (
          <p class="quiet">No visitor reached a page that does not exist.</p>
        ) : (
          <p>
            {figure(report.notFound)} {report.notFound === 1 ? "view of an address" : "views of addresses"} the site
            does not have: a broken link somewhere. The addresses themselves are not kept (anyone can make one up); the
            server's request log has them.
          </p>
        )}
      </section>
      <Cases cases={report.cases} />
      <Amounts amounts={report.amounts} />
      <Speed report={report} />
    </>
  );
}

/** Words for a case's stage, as the office reads them. */
const stageWords: Record<keyof Report["cases"]["byStage"], string> = {
  "papers-needed": "Papers needed",
  "papers-complete": "Papers complete",
  applied: "Applied",
  approved: "Approved",
  "visa-ready": "Visa ready",
  "need-more": "Something else needed",
  closed: "Closed",
};

/** The travellers' cases (issue 56): how many at each stage now, and how long a visa takes. */
function Cases({ cases }: { cases: Report["cases"] }) {
  const { count, medianDays, ninetiethDays } = cases.toVisa;
  return (
    <section class="card" aria-labelledby="cases-heading">
      <h2 id="cases-heading">Cases</h2>
      <p>
        {count === 0
          ? "No visa was ready in this period."
          : `From the enquiry to the visa ready: ${medianDays} days for half of them, ${ninetiethDays} days or less for 9 in 10 (${figure(count)} ${count === 1 ? "visa" : "visas"} in this period).`}
      </p>
      <table>
        <caption class="visually-hidden">Cases at each stage now</caption>
        <thead>
          <tr>
            <th scope="col">Stage now</th>
            <th scope="col" class="number">
              Cases
            </th>
          </tr>
        </thead>
        <tbody>
          {(Object.keys(stageWords) as (keyof typeof stageWords)[]).map((stage) => (
            <tr>
              <th scope="row">{stageWords[stage]}</th>
              <td class="number">{figure(cases.byStage[stage])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * What travellers paid (issue 58): the period's sums, then per day, per service and per source of the enquiry, each
 * net of refunds. Its tables are `money` tables (every cell after the first right-aligned by the style sheet, not a
 * class a cell): up to 90 days and two lists of 20 rows, within the page's size.
 */
function Amounts({ amounts }: { amounts: Report["amounts"] }) {
  const { totals } = amounts;
  const days = amounts.days.filter((day) => day.paidFils + day.refundedFils > 0).reverse();
  return (
    <section class="card" aria-labelledby="amounts-heading">
      <h2 id="amounts-heading">Payments</h2>
      {totals.payments + totals.refunds === 0 ? (
        <p class="quiet">No payment was paid or refunded in this period.</p>
      ) : (
        <>
          <dl class="totals amounts">
            <div>
              <dt>Paid</dt>
              <dd>{formatAed(totals.paidFils)}</dd>
            </div>
            <div>
              <dt>Refunded</dt>
              <dd>{formatAed(totals.refundedFils)}</dd>
            </div>
            <div>
              <dt>Net</dt>
              <dd>{formatAed(totals.netFils)}</dd>
            </div>
          </dl>
          <p class="quiet small">
            {plural(totals.payments, "payment")} paid, {plural(totals.refunds, "refund")} made. A payment counts on the
            day it was paid, a refund on the day it was made (Dubai time); one asked for and not paid, cancelled, or
            reported by the provider for another amount does not count.
          </p>
          <MoneyTable
            caption="Paid per day, refunds subtracted"
            first="Day"
            rows={days.map((day) => ({ name: dayAndMonth(day.day), netFils: day.netFils }))}
          />
          <MoneyTable
            caption="Per service, refunds subtracted"
            first="Service"
            rows={amounts.services.map((row) => ({
              name:
                row.service === otherService
                  ? "Other services"
                  : row.service === ""
                    ? "Not known"
                    : visible(row.service),
              ...row,
            }))}
          />
          <MoneyTable
            caption="Per source of the enquiry, refunds subtracted"
            first="Source"
            rows={amounts.sources.map((row) => ({
              name: row.source === otherSource ? "Other sources" : sourceName(row.source),
              ...row,
            }))}
          />
        </>
      )}
    </section>
  );
}

/** A table of names and their net amounts (how many payments each had: `npm run stats`, kept off a phone's width). */
function MoneyTable({
  caption,
  first,
  rows,
}: {
  caption: string;
  first: string;
  rows: { name: string; netFils: number }[];
}) {
  return (
    <table class="money">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{first}</th>
          <th scope="col">Net</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr>
            <th scope="row">{row.name}</th>
            <td>{formatAed(row.netFils)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Campaign links the page names, the most viewed first; the rest are one line (`npm run stats` lists them all). */
export const campaignsShown = 10;

function campaignRows(campaigns: Report["campaigns"]): Row[] {
  const sorted = [...campaigns].sort((a, b) => b.views - a.views || b.enquiries - a.enquiries);
  const rows: Row[] = sorted.slice(0, campaignsShown).map((row) => ({
    ...row,
    name: `${visible(row.name)} (${row.tag}${row.removed ? ", removed" : ""})`,
  }));
  const rest = sorted.slice(campaignsShown);
  if (rest.length > 0) {
    const sum = (key: "views" | "enquiries" | "won") => rest.reduce((total, row) => total + row[key], 0);
    rows.push({
      name: `${figure(rest.length)} other campaign links`,
      views: sum("views"),
      enquiries: sum("enquiries"),
      won: sum("won"),
    });
  }
  return rows;
}

interface Row {
  name: string;
  views: number;
  enquiries: number;
  won?: number;
}

function Table({
  id,
  title,
  first,
  rows,
  empty,
  note,
  won = false,
}: {
  id: string;
  title: string;
  first: string;
  rows: Row[];
  empty: string;
  note?: string;
  /** With the enquiries received in the period that are won by now. */
  won?: boolean;
}) {
  const heading = `${id}-heading`;
  return (
    <section class="card" aria-labelledby={heading}>
      <h2 id={heading}>{title}</h2>
      {rows.length === 0 ? (
        <p class="quiet">{empty}</p>
      ) : (
        <Scroll label={`${title}, table`}>
          <table>
            <thead>
              <tr>
                <th scope="col">{first}</th>
                <th scope="col" class="number">
                  Views
                </th>
                <th scope="col" class="number">
                  Enquiries
                </th>
                <th scope="col" class="number">
                  Per 100 views
                </th>
                {won ? (
                  <th scope="col" class="number">
                    Won
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr>
                  <th scope="row">{row.name}</th>
                  <td class="number">{figure(row.views)}</td>
                  <td class="number">{figure(row.enquiries)}</td>
                  <td class="number">{conversion(row)}</td>
                  {won ? <td class="number">{figure(row.won ?? 0)}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
      )}
      {won && rows.length > 0 ? (
        <p class="quiet small">
          Won: of the enquiries received in this period, those won by now (from the inbox, enquiries added by hand left
          out).
        </p>
      ) : null}
      {note && rows.length > 0 ? <p class="quiet small">{note}</p> : null}
    </section>
  );
}

/**
 * Views (navy bars) and enquiries (sand bars inside them) per day: an SVG drawn here, stretched to the width there
 * is, with the same figures as a table beside it. Its words (the highest count, the first and last days) are the
 * page's own text around the drawing, so they stay legible at any width (issue 35: at 360 px, words drawn inside a
 * stretched 640-unit drawing were half their size and squeezed).
 */
function DayChart({ report }: { report: Report }) {
  const days = report.days;
  const width = 640;
  const height = 160;
  const top = 4;
  const highest = Math.max(1, ...days.map((day) => Math.max(day.views, day.enquiries)));
  const step = width / days.length;
  // Coordinates to a hundredth of a unit (of 640), the bars one path each: finer is not seen, and 90 days of
  // rectangles with 17-digit numbers weighed 17 KB (issue 34: the page stays small whatever its figures).
  const round = (value: number) => Math.round(value * 100) / 100;
  const x = (index: number, offset: number) => round(index * step + step * offset);
  const y = (value: number) => round(top + (height - top) * (1 - value / highest));
  /** Each day's bar, `offset` of a step from its left and `share` of a step wide, as one path: a few bytes a day. */
  const bars = (key: "views" | "enquiries", offset: number, share: number) =>
    days
      .map(({ [key]: value }, index) =>
        value > 0 ? `M${x(index, offset)} ${y(value)}h${round(step * share)}V${y(0)}h-${round(step * share)}z` : "",
      )
      .join("");
  const viewBars = bars("views", 0.15, 0.7);
  const enquiryBars = bars("enquiries", 0.3, 0.4);
  const summary = `Views and enquiries per day, ${dayAndMonth(report.from)} to ${dayAndMonth(report.to)}: ${figure(report.totals.views)} views, ${figure(report.totals.enquiries)} enquiries; the busiest day had ${figure(Math.max(0, ...days.map((day) => day.views)))} views.`;
  return (
    <section class="card" aria-labelledby="chart-heading">
      <h2 id="chart-heading">Views and enquiries per day</h2>
      <figure class="chart">
        <p class="chart-scale" aria-hidden="true">
          {figure(highest)}
        </p>
        <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={summary} preserveAspectRatio="none">
          <line x1="0" x2={width} y1={y(highest)} y2={y(highest)} class="grid" />
          <line x1="0" x2={width} y1={y(0)} y2={y(0)} class="axis" />
          {viewBars ? <path d={viewBars} class="bar-views" /> : null}
          {enquiryBars ? <path d={enquiryBars} class="bar-enquiries" /> : null}
        </svg>
        <p class="chart-days" aria-hidden="true">
          {days.map((day, index) => {
            const shown = dayTick(index, days.length);
            return shown === null ? <i></i> : <i class={shown || undefined}>{dayAndMonth(day.day)}</i>;
          })}
        </p>
        <figcaption class="legend">
          <span class="key key-views" aria-hidden="true"></span> Views{" "}
          <span class="key key-enquiries" aria-hidden="true"></span> Enquiries
        </figcaption>
      </figure>
      <details>
        <summary>The same, day by day</summary>
        <Scroll label="Views and enquiries, day by day">
          <table>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col" class="number">
                  Views
                </th>
                <th scope="col" class="number">
                  Enquiries
                </th>
              </tr>
            </thead>
            <tbody>
              {[...days].reverse().map((day) => (
                <tr>
                  <th scope="row">{dayAndMonth(day.day)}</th>
                  <td class="number">{figure(day.views)}</td>
                  <td class="number">{figure(day.enquiries)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
      </details>
    </section>
  );
}

/**
 * Which days the chart names under its bars, each under its own bar (a grid of one column a day): the first and
 * the last always; on a phone one in the middle as well; from 40rem about seven, one every `length / 7` days, none
 * so near the last that they would touch. Null for a day not named, else its class (short: 90 a page).
 */
function dayTick(index: number, length: number): "" | "t-last" | "t-phone" | "t-wide" | null {
  const every = Math.ceil(length / 7);
  const middle = Math.floor((length - 1) / 2);
  const wide = index % every === 0 && index <= length - 1 - every;
  if (index === length - 1) return "t-last";
  if (index === 0) return "";
  if (index === middle) return wide ? "" : "t-phone";
  return wide ? "t-wide" : null;
}

/** The 75th percentile of each Core Web Vital per page and device, coloured as Google rates it, with its samples. */
function Speed({ report }: { report: Report }) {
  const rows = new Map<
    string,
    { route: string; device: string; cells: Partial<Record<MetricName, Report["vitals"][number]>> }
  >();
  for (const vital of report.vitals) {
    const key = `${vital.route} ${vital.device}`;
    const row = rows.get(key) ?? { route: vital.route, device: vital.device, cells: {} };
    row.cells[vital.metric] = vital;
    rows.set(key, row);
  }
  return (
    <section class="card" aria-labelledby="speed-heading">
      <h2 id="speed-heading">Speed for real visitors</h2>
      <p class="quiet">
        The last 28 days ({dayAndMonth(report.vitalsFrom)} to {dayAndMonth(report.to)}): for three visits in four the
        page was at least this fast. Green is good, amber needs improvement, red is poor (Google's thresholds); the
        small number is how many visits were measured.
      </p>
      {rows.size === 0 ? (
        <p class="quiet">No measurements yet.</p>
      ) : (
        <Scroll label="Speed for real visitors, table">
          <table class="speed">
            <thead>
              <tr>
                <th scope="col">Page</th>
                <th scope="col">Device</th>
                {metricNames.map((metric) => (
                  <th scope="col" class="number">
                    <abbr title={metrics[metric].title}>{metric}</abbr>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {[...rows.values()].map((row) => (
                <tr>
                  <th scope="row">{pageName(row.route)}</th>
                  <td>{deviceName(row.device)}</td>
                  {metricNames.map((metric) => {
                    const cell = row.cells[metric];
                    if (!cell) return <td class="number quiet">–</td>;
                    return (
                      <td class={`number rating-${cell.rating.replace(" ", "-")}`}>
                        {formatMetric(metric, cell.p75)}
                        <i>, {ratingNames[cell.rating]}, visits:</i>
                        <small> {figure(cell.samples)}</small>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
      )}
    </section>
  );
}
