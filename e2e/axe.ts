import type { Page } from "@playwright/test";
import axe, { type AxeResults, type Result, type RunOptions } from "axe-core";
import { expect } from "./fixtures";

/* axe-core in the page (e2e/a11y.spec.ts, e2e/office.spec.ts). */

/** WCAG 2.2 AA as axe-core tags it, plus its best-practice rules (issue 6). */
const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/** One line per failing element, so that a failure names the rule, the element and what to fix. */
function describe(violations: Result[]): string {
  return violations
    .map((violation) =>
      [
        `${violation.id} (${violation.impact ?? "?"}): ${violation.help}`,
        ...violation.nodes.map((node) => `  ${node.target.join(" ")}\n    ${node.failureSummary ?? ""}`),
      ].join("\n"),
    )
    .join("\n");
}

/**
 * Runs axe-core in the page itself, as @axe-core/playwright's legacy mode did, without its overhead (it evaluated
 * axe's 1.5 MB source twice per call, once in the page and once in every frame, about 0.4 s a call): the source is
 * evaluated once per loaded page, and again only after a navigation. page.evaluate runs it past the site's CSP,
 * which a script tag would not be. axe does not look inside cross-origin frames (its default allowedOrigins is
 * the page's own origin), and the only one is the map embed (Google's content, stubbed here); the iframe element
 * itself is still checked.
 */
export async function runAxe(page: Page, scope?: string): Promise<Result[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  const context = { include: scope ? [scope] : [], exclude: [] as string[] };
  // Only violations are needed in full; axe then skips serialising every passing node, a third of its time.
  // runOnly: the tags above. (Through AxeBuilder, .options() replaced the tags that .withTags() had set, so axe ran
  // its default rules: the same ones less target-size, WCAG 2.2's 2.5.8, which every page passes.)
  const options: RunOptions = { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] };
  const { violations } = await page.evaluate(
    ([context, options]) => (window as unknown as { axe: typeof axe }).axe.run(context, options) as Promise<AxeResults>,
    [context, options] as const,
  );
  return violations;
}

export async function expectNoViolations(page: Page, scope?: string) {
  const violations = await runAxe(page, scope);
  const where = `${page.url()}${scope ? ` in ${scope}` : ""}`;
  expect(violations.length, `axe violations on ${where}:\n${describe(violations)}`).toBe(0);
}
