import { act, fireEvent } from "@testing-library/preact";
import { useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { afterHydrationPieces, hydratePieces, nextTask, startHydrationInPieces } from "../lib/hydration-pieces";
import { HydrationPiece } from "./HydrationPiece";

function Page({ onPress }: { onPress: () => void }) {
  const [count, setCount] = useState(0);
  return (
    <div>
      <button type="button" onClick={() => setCount((now) => now + 1)}>
        Count {count}
      </button>
      <HydrationPiece>
        <section>
          <button type="button" onClick={onPress}>
            Piece
          </button>
          <input aria-label="Name" />
        </section>
      </HydrationPiece>
      <HydrationPiece>
        <p>After</p>
      </HydrationPiece>
    </div>
  );
}

/** Lets one task go by. */
const aTurn = () => act(() => new Promise<void>((resolve) => nextTask(resolve)));

describe("HydrationPiece", () => {
  it("keeps the server's element while it waits, hydrates that same element in a later task, and moves nothing", async () => {
    let presses = 0;
    const container = document.createElement("div");
    container.innerHTML = renderToString(<Page onPress={() => presses++} />);
    document.body.append(container);
    const changes: string[] = [];
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        for (const node of [...record.addedNodes, ...record.removedNodes]) {
          if (node instanceof Element) changes.push(node.localName);
        }
      }
    });
    observer.observe(container, { childList: true, subtree: true });
    const button = (text: string) => {
      const found = [...container.querySelectorAll("button")].find((candidate) =>
        candidate.textContent?.startsWith(text),
      );
      if (!found) throw new Error(`no button ${text}`);
      return found;
    };
    const section = container.querySelector("section");
    const field = container.querySelector("input");
    field?.focus();
    let hydrated = false;

    startHydrationInPieces();
    await act(() => {
      hydrateRoot(container, <Page onPress={() => presses++} />);
    });
    afterHydrationPieces(() => (hydrated = true));
    // The rest of the page is live; the pieces are not yet.
    fireEvent.click(button("Count"));
    await act(async () => {});
    expect(button("Count")?.textContent).toBe("Count 1");
    fireEvent.click(button("Piece"));
    expect(presses).toBe(0);

    act(() => hydratePieces());
    // A piece re-rendered while it waited may wait a turn longer: turn by turn until the first piece is live.
    for (let turn = 0; turn < 20 && presses === 0; turn++) {
      await aTurn();
      fireEvent.click(button("Piece"));
    }
    expect(presses).toBe(1);
    // The second piece still waits: a render of the page now must not send the first back to waiting (which
    // would take its element off the page and put it back).
    expect(hydrated).toBe(false);
    fireEvent.click(button("Count"));
    await act(async () => {});
    expect(button("Count")?.textContent).toBe("Count 2");
    fireEvent.click(button("Piece"));
    expect(presses).toBe(2);

    for (let turn = 0; turn < 20 && !hydrated; turn++) await aTurn();
    expect(hydrated).toBe(true);
    // The same elements throughout, never moved or made again, so focus stays where the visitor put it.
    expect(container.querySelector("section")).toBe(section);
    expect(container.querySelector("input")).toBe(field);
    expect(document.activeElement).toBe(field);
    expect(container.querySelectorAll("p")).toHaveLength(1);
    expect(changes).toEqual([]);
    observer.disconnect();
    container.remove();
  });
});
