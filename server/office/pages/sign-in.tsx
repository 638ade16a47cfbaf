/** @jsxImportSource preact */
import type { Person } from "../accounts";

/** The way in: a passkey on this device. The script (client/office.ts) runs the ceremony. */
export function SignIn() {
  return (
    <section class="narrow">
      <h1>Sign in to the office</h1>
      <p>Use the passkey on this phone or computer: it asks for your fingerprint, face or screen lock.</p>
      <button type="button" class="primary" data-passkey="sign-in">
        Sign in with a passkey
      </button>
      <p class="status" role="status" data-passkey-status></p>
      <noscript>
        <p class="error">Passkeys need JavaScript: please allow it for this site.</p>
      </noscript>
      <p class="quiet">
        No passkey on this device? Ask the owner for a link, or add this device from your page when signed in on
        another.
      </p>
    </section>
  );
}

/** An invitation link's page: create a passkey for the person it names. */
export function Enrol({ person, token }: { person: Person; token: string }) {
  return (
    <section class="narrow">
      <h1>Welcome, {person.name}</h1>
      <p>
        Create your passkey for the office on this device. Your phone or computer keeps it, and asks for your
        fingerprint, face or screen lock each time you sign in. There is no password.
      </p>
      <button type="button" class="primary" data-passkey="enrol" data-token={token}>
        Create my passkey
      </button>
      <p class="status" role="status" data-passkey-status></p>
      <noscript>
        <p class="error">Passkeys need JavaScript: please allow it for this site.</p>
      </noscript>
      <p class="quiet">This link works once, for an hour.</p>
    </section>
  );
}
