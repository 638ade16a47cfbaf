import type { ReactNode } from "react";
import { HydrationPiece } from "../HydrationPiece";
import { ActionBar } from "./ActionBar";
import { inertWhenMenuOpen } from "./MainMenu";
import { SiteFooter } from "./SiteFooter";
import { SiteHeader } from "./SiteHeader";

/**
 * What every page's <body> shows around the page itself. The pre-rendering renders it inside the document
 * (root.tsx); the browser hydrates the body with it (app/entry.client.tsx), and never the head, which stays as
 * the HTML has it.
 */
export function PageBody({ children }: { children: ReactNode }) {
  return (
    <>
      <a href="#main" className="skip-link" {...inertWhenMenuOpen}>
        Skip to main content
      </a>
      <SiteHeader />
      <HydrationPiece>
        <main id="main" tabIndex={-1} {...inertWhenMenuOpen}>
          {children}
        </main>
      </HydrationPiece>
      <SiteFooter />
      <ActionBar />
    </>
  );
}
