/** @jsxImportSource preact */
import { PostForm } from "./post-form";
import type { Role } from "../../data/schema";
import type { Person, StoredPasskey } from "../accounts";
import { plural } from "../../words";
import { ago, dubaiDateTime } from "../time";
import { Confirm } from "./confirm";
import { oneLine } from "../../text";

/** The owner's part of the office. */
export function OwnerHub() {
  return (
    <>
      <h1>Owner</h1>
      <ul class="hub">
        <li>
          <a href="/office/team">
            <strong>Team</strong>
            <span>Invite people, see their devices, revoke access</span>
          </a>
        </li>
        <li>
          <a href="/office/data">
            <strong>Export and erase</strong>
            <span>Enquiries of a date range as a spreadsheet or CSV; erase a person's enquiries on request</span>
          </a>
        </li>
        <li>
          <a href="/office/campaigns">
            <strong>Campaign links</strong>
            <span>Tagged links and QR codes for flyers, shop windows and posts, counted in Statistics</span>
          </a>
        </li>
        <li>
          <a href="/office/audit">
            <strong>Audit log</strong>
            <span>Sign-ins, invitations, revocations, exports and erasures</span>
          </a>
        </li>
        <li>
          <a href="/office/health">
            <strong>Server health</strong>
            <span>Database, mail and the outbox: errors and counts</span>
          </a>
        </li>
      </ul>
    </>
  );
}

type Member = Person & { revokedAt: string | null; createdAt: string; passkeys: StoredPasskey[] };

export interface TeamProps {
  team: Member[];
  me: Person;
  fresh: boolean;
  now: number;
  /** Just made: the link to hand over (shown once). */
  invited?: { name: string; link: string };
  problem?: { message: string; name: string; role: Role };
}

export function Team({ team, me, fresh, now, invited, problem }: TeamProps) {
  // The office always keeps an owner: the last one is not offered "Make staff" (the server refuses it too).
  const owners = team.filter((member) => member.role === "owner" && !member.revokedAt).length;
  return (
    <>
      <h1>Team</h1>
      <Confirm fresh={fresh}>
        {invited ? (
          <section class="card done" aria-labelledby="invited-heading">
            <h2 id="invited-heading">Link for {invited.name}</h2>
            <p>Send it to them (it works once, for an hour); they open it on their phone to add a passkey.</p>
            <p class="link-box">
              <a href={invited.link}>{invited.link}</a>
            </p>
            {/* Shown by the script where the browser can copy or share; without it, the link above is to select. */}
            <div class="link-actions" data-link={invited.link} data-link-for={invited.name}>
              <button type="button" data-copy hidden>
                Copy
              </button>
              <button type="button" data-share hidden>
                Share
              </button>
              <p class="status" role="status" data-link-status></p>
            </div>
          </section>
        ) : null}
        <section class="card" aria-labelledby="invite-heading">
          <h2 id="invite-heading">Invite someone</h2>
          <PostForm action="/office/team/invite">
            <label htmlFor="invite-name">Name</label>
            <input
              id="invite-name"
              name="name"
              maxLength={80}
              required
              value={problem?.name ?? ""}
              aria-invalid={problem ? "true" : undefined}
              aria-describedby={problem ? "invite-problem" : undefined}
            />
            <label htmlFor="invite-role">Role</label>
            <select id="invite-role" name="role">
              <option value="staff" selected={problem?.role !== "owner"}>
                Staff: works the enquiries
              </option>
              <option value="owner" selected={problem?.role === "owner"}>
                Owner: everything, the team and the data too
              </option>
            </select>
            {problem ? (
              <p id="invite-problem" class="error" role="alert">
                {problem.message}
              </p>
            ) : null}
            <button type="submit">Make an invitation link</button>
          </PostForm>
        </section>
      </Confirm>
      <section class="card" aria-labelledby="people-heading">
        <h2 id="people-heading">People</h2>
        <ul class="plain people">
          {team.map((member) => (
            <li key={member.id}>
              <p>
                <strong>{member.name}</strong> <span class="quiet">{member.role === "owner" ? "Owner" : "Staff"}</span>
                {member.revokedAt ? <span class="quiet"> · revoked {dubaiDateTime(member.revokedAt)}</span> : null}
              </p>
              <ul class="devices">
                {member.passkeys.length === 0 ? <li class="quiet">No passkey yet</li> : null}
                {member.passkeys.map((passkey) => (
                  <li key={passkey.id} class="quiet">
                    {passkey.label}, added {dubaiDateTime(passkey.createdAt)},{" "}
                    {passkey.lastUsedAt ? `used ${ago(passkey.lastUsedAt, now)}` : "not used yet"}
                    {fresh && !member.revokedAt && (member.id !== me.id || member.passkeys.length > 1) ? (
                      <PostForm action={`/office/team/${member.id}/passkeys/remove`} class="inline">
                        <input type="hidden" name="passkey" value={passkey.id} />
                        <button type="submit" class="danger">
                          Remove this passkey
                        </button>
                      </PostForm>
                    ) : null}
                  </li>
                ))}
              </ul>
              {fresh && !member.revokedAt ? (
                <div class="member-actions">
                  {member.role === "staff" || owners > 1 ? (
                    <PostForm action={`/office/team/${member.id}/role`}>
                      <input type="hidden" name="role" value={member.role === "owner" ? "staff" : "owner"} />
                      <button type="submit">{member.role === "owner" ? "Make staff" : "Make owner"}</button>
                    </PostForm>
                  ) : null}
                  <PostForm action={`/office/team/${member.id}/link`}>
                    <button type="submit">New link (lost phone)</button>
                  </PostForm>
                  {member.id !== me.id ? (
                    <PostForm action={`/office/team/${member.id}/revoke`}>
                      <button type="submit" class="danger">
                        Revoke {member.name}
                      </button>
                    </PostForm>
                  ) : null}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

export interface DataProps {
  fresh: boolean;
  /** The export's default range: the last 30 days (Dubai dates). */
  from: string;
  to: string;
  /** An erase search and what it found. */
  erase?: { email: string; phone: string; matches: { id: number; name: string; receivedAt: string }[] };
  /** After an erasure: how many were erased. */
  erased?: number;
  problem?: string;
}

export function Data({ fresh, from, to, erase, erased, problem }: DataProps) {
  return (
    <>
      <h1>Export and erase</h1>
      <Confirm fresh={fresh}>
        {problem ? (
          <p class="error" role="alert">
            {problem}
          </p>
        ) : null}
        <section class="card" aria-labelledby="export-heading">
          <h2 id="export-heading">Export enquiries</h2>
          <p class="quiet">
            The spreadsheet opens in Excel, Numbers or Google Sheets: a row per enquiry with its status, notes and who
            worked it, times in Dubai time, held spam on a sheet of its own. The CSV has every column, for other
            programs.
          </p>
          <PostForm action="/office/data/export">
            <div class="two">
              <label>
                <span>From</span>
                <input type="date" name="from" value={from} required />
              </label>
              <label>
                <span>To (included)</span>
                <input type="date" name="to" value={to} required />
              </label>
            </div>
            <div class="export-buttons">
              <button type="submit" name="format" value="xlsx" class="primary">
                Download spreadsheet (.xlsx)
              </button>
              <button type="submit" name="format" value="csv">
                Download CSV
              </button>
            </div>
          </PostForm>
        </section>
        <section class="card" aria-labelledby="erase-heading">
          <h2 id="erase-heading">Erase a person</h2>
          <p class="quiet">
            For a data-protection request: every enquiry with this e-mail or phone number is deleted with its notes. The
            audit log keeps that it was done, not what was erased.
          </p>
          {erased !== undefined ? (
            <p role="status">{`${plural(erased, "enquiry was", "enquiries were")} erased.`}</p>
          ) : null}
          <form method="get" action="/office/data">
            <label>
              <span>E-mail</span>
              <input type="email" name="email" value={erase?.email ?? ""} maxLength={200} />
            </label>
            <label>
              <span>Phone</span>
              <input type="tel" name="phone" value={erase?.phone ?? ""} maxLength={40} />
            </label>
            <button type="submit">Find their enquiries</button>
          </form>
          {erase ? (
            erase.matches.length === 0 ? (
              <p role="status">No enquiry has that e-mail or phone number.</p>
            ) : (
              <PostForm action="/office/data/erase">
                <input type="hidden" name="email" value={erase.email} />
                <input type="hidden" name="phone" value={erase.phone} />
                <p role="status">
                  {plural(erase.matches.length, "enquiry", "enquiries")}:{" "}
                  {erase.matches
                    .map((match) => `${oneLine(match.name)} (${dubaiDateTime(match.receivedAt)})`)
                    .join("; ")}
                </p>
                <button type="submit" class="danger">
                  Erase {erase.matches.length === 1 ? "it" : `all ${erase.matches.length}`}
                </button>
              </PostForm>
            )
          ) : null}
        </section>
      </Confirm>
    </>
  );
}

export interface AuditProps {
  rows: { id: number; at: string; who: string | null; action: string; detail: string }[];
  older: number | null;
}

export function Audit({ rows, older }: AuditProps) {
  return (
    <>
      <h1>Audit log</h1>
      <ol class="rows audit">
        {rows.map((row) => (
          <li key={row.id} class="row">
            <p>
              <strong>{row.who ?? "The server"}</strong> {row.action}
              {row.detail ? `: ${row.detail}` : ""}
            </p>
            <p class="quiet">{dubaiDateTime(row.at)}</p>
          </li>
        ))}
      </ol>
      {rows.length === 0 ? <p class="empty">Nothing yet.</p> : null}
      <nav class="paging" aria-label="More of the log">
        {older !== null ? <a href={`/office/audit?before=${older}`}>Older</a> : null}
      </nav>
    </>
  );
}
