import { describe, expect, it } from "vitest";
import {
  afterHydrationPieces,
  hydratePieces,
  nextTask,
  settleTurn,
  startHydrationInPieces,
  takeTurn,
} from "./hydration-pieces";

const aTask = () => new Promise<void>((resolve) => nextTask(resolve));

/** Lets tasks go by until `done`, at most `limit` of them; how many it took. */
async function tasksUntil(done: () => boolean, limit = 20): Promise<number> {
  for (let count = 0; count <= limit; count++) {
    if (done()) return count;
    await aTask();
  }
  throw new Error(`not done after ${limit} tasks`);
}

describe("hydration in pieces", () => {
  it("outside the first hydration, a piece renders at once and the callback runs at once", () => {
    expect(takeTurn()).toBeNull();
    let called = false;
    afterHydrationPieces(() => (called = true));
    expect(called).toBe(true);
  });

  it("lets the pieces go one at a time, in the order met, each once the one before has settled; then calls back", async () => {
    const seen: string[] = [];
    startHydrationInPieces();
    afterHydrationPieces(() => seen.push("hydrated"));
    const first = takeTurn();
    const second = takeTurn();
    if (!first || !second) throw new Error("no turns while hydrating");
    let inner: ReturnType<typeof takeTurn> = null;
    void first.promise.then(() => {
      seen.push("first");
      // A piece inside the first, met as it renders (in the same task as its release).
      inner = takeTurn();
      void inner?.promise.then(() => seen.push("inner"));
    });
    void second.promise.then(() => seen.push("second"));
    hydratePieces();
    expect(seen).toEqual([]);

    await tasksUntil(() => first.done);
    await aTask();
    await aTask();
    // Its effects have not run (nothing has settled it): the second waits meanwhile.
    expect(second.done).toBe(false);
    settleTurn(first);
    await tasksUntil(() => second.done);
    settleTurn(second);
    await tasksUntil(() => inner?.done === true);
    expect(seen).toEqual(["first", "second", "inner"]);
    // A piece that never settles (taken off the page before its turn) does not hold the rest for good.
    await tasksUntil(() => seen.includes("hydrated"), 8);
    expect(seen).toEqual(["first", "second", "inner", "hydrated"]);
    // Over: what renders from here renders at once.
    expect(takeTurn()).toBeNull();
  });
});
