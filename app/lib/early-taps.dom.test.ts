import { describe, expect, it } from "vitest";
import { earlyTapScript, replayEarlyTaps } from "./early-taps";

/** A page as pre-rendered, in a document of its own: the inline script has run, the page's handlers come later. */
function prerendered() {
  const doc = document.implementation.createHTMLDocument();
  doc.body.innerHTML =
    `<button type="button" id="next">Next</button><a id="link" href="#there">Go</a>` +
    `<form id="form"><input name="name"><button id="send">Send</button></form>`;
  const page: Pick<Window, "__earlyTaps"> = {};
  // The script as the page runs it, with this document and window.
  new Function("window", "document", earlyTapScript)(page, doc);
  const byId = (id: string) => doc.getElementById(id) as HTMLElement;
  const seen: string[] = [];
  const hydrate = () => {
    doc.getElementById("next")?.addEventListener("click", () => seen.push("next"));
    doc.documentElement.setAttribute("data-hydrated", "");
    byId("form").addEventListener("submit", (event) => {
      event.preventDefault();
      seen.push("submit");
    });
    replayEarlyTaps(page);
  };
  return { page, byId, seen, hydrate };
}

describe("early taps", () => {
  it("holds a button's click before hydration and replays it after", () => {
    const { page, byId, seen, hydrate } = prerendered();
    byId("next").click();
    byId("next").click();
    expect(seen).toEqual([]);
    hydrate();
    // Once each: a double tap on a control before hydration is one intent.
    expect(seen).toEqual(["next"]);
    expect(page.__earlyTaps).toBeNull();
  });

  it("stops a form's native submit before hydration and submits it through the page's handler after", () => {
    const { byId, seen, hydrate } = prerendered();
    const submits: Event[] = [];
    byId("form").addEventListener("submit", (event) => submits.push(event));
    byId("send").click();
    expect(submits).toEqual([]);
    hydrate();
    expect(seen).toEqual(["submit"]);
  });

  it("leaves clicks alone once the page has hydrated, and links always", () => {
    const { page, byId, seen, hydrate } = prerendered();
    let linkClicks = 0;
    byId("link").addEventListener("click", (event) => {
      event.preventDefault();
      linkClicks++;
    });
    byId("link").click();
    expect(linkClicks).toBe(1);
    hydrate();
    // Even when the html element has lost its attributes (an error boundary replacing the root layout).
    byId("next").ownerDocument.documentElement.removeAttribute("data-hydrated");
    byId("next").click();
    expect(seen).toEqual(["next"]);
    replayEarlyTaps(page);
    expect(seen).toEqual(["next"]);
  });

  it("holds nothing when the script runs again after hydration (a remounted <head> re-creates it)", () => {
    const { page, byId, seen, hydrate } = prerendered();
    hydrate();
    // The same inline script, run a second time in the same window and document.
    new Function("window", "document", earlyTapScript)(page, byId("next").ownerDocument);
    byId("next").click();
    expect(seen).toEqual(["next"]);
    expect(page.__earlyTaps).toBeNull();
  });

  it("skips a held element that is no longer in the page", () => {
    const { byId, seen, hydrate } = prerendered();
    byId("next").click();
    byId("next").remove();
    hydrate();
    expect(seen).toEqual([]);
  });
});
