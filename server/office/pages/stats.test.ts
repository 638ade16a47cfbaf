// @vitest-environment node
import { h } from "preact";
import { renderToString } from "preact-render-to-string";
import { beforeAll, describe, expect, it } from "vitest";
import { pagePaths } from "../../../app/lib/paths";
import { knownSources } from "../../../app/lib/statistics/source";
import { addDays } from "../../data/dubai-days";
import { campaignsShown, Stats } from "./stats";
import { loadPageTitles, otherPage, otherSource, sourcesShown } from "../../data/stats/bounds";
import { metricNames, rating } from "../../data/stats/metrics";
import type { Report } from "../../data/stats/report";
import { amountRowsShown } from "../../data/stats/amounts";

// Pages are named by their titles, read from the content files once (bounds.ts).
beforeAll(loadPageTitles);

const to = "2026-11-30";
const counts = { views: 123_456, enquiries: 1_234 };
const money = { paidFils: 1_234_567_89, refundedFils: 1_234_56, netFils: 1_233_333_33 };
const times = { enquiries: 9_999, contacted: 9_999, medianMinutes: 99_999, p90Minutes: 99_999 };

/** The largest report the figures can give: every day, page, shown source, device and vital filled. */
function fullestReport(): Report {
  const length = 90;
  const from = addDays(to, -(length - 1));
  return {
    from,
    to,
    length,
    totals: counts,
    days: Array.from({ length }, (_, n) => ({ day: addDays(from, n), ...counts })),
    pages: [...pagePaths, otherPage, ""].map((route) => ({ route, ...counts, won: 1_234 })),
    sources: [
      ...knownSources,
      ...Array.from({ length: sourcesShown }, (_, n) => `${n}`.padEnd(40, "x")),
      otherSource,
      "",
    ].map((source) => ({ source, ...counts, won: 1_234 })),
    devices: ["phone", "tablet", "desktop", ""].map((device) => ({ device, ...counts })),
    notFound: 99_999,
    // Campaign links (issue 55): an owner's, a few dozen at most in practice.
    campaigns: Array.from({ length: 30 }, (_, n) => ({
      name: `Campaign ${n} `.padEnd(60, "x"),
      tag: `campaign-${n}`.padEnd(40, "x"),
      path: "/services",
      removed: n % 2 === 0,
      ...counts,
      won: 1_234,
    })),
    // The travellers' cases (issue 56).
    cases: {
      byStage: {
        "papers-needed": 99_999,
        "papers-complete": 99_999,
        applied: 99_999,
        approved: 99_999,
        "visa-ready": 99_999,
        "need-more": 99_999,
        closed: 99_999,
      },
      toVisa: { count: 99_999, medianDays: 12.5, ninetiethDays: 30.5 },
    },
    // The amounts paid (issue 58): every day, and as many services and sources as are named.
    amounts: {
      totals: {
        paidFils: 999_999_999_99,
        refundedFils: 99_999_999_99,
        netFils: 900_000_000_00,
        payments: 99_999,
        refunds: 9_999,
      },
      days: Array.from({ length }, (_, n) => ({ day: addDays(from, n), ...money })),
      services: Array.from({ length: amountRowsShown }, (_, n) => ({
        service: `Service ${n} `.padEnd(40, "x"),
        payments: 9_999,
        ...money,
      })),
      sources: Array.from({ length: amountRowsShown }, (_, n) => ({
        source: `${n}`.padEnd(40, "x"),
        payments: 9_999,
        ...money,
      })),
    },
    firstContact: {
      inHours: times,
      outside: times,
      weeks: Array.from({ length: 14 }, (_, n) => ({ week: addDays(from, n * 7), inHours: times, outside: times })),
    },
    vitalsFrom: addDays(to, -27),
    vitals: pagePaths.flatMap((route) =>
      ["phone", "tablet", "desktop"].flatMap((device) =>
        metricNames.map((metric) => ({
          route,
          device,
          metric,
          p75: 4321.5,
          samples: 99_999,
          rating: rating(metric, 4321.5),
        })),
      ),
    ),
  };
}

describe("the office's statistics page", () => {
  it("stays well under 100 KiB with every row it can have filled", () => {
    const html = renderToString(h(Stats, { report: fullestReport() }));
    // The speed table's ratings in words are an <i> each, not a classed span, to make room for the amounts (issue 58).
    // The page's frame (header, navigation, styles' link) adds about 3 KiB. The campaign links' lines (issue 55), at
    // most `campaignsShown` and one for the rest, take about 3 KiB of it.
    expect(Buffer.byteLength(html)).toBeLessThan(93 * 1024);
    expect((html.match(/campaign-\d+x/g) ?? []).length).toBe(campaignsShown);
    expect(html).toContain(`20 other campaign links`);
    // The amounts (issue 58): a net amount for each of the 90 days, each service and each source named.
    expect((html.match(/<td>AED 1,233,333\.33<\/td>/g) ?? []).length).toBe(90 + 2 * amountRowsShown);
  });

  it("shows control characters and bidirectional overrides in a visitor's text as [U+XXXX]", () => {
    const report = fullestReport();
    report.sources = [{ source: "flyer\u202egnp.exe", views: 1, enquiries: 0, won: 0 }];
    report.pages = [{ route: "/a\u2066b\u0007", views: 1, enquiries: 0, won: 0 }];
    report.vitals = [{ route: "/c\u202dd", device: "phone\u0085", metric: "LCP", p75: 1, samples: 1, rating: "good" }];
    report.devices = [{ device: "x\u2067y", views: 1, enquiries: 0 }];
    const html = renderToString(h(Stats, { report }));
    expect(html).toContain("flyer[U+202E]gnp.exe (campaign tag)");
    expect(html).toContain("/a[U+2066]b[U+0007]");
    expect(html).toContain("/c[U+202D]d");
    expect(html).toContain("x[U+2067]y");
    expect(html).toContain("phone[U+0085]");
    // eslint-disable-next-line no-control-regex -- no control character may reach the page
    expect(html).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u);
  });

  it("names the one row of other addresses and of other campaign tags, and counts pages not found without their paths", () => {
    const report = fullestReport();
    const html = renderToString(h(Stats, { report }));
    expect(html).toContain("Other addresses");
    expect(html).toContain("Other campaign tags");
    expect(html).toContain("99,999 views of addresses the site does not have");
  });

  it("names pages by their titles, not their paths, in the tables and the speed table (issue 35, item 8)", () => {
    const html = renderToString(h(Stats, { report: fullestReport() }));
    expect(html).toContain('<th scope="row">Tourist Visa: 30 Days</th>');
    expect(html).toContain('<th scope="row">About Us</th>');
    expect(html).not.toMatch(/<th scope="row">\/[a-z-]*(\/\d)?<\/th>/);
  });

  it("writes the chart's labels as text of the page, not inside the stretched drawing (legible at 360 px)", () => {
    const report = fullestReport();
    const html = renderToString(h(Stats, { report }));
    const svg = /<svg[\s\S]*?<\/svg>/.exec(html)?.[0] ?? "";
    expect(svg).not.toBe("");
    expect(svg).not.toContain("<text");
    const chart = /<figure class="chart">[\s\S]*?<\/figure>/.exec(html)?.[0] ?? "";
    const outside = chart.replace(svg, "");
    expect(outside).toContain("2 Sept");
    expect(outside).toContain("30 Nov");
    expect(outside).toContain("123,456");
  });

  it("gives every table that may scroll sideways a hint that it does", () => {
    const html = renderToString(h(Stats, { report: fullestReport() }));
    const regions = html.match(/class="scroll"/g) ?? [];
    // Pages, campaign links, sources, devices, the days, the speed, and the times to a first contact week by week.
    expect(regions.length).toBe(7);
    expect((html.match(/class="scroll-hint"/g) ?? []).length).toBe(regions.length);
  });
});

describe("the amounts paid (issue 58)", () => {
  it("shows the period's sums, then per day, per service and per source, refunds subtracted, in AED", () => {
    const report = fullestReport();
    report.amounts = {
      totals: { paidFils: 699_000, refundedFils: 79_000, netFils: 620_000, payments: 4, refunds: 3 },
      days: [
        { day: "2026-11-10", paidFils: 149_000, refundedFils: 10_000, netFils: 139_000 },
        { day: "2026-11-11", paidFils: 0, refundedFils: 0, netFils: 0 },
        { day: "2026-11-12", paidFils: 520_000, refundedFils: 69_000, netFils: 451_000 },
      ],
      services: [
        { service: "Dubai Tourist Visa", payments: 2, paidFils: 169_000, refundedFils: 69_000, netFils: 100_000 },
      ],
      sources: [
        { source: "whatsapp", payments: 1, paidFils: 149_000, refundedFils: 49_000, netFils: 100_000 },
        { source: "eid-flyer / eid", payments: 1, paidFils: 20_000, refundedFils: 20_000, netFils: 0 },
        { source: "", payments: 1, paidFils: 500_000, refundedFils: 0, netFils: 500_000 },
      ],
    };
    const html = renderToString(h(Stats, { report }));
    expect(html).toContain("<dt>Paid</dt><dd>AED 6,990.00</dd>");
    expect(html).toContain("<dt>Refunded</dt><dd>AED 790.00</dd>");
    expect(html).toContain("<dt>Net</dt><dd>AED 6,200.00</dd>");
    expect(html).toContain("4 payments paid, 3 refunds made");
    // Days with money only, the newest first.
    expect(html).toContain(
      '<th scope="row">12 Nov</th><td>AED 4,510.00</td></tr><tr><th scope="row">10 Nov</th><td>AED 1,390.00</td>',
    );
    expect(html).not.toContain('<th scope="row">11 Nov</th><td>AED');
    expect(html).toContain('<th scope="row">Dubai Tourist Visa</th><td>AED 1,000.00</td>');
    expect(html).toContain('<th scope="row">WhatsApp</th><td>AED 1,000.00</td>');
    expect(html).toContain('<th scope="row">eid-flyer (campaign tag), campaign eid</th><td>AED 0.00</td>');
    expect(html).toContain('<th scope="row">Not known</th><td>AED 5,000.00</td>');
  });

  it("says when nothing was paid", () => {
    const report = fullestReport();
    report.amounts = {
      totals: { paidFils: 0, refundedFils: 0, netFils: 0, payments: 0, refunds: 0 },
      days: [],
      services: [],
      sources: [],
    };
    const html = renderToString(h(Stats, { report }));
    expect(html).toContain("No payment was paid or refunded in this period.");
    expect(html).not.toContain('class="money"');
  });
});

describe("the times to a first contact and the enquiries won", () => {
  it("show half and nine in ten of the times, in the opening hours and outside, and the enquiries won", () => {
    const report = fullestReport();
    report.firstContact = {
      inHours: { enquiries: 5, contacted: 3, medianMinutes: 30, p90Minutes: 45 },
      outside: { enquiries: 1, contacted: 1, medianMinutes: 690, p90Minutes: 690 },
      weeks: [
        {
          week: "2026-11-23",
          inHours: { enquiries: 2, contacted: 1, medianMinutes: 45, p90Minutes: 45 },
          outside: { enquiries: 0, contacted: 0, medianMinutes: null, p90Minutes: null },
        },
      ],
    };
    report.pages = [{ route: "/", views: 10, enquiries: 3, won: 2 }];
    const html = renderToString(h(Stats, { report }));
    expect(html).toContain("Came while open: half answered within</dt><dd>30 min</dd>");
    expect(html).toContain("9 in 10 within 45 min; 3 of 5 answered");
    expect(html).toContain("Came while closed: half answered within</dt><dd>11 h 30 min</dd>");
    expect(html).toMatch(
      /<th scope="row">23 Nov<\/th><td>1 of 2<\/td><td>45 min<\/td><td>45 min<\/td><td>0 of 0<\/td><td>–<\/td><td>–<\/td>/,
    );
    expect(html).toMatch(
      /<th scope="row">Home<\/th><td class="number">10<\/td><td class="number">3<\/td><td class="number">30.0 %<\/td><td class="number">2<\/td>/,
    );
  });
});
