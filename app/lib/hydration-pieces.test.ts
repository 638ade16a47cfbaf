import { describe, expect, it } from "vitest";
import { afterHydrationPieces, hydratePieces, nextTask, startHydrationInPieces, takeTurn } from "./hydration-pieces";

const aTask = () => new Promise<void>((resolve) => nextTask(resolve));

describe("hydration in pieces", () => {
  it("outside the first hydration, a piece renders at once and the callback runs at once", () => {
    expect(takeTurn()).toBeNull();
    let called = false;
    afterHydrationPieces(() => (called = true));
    expect(called).toBe(true);
  });

  it("lets the pieces go one per task, in the order met; one met while another renders goes after it; then calls back", async () => {
    const seen: string[] = [];
    startHydrationInPieces();
    afterHydrationPieces(() => seen.push("hydrated"));
    const first = takeTurn();
    const second = takeTurn();
    if (!first || !second) throw new Error("no turns while hydrating");
    void first.promise.then(() => {
      seen.push("first");
      // A piece inside the first, met as it renders (in the same task as its release).
      void takeTurn()?.promise.then(() => seen.push("inner"));
    });
    void second.promise.then(() => seen.push("second"));
    hydratePieces();
    expect(seen).toEqual([]);
    await aTask();
    expect(seen).toEqual(["first"]);
    expect(first.done && !second.done).toBe(true);
    await aTask();
    expect(seen).toEqual(["first", "second"]);
    await aTask();
    expect(seen).toEqual(["first", "second", "inner"]);
    await aTask();
    expect(seen).toEqual(["first", "second", "inner", "hydrated"]);
    // Over: what renders from here renders at once.
    expect(takeTurn()).toBeNull();
  });
});
