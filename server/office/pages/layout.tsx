/** @jsxImportSource preact */
import { FormToken, PostForm } from "./post-form";
import type { ComponentChildren } from "preact";
import type { Person } from "../accounts";

export interface Assets {
  css: string;
  js: string;
  /** The icon a phone shows for the office on its home screen (iPhone: apple-touch-icon). */
  touchIcon?: string;
}

export interface PageProps {
  title: string;
  /** The agency's name (the AGENCY_NAME setting), in the header and the browser tab. */
  agency: string;
  assets: Assets;
  /** The signed-in person, for the header; null on the sign-in and enrol pages. */
  person: Person | null;
  /** The session's form token: scripts read it from the page. */
  csrf?: string;
  /** Which part of the office this page belongs to, for the header's links. */
  section?: "inbox" | "cases" | "stats" | "me" | "owner";
  children: ComponentChildren;
}

/** Every office page: its own look (a staff member always knows they are in the office), never indexed. */
export function Page({ title, agency, assets, person, csrf, section, children }: PageProps) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        {csrf ? <meta name="csrf-token" content={csrf} /> : null}
        <title>{`${title} · ${agency} office`}</title>
        <link rel="icon" href="data:," />
        {/* The office installs as an app of its own (issue 37): its manifest, its icon, its colour. */}
        <link rel="manifest" href="/office/manifest.webmanifest" />
        {assets.touchIcon ? <link rel="apple-touch-icon" href={assets.touchIcon} /> : null}
        <meta name="theme-color" content="#0b3a53" />
        <link rel="stylesheet" href={assets.css} />
        <script type="module" src={assets.js} />
      </head>
      <body>
        <FormToken.Provider value={csrf ?? ""}>
          <a class="skip" href="#main">
            Skip to content
          </a>
          <header class="bar">
            <a class="brand" href="/office">
              <AgencyName agency={agency} /> <span class="brand-office">Office</span>
            </a>
            {person ? (
              <nav class="bar-links" aria-label="Office">
                <a href="/office" aria-current={section === "inbox" ? "page" : undefined}>
                  Inbox
                </a>
                <a href="/office/cases" aria-current={section === "cases" ? "page" : undefined}>
                  Cases
                </a>
                <a href="/office/stats" aria-current={section === "stats" ? "page" : undefined}>
                  <span class="wide-only">Statistics</span>
                  <span class="narrow-only">Stats</span>
                </a>
                {person.role === "owner" ? (
                  <a href="/office/owner" aria-current={section === "owner" ? "page" : undefined}>
                    Owner
                  </a>
                ) : null}
                <a href="/office/me" aria-current={section === "me" ? "page" : undefined}>
                  <span class="wide-only">{person.name}</span>
                  <span class="narrow-only">Me</span>
                </a>
                <PostForm action="/office/sign-out">
                  <button type="submit" class="link-button">
                    Sign out
                  </button>
                </PostForm>
              </nav>
            ) : null}
          </header>
          <main id="main" tabIndex={-1}>
            {children}
          </main>
        </FormToken.Provider>
      </body>
    </html>
  );
}

/**
 * The agency's name as a phone's header shows it (issue 59, item 9): its first word, with the next when the first
 * is a particle of two letters or fewer ("Karama Visa & Travel": "Karama"; "Al Noor Visa & Travel": "Al Noor"), the
 * part of a name that tells one agency from another; the whole name when it is that short already.
 */
export function shortAgencyName(agency: string): string {
  const words = agency.trim().split(/\s+/);
  const [first = "", second] = words;
  return [...first].length <= 2 && second !== undefined ? `${first} ${second}` : first;
}

/**
 * The agency's name in the header: whole on a wider screen; on a phone its short form on one line (the whole name
 * wrapped over three lines beside an owner's links at 390 px), the rest kept for a screen reader, so the link's
 * name is the agency's whole name at every width.
 */
function AgencyName({ agency }: { agency: string }) {
  const name = agency.trim();
  const short = shortAgencyName(name);
  return (
    <span class="brand-agency">
      {short}
      {short.length < name.length ? <span class="brand-rest">{name.slice(short.length)}</span> : null}
    </span>
  );
}

/** A message in place of a page: not found, a used link, the database away. */
export function Notice({
  heading,
  children,
  back = true,
}: {
  heading: string;
  children: ComponentChildren;
  back?: boolean;
}) {
  return (
    <section class="notice">
      <h1>{heading}</h1>
      {children}
      {back ? (
        <p>
          <a href="/office">Back to the inbox</a>
        </p>
      ) : null}
    </section>
  );
}
