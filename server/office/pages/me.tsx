/** @jsxImportSource preact */
import type { Person, StoredPasskey } from "../accounts";
import { ago, dubaiDateTime } from "../time";

export interface MeProps {
  person: Person;
  passkeys: StoredPasskey[];
  sessions: { label: string; createdAt: number; seenAt: number }[];
  csrf: string;
  now: number;
  /** After "sign out my other devices": how many ended. */
  ended?: number;
}

/** A person's own page: their passkeys (add one for another device) and where they are signed in. */
export function Me({ person, passkeys, sessions, csrf, now, ended }: MeProps) {
  return (
    <>
      <h1>{person.name}</h1>
      <p class="subtitle">{person.role === "owner" ? "Owner" : "Staff"}</p>
      <section aria-labelledby="passkeys-heading" class="card">
        <h2 id="passkeys-heading">Your passkeys</h2>
        <ul class="plain">
          {passkeys.map((passkey) => (
            <li key={passkey.id}>
              <strong>{passkey.label}</strong>
              <span class="quiet">
                {" "}
                added {dubaiDateTime(passkey.createdAt)}
                {passkey.lastUsedAt ? `, last used ${ago(passkey.lastUsedAt, now)}` : ", not used yet"}
              </span>
            </li>
          ))}
        </ul>
        <button type="button" data-passkey="add">
          Add a passkey on this device
        </button>
        <p class="status" role="status" data-passkey-status></p>
      </section>
      <section aria-labelledby="sessions-heading" class="card">
        <h2 id="sessions-heading">Signed in on</h2>
        {ended !== undefined ? (
          <p role="status">
            {ended === 1 ? "1 other device was signed out." : `${ended} other devices were signed out.`}
          </p>
        ) : null}
        <ul class="plain">
          {sessions.map((session) => (
            <li key={`${session.label}-${session.createdAt}`}>
              <strong>{session.label}</strong>
              <span class="quiet"> since {dubaiDateTime(new Date(session.createdAt).toISOString())}</span>
            </li>
          ))}
        </ul>
        <form method="post" action="/office/me/sign-out-others">
          <input type="hidden" name="csrf" value={csrf} />
          <button type="submit">Sign out my other devices</button>
        </form>
      </section>
    </>
  );
}
