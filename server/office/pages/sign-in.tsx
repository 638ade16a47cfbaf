/** @jsxImportSource preact */
import type { Person } from "../accounts";

/**
 * Passkeys work at one address only, the office's own (OFFICE_URL or SITE_URL): opened at another (the server's
 * IP address, another of its names), the script shows this in place of the passkey button, which would only fail.
 * The script decides, from the address the browser itself shows: behind a proxy the server may not see it.
 */
export function OtherAddress({ origin, path }: { origin: string; path: string }) {
  const address = `${origin}${path}`;
  return (
    <section class="card other-address" aria-labelledby="other-address-heading" data-office-origin={origin} hidden>
      <h2 id="other-address-heading">Open the office at its own address</h2>
      <p>
        You opened <span data-current-host>another address</span>. Passkeys for this office work only at {origin}, so
        signing in here would fail.
      </p>
      <p>
        <a class="go-there" href={address}>
          Go to {new URL(origin).host}
        </a>
      </p>
    </section>
  );
}

/** The way in: a passkey on this device. The script (client/office.ts) runs the ceremony. */
export function SignIn({ origin }: { origin: string }) {
  return (
    <section class="narrow">
      <OtherAddress origin={origin} path="/office/sign-in" />
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
export function Enrol({ person, token, origin }: { person: Person; token: string; origin: string }) {
  return (
    <section class="narrow">
      <OtherAddress origin={origin} path={`/office/enrol/${token}`} />
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
