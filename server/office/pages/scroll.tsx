/** @jsxImportSource preact */
import type { ComponentChildren } from "preact";

/**
 * A table that scrolls sideways on a narrow phone: a named region a keyboard can reach and scroll. That it scrolls
 * shows (issue 35, item 10): while it is wider than its place, a line above it says so, and a shadow falls on each
 * edge with more beyond it (office.css; CSS only, the office's CSP allows no script or style of the page's own).
 */
export function Scroll({ label, children }: { label: string; children: ComponentChildren }) {
  return (
    <div class="scroll-frame">
      <p class="scroll-hint" aria-hidden="true">
        Scroll sideways for more →
      </p>
      <div class="scroll-edges">
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard (WCAG 2.1.1; axe's scrollable-region-focusable) */}
        <div class="scroll" tabIndex={0} role="region" aria-label={label}>
          {children}
        </div>
      </div>
    </div>
  );
}
