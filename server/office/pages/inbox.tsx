/** @jsxImportSource preact */
import { PostForm } from "./post-form";
import { oneLine } from "../../text";
import { calendarDay, plural } from "../../words";
import { titleOfPage } from "../../page-titles";
import { ago } from "../time";
import { type ListRow, type Tab, type TabCounts, tabs } from "../work";
import { Confirm } from "./confirm";
import { DueList, type DueProps } from "./due";
import { stageLabels, tabLabels } from "./labels";

export interface InboxProps {
  /** null: a search or filter looking in every tab, before anyone picks one; "due": the Due tab (issue 37). */
  tab: Tab | "due" | null;
  /** How many next steps are due now: the Due tab is first while there are some, with its count, else not shown. */
  dueCount?: number;
  /** The Due tab's list, when it is the one shown. */
  due?: DueProps;
  search: string;
  service: string;
  services: string[];
  rows: ListRow[];
  /** The id to page on from, when there are older ones. */
  older: number | null;
  /** Whether this is a later page (a link back to the newest). */
  paged: boolean;
  now: number;
  /** How many each tab holds, of what the search and filter find when there are some. */
  counts: TabCounts;
  /** How many came today, a Dubai day (not counting those held as spam). */
  today: number;
  /** For an owner: the form token and whether their passkey check is fresh (deleting held spam needs it). */
  owner?: { fresh: boolean };
  /** After an owner deleted held spam: how many. */
  deleted?: number;
}

/** An inbox address keeping the search and filter. */
export function inboxHref(query: {
  tab: Tab | "due" | null;
  search?: string;
  service?: string;
  before?: number;
}): string {
  const params = new URLSearchParams();
  if (query.tab === "due") return "/office?tab=due";
  // Without a tab, a search looks in every tab, and no search shows New: a tab picked while searching is named.
  if (query.tab !== null && (query.tab !== "new" || query.search || query.service)) params.set("tab", query.tab);
  if (query.search) params.set("q", query.search);
  if (query.service) params.set("service", query.service);
  if (query.before !== undefined) params.set("before", String(query.before));
  const text = params.toString();
  return text ? `/office?${text}` : "/office";
}

/** A tab's count; a search that found more than it counts says "at least" (work.ts, countCap). */
const counted = (count: number, capped: boolean) => `${count.toLocaleString("en")}${capped ? "+" : ""}`;

const came = (count: number) => `${plural(count, "enquiry", "enquiries")} came today`;

/**
 * The enquiries, newest first, a tab at a time, each tab with its count: a list to scan with a thumb. A search or
 * the service filter looks in every tab, each row with its status, and the tabs say how many each holds; picking a
 * tab then narrows it (issue 35). What a visitor typed is shown with its control characters and bidirectional
 * overrides made visible (oneLine); an option's value stays as stored.
 */
export function Inbox({
  tab,
  dueCount = 0,
  due,
  search,
  service,
  services,
  rows,
  older,
  paged,
  now,
  counts,
  today,
  owner,
  deleted,
}: InboxProps) {
  const filtered = search !== "" || service !== "";
  const held = counts.tabs.held;
  return (
    <>
      <h1 class="visually-hidden">Enquiries</h1>
      <div class="inbox-top">
        <p class="today">{came(today)}</p>
        <a class="add-link" href="/office/add">
          Add an enquiry
        </a>
      </div>
      <nav class="tabs" aria-label="Enquiries by status">
        {dueCount > 0 ? (
          <a href="/office?tab=due" class="tab-due" aria-current={tab === "due" ? "page" : undefined}>
            Due <span class="count">{dueCount.toLocaleString("en")}</span>
          </a>
        ) : null}
        {filtered ? (
          <a href={inboxHref({ tab: null, search, service })} aria-current={tab === null ? "page" : undefined}>
            Every tab <span class="count">{counted(counts.everywhere, counts.capped)}</span>
          </a>
        ) : null}
        {tabs.map((name) => (
          <a
            key={name}
            href={inboxHref({ tab: name, search, service })}
            aria-current={name === tab ? "page" : undefined}
          >
            {tabLabels[name]} <span class="count">{counted(counts.tabs[name], counts.capped)}</span>
          </a>
        ))}
        {dueCount === 0 && tab === "due" ? (
          <a href="/office?tab=due" aria-current="page">
            Due <span class="count">0</span>
          </a>
        ) : null}
      </nav>
      <form class="filters" role="search" method="get" action="/office">
        <label class="search">
          <span class="visually-hidden">Search</span>
          <input type="search" name="q" value={search} maxLength={200} placeholder="Name, phone, e-mail or words" />
        </label>
        <label class="service">
          <span class="visually-hidden">Service</span>
          <select name="service">
            <option value="">Every service</option>
            {services.map((name) => (
              <option key={name} value={name} selected={name === service}>
                {oneLine(name)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit">Search</button>
        {filtered ? <a href={inboxHref({ tab: tab ?? "new" })}>Clear</a> : null}
      </form>
      {deleted !== undefined ? (
        <p class="card done" role="status">
          {deleted === 1
            ? "1 enquiry held as spam was deleted."
            : `${deleted.toLocaleString("en")} enquiries held as spam were deleted.`}
        </p>
      ) : null}
      {owner && tab === "held" && !filtered && held > 0 ? (
        <section class="card held" aria-labelledby="delete-spam-heading">
          <h2 id="delete-spam-heading">Delete held spam now</h2>
          <p class="quiet">Held spam is deleted after 30 days anyway. The audit log keeps how many, not what.</p>
          <Confirm fresh={owner.fresh} inCard>
            <PostForm action="/office/spam/delete" class="delete-spam">
              <input type="hidden" name="which" value="all" />
              <label class="sure">
                <input type="checkbox" name="sure" value="yes" required />{" "}
                <span>
                  Yes, delete {held === 1 ? "the 1 enquiry" : `all ${held.toLocaleString("en")}`} held as spam: they
                  cannot be brought back
                </span>
              </label>
              <button type="submit" class="danger">
                Delete all held spam
              </button>
            </PostForm>
          </Confirm>
        </section>
      ) : null}
      {tab === "due" ? (
        <DueList {...(due ?? { rows: [], total: 0, now })} />
      ) : rows.length === 0 ? (
        <p class="empty">{filtered || tab === null ? "No enquiry matches." : `Nothing in ${tabLabels[tab]}.`}</p>
      ) : (
        <ol class="rows">
          {rows.map((row) => (
            <li key={row.id} class={row.opened ? "row" : "row unopened"}>
              <a href={`/office/enquiries/${row.id}`}>
                <span class="row-top">
                  <span class="name">{oneLine(row.name)}</span> <span class="when">{ago(row.receivedAt, now)}</span>
                </span>{" "}
                <span class="row-what">
                  {oneLine(row.service)}
                  {row.page ? <span class="page"> · {titleOfPage(row.page) ?? oneLine(row.page)}</span> : null}
                </span>{" "}
                {row.lostReason ? <span class="row-why">Lost: {oneLine(row.lostReason)}</span> : null}{" "}
                <span class="row-bottom">
                  {row.travelDate ? <span>Travel {oneLine(calendarDay(row.travelDate))}</span> : <span />}{" "}
                  <span class={`stage stage-${row.delivery === "held" ? "held" : row.stage}`}>
                    {row.delivery === "held" ? "Held" : stageLabels[row.stage]}
                  </span>
                </span>
                {row.opened ? null : <span class="visually-hidden"> (not opened yet)</span>}
              </a>
            </li>
          ))}
        </ol>
      )}
      {tab === "due" ? null : (
        <nav class="paging" aria-label="More enquiries">
          {paged ? <a href={inboxHref({ tab, search, service })}>Newest</a> : null}
          {older !== null ? <a href={inboxHref({ tab, search, service, before: older })}>Older</a> : null}
        </nav>
      )}
    </>
  );
}
