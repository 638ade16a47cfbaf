/** @jsxImportSource preact */
import { PostForm } from "./post-form";
import type { Person, StoredPasskey } from "../accounts";
import { plural } from "../../words";
import { ago, dubaiDateTime } from "../time";
import { AlertsCard, type AlertsProps } from "./alerts";
import { Confirm } from "./confirm";

export interface MeProps {
  person: Person;
  passkeys: StoredPasskey[];
  sessions: { label: string; createdAt: number; seenAt: number }[];
  /** A passkey check within the last minutes: adding or removing a passkey needs one. */
  fresh: boolean;
  now: number;
  /** After "sign out my other devices": how many ended. */
  ended?: number;
  /** After removing a passkey. */
  removed?: boolean;
  /** Why the last action was refused. */
  problem?: string;
  /** Alerts on this device (issue 37). */
  alerts: AlertsProps;
}

/**
 * A person's own page: their passkeys (where each was added, when, when last used; add one for another device,
 * remove one) and where they are signed in.
 */
export function Me({ person, passkeys, sessions, fresh, now, ended, removed, problem, alerts }: MeProps) {
  return (
    <>
      <h1>{person.name}</h1>
      <p class="subtitle">{person.role === "owner" ? "Owner" : "Staff"}</p>
      <AlertsCard {...alerts} />
      <section aria-labelledby="passkeys-heading" class="card">
        <h2 id="passkeys-heading">Your passkeys</h2>
        {removed ? <p role="status">The passkey was removed, and the devices it signed in were signed out.</p> : null}
        {problem ? (
          <p class="error" role="alert">
            {problem}
          </p>
        ) : null}
        <ul class="plain">
          {passkeys.map((passkey) => (
            <li key={passkey.id}>
              <strong>{passkey.label}</strong>
              <span class="quiet">
                {" "}
                added {dubaiDateTime(passkey.createdAt)}
                {passkey.lastUsedAt ? `, last used ${ago(passkey.lastUsedAt, now)}` : ", not used yet"}
              </span>
              {fresh && passkeys.length > 1 ? (
                <PostForm action="/office/me/passkeys/remove" class="inline">
                  <input type="hidden" name="passkey" value={passkey.id} />
                  <button type="submit" class="danger">
                    Remove
                  </button>
                </PostForm>
              ) : null}
            </li>
          ))}
        </ul>
        <Confirm fresh={fresh}>
          <button type="button" data-passkey="add">
            Add a passkey on this device
          </button>
          <p class="status" role="status" data-passkey-status></p>
        </Confirm>
      </section>
      <section aria-labelledby="sessions-heading" class="card">
        <h2 id="sessions-heading">Signed in on</h2>
        {ended !== undefined ? (
          <p role="status">{`${plural(ended, "other device was", "other devices were")} signed out.`}</p>
        ) : null}
        <ul class="plain">
          {sessions.map((session) => (
            <li key={`${session.label}-${session.createdAt}`}>
              <strong>{session.label}</strong>
              <span class="quiet"> since {dubaiDateTime(new Date(session.createdAt).toISOString())}</span>
            </li>
          ))}
        </ul>
        <PostForm action="/office/me/sign-out-others">
          <button type="submit">Sign out my other devices</button>
        </PostForm>
      </section>
    </>
  );
}
