import type { Database } from "../../data/open";
import type { Role } from "../../data/schema";
import { Accounts } from "../accounts";
import { cookieName } from "../context";
import { SoftAuthenticator } from "./authenticator";

/** The office's origin in the integration tests: SITE_URL's default, as the test servers read it. */
export const officeOrigin = "http://localhost:3000";

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** The body as sent (a download's bytes; `text` drops a byte order mark, as browsers do). */
  bytes: Uint8Array;
  json: Record<string, unknown>;
  location: string | null;
}

/**
 * A browser, as far as the office can tell: it keeps the session cookie, sends the office's Origin and
 * Sec-Fetch-Site on its posts, and the page's form token. The server itself runs on 127.0.0.1.
 */
export class OfficeClient {
  cookie: string | null = null;
  csrf = "";

  constructor(
    readonly server: string,
    readonly headers: Record<string, string> = {},
  ) {}

  async request(path: string, init: RequestInit & { headers?: Record<string, string> } = {}): Promise<Answer> {
    const response = await fetch(this.server + path, {
      redirect: "manual",
      ...init,
      headers: {
        ...(this.cookie ? { cookie: `${cookieName}=${this.cookie}` } : {}),
        ...this.headers,
        ...init.headers,
      },
    });
    const setCookie = response.headers.get("set-cookie");
    const match = setCookie ? new RegExp(`${cookieName}=([^;]*)`).exec(setCookie) : null;
    if (match) this.cookie = match[1] || null;
    const bytes = new Uint8Array(await response.arrayBuffer());
    const text = new TextDecoder().decode(bytes);
    const token = /<meta name="csrf-token" content="([^"]+)"/.exec(text);
    if (token?.[1]) this.csrf = token[1];
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // A page, not JSON.
    }
    return {
      status: response.status,
      headers: response.headers,
      text,
      bytes,
      json,
      location: response.headers.get("location"),
    };
  }

  /** A navigation from one of the office's own pages. */
  get(path: string) {
    return this.request(path, { headers: { "sec-fetch-site": "same-origin", "sec-fetch-mode": "navigate" } });
  }

  /** A form post from an office page. */
  form(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
    return this.request(path, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: officeOrigin,
        "sec-fetch-site": "same-origin",
        ...headers,
      },
      body: new URLSearchParams({ csrf: this.csrf, ...fields }).toString(),
    });
  }

  /** A JSON post from the office's script. */
  json(path: string, body: unknown, headers: Record<string, string> = {}) {
    return this.request(path, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: officeOrigin,
        "sec-fetch-site": "same-origin",
        "x-csrf-token": this.csrf,
        ...headers,
      },
      body: JSON.stringify(body),
    });
  }

  /** Opens an invitation link and creates a passkey with the authenticator, as the enrol page's button does. */
  async enrol(token: string, authenticator: SoftAuthenticator): Promise<Answer> {
    const options = await this.json("/office/enrol/options", { token });
    if (options.status !== 200) return options;
    const answer = authenticator.register(options.json.options as never);
    return this.json("/office/enrol", { challengeId: options.json.challengeId, answer });
  }

  /** Signs in with the authenticator's passkey, as the sign-in page's button does. */
  async signIn(authenticator: SoftAuthenticator): Promise<Answer> {
    const options = await this.json("/office/sign-in/options", {});
    if (options.status !== 200) return options;
    const answer = authenticator.authenticate(options.json.options as never);
    const signedIn = await this.json("/office/sign-in", { challengeId: options.json.challengeId, answer });
    if (signedIn.status === 200) await this.get("/office");
    return signedIn;
  }
}

let addresses = 0;

/**
 * An address of its own for a client, for a server that trusts X-Forwarded-For: each person's sign-ins count
 * towards their own rate limit, as from their own phone, not the test's one loopback address.
 */
export const ownAddress = () => ({ "x-forwarded-for": `198.18.${Math.floor(++addresses / 250)}.${addresses % 250}` });

/** A person with a passkey on a software authenticator, signed in: what `npm run office -- invite` and a phone do. */
export async function signedInPerson(
  server: string,
  database: Database,
  name: string,
  role: Role,
  headers: Record<string, string> = ownAddress(),
) {
  const { token, person } = await new Accounts(database).invite({
    name,
    role,
    by: null,
    now: Date.now(),
    validMs: 3_600_000,
  });
  const authenticator = new SoftAuthenticator(officeOrigin);
  const client = new OfficeClient(server, headers);
  const enrolled = await client.enrol(token, authenticator);
  if (enrolled.status !== 200) throw new Error(`enrol failed: ${enrolled.status} ${enrolled.text}`);
  await client.get("/office");
  return { client, authenticator, person, token };
}
