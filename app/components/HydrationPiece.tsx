import { Suspense, type ReactElement } from "react";
import { takeTurn, type Turn } from "../lib/hydration-pieces";

/**
 * A part of the page that hydrates in a task of its own (app/lib/hydration-pieces.ts). Its child must be one
 * element: while the piece waits, the browser keeps exactly that element of the server's HTML.
 */
export function HydrationPiece({ children }: { children: ReactElement }) {
  return (
    <Suspense fallback={null}>
      <WaitForTurn>{children}</WaitForTurn>
    </Suspense>
  );
}

const turns = new WeakMap<ReactElement, Turn>();

function WaitForTurn({ children }: { children: ReactElement }) {
  let turn = turns.get(children) ?? null;
  if (turn === null) {
    turn = takeTurn();
    if (turn) turns.set(children, turn);
  }
  if (turn && !turn.done) throw turn.promise;
  return children;
}
