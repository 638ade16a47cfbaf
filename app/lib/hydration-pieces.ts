/**
 * Hydration in pieces, each in a task of its own, so that a slow phone's main thread is never held for long.
 *
 * Preact hydrates a document in one pass. On a phone four times slower than this machine that pass was one task
 * of 200–260 ms (`npm run bench -- --real`), all of it blocking time. A part of the page wrapped in
 * <HydrationPiece> (app/components/HydrationPiece.tsx) is skipped by that pass: its component suspends, and
 * Preact keeps the server's DOM for it untouched (it supports suspending while hydrating). The pieces then take
 * turns, one at a time and each in a task of its own, in the order the pass met them; a piece met inside another
 * takes its turn after the outer one. Between two turns the browser can handle input and paint.
 *
 * Only the first hydration of a pre-rendered page is split (entry.client starts it); a page rendered later by
 * moving to it in the browser, the pre-rendering and the component tests render every piece at once.
 */

export interface Turn {
  /** Settles when the piece's turn comes. */
  readonly promise: Promise<void>;
  /** Its turn has come: the piece renders. */
  done: boolean;
  /** The piece has rendered and its effects have run (WaitForTurn's own effect, which runs after theirs). */
  settled: boolean;
}

/** The pieces waiting for their turn, in order; null outside the first hydration. */
let waiting: { turn: Turn; release: () => void }[] | null = null;
let whenDone: (() => void)[] = [];
let stepQueued = false;

/** Runs the callback in a task of its own, after the browser has had the chance to handle input. */
export const nextTask: (callback: () => void) => void =
  typeof MessageChannel === "undefined"
    ? (callback) => setTimeout(callback, 0)
    : (callback) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          channel.port1.close();
          callback();
        };
        channel.port2.postMessage(null);
      };

/** Called once, right before the first hydration: from here the pieces wait for their turns. */
export function startHydrationInPieces(): void {
  waiting = [];
}

/** Called once the first hydration's pass is over: the pieces it skipped take their turns. */
export function hydratePieces(): void {
  queueStep();
}

/**
 * For a piece's first render: a turn to wait for, or null when the piece may render at once. Asked once per piece
 * (app/components/HydrationPiece.tsx keeps the turn it was given).
 */
export function takeTurn(): Turn | null {
  if (waiting === null) return null;
  let release = () => {};
  const turn: Turn = { promise: new Promise<void>((resolve) => (release = resolve)), done: false, settled: false };
  waiting.push({
    turn,
    release: () => {
      turn.done = true;
      release();
    },
  });
  return turn;
}

/** Called by a piece once it has rendered after its turn and its effects have run. */
export function settleTurn(turn: Turn): void {
  turn.settled = true;
}

/** Calls back once every piece has hydrated: at once outside the first hydration. */
export function afterHydrationPieces(callback: () => void): void {
  if (waiting === null) callback();
  else whenDone.push(callback);
}

function queueStep(): void {
  if (stepQueued) return;
  stepQueued = true;
  nextTask(step);
}

/** How many tasks a released piece may take to render and run its effects before the next goes anyway. */
const settleTasks = 4;

/**
 * One piece at a time. A released piece renders in microtasks of the same task, and runs its effects there too
 * (app/lib/react-runtime.ts); the next piece waits, a task at a time, until the piece says its effects have run,
 * so that what a piece starts in an effect (a timer, an observer) has started before `data-hydrated` says the
 * page is live. Pieces it holds take their turns after it. When no piece is waiting, every piece has hydrated.
 */
function step(): void {
  stepQueued = false;
  const next = waiting?.shift();
  if (next) {
    next.release();
    // A piece taken off the page before its turn never settles: the next goes after a few tasks all the same.
    let tasks = 0;
    const proceed = () => (next.turn.settled || ++tasks > settleTasks ? queueStep() : nextTask(proceed));
    nextTask(proceed);
    return;
  }
  waiting = null;
  const callbacks = whenDone;
  whenDone = [];
  for (const callback of callbacks) callback();
}
