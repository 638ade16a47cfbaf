import { Suspense, useEffect, useState, type ReactElement } from "react";
import { settleTurn, takeTurn, type Turn } from "../lib/hydration-pieces";

/**
 * A part of the page that hydrates in a task of its own (app/lib/hydration-pieces.ts). Its child must be one
 * element: while the piece waits, the browser keeps exactly that element of the server's HTML.
 */
export function HydrationPiece({ children }: { children: ReactElement }) {
  // A component could render several elements, or none, and the wrong ones would be kept: fail the build instead.
  if (typeof children.type !== "string") throw new Error("HydrationPiece: its child must be an HTML element");
  return (
    <Suspense fallback={null}>
      <WaitForTurn>{children}</WaitForTurn>
    </Suspense>
  );
}

/**
 * A piece's turn, found again however the piece renders next: its own state when Preact kept the component, or,
 * when Preact made it again for the same element (as it does when the piece first resumes), the turn that element
 * was given. A piece never waits twice: waiting outside hydration would unmount what it shows.
 */
const turns = new WeakMap<ReactElement, Turn | null>();

function turnFor(children: ReactElement): Turn | null {
  if (turns.has(children)) return turns.get(children) ?? null;
  const turn = takeTurn();
  turns.set(children, turn);
  return turn;
}

function WaitForTurn({ children }: { children: ReactElement }) {
  const [turn] = useState(() => turnFor(children));
  // After the effects of everything inside it (Preact runs a parent's effects after its children's).
  useEffect(() => {
    if (turn) settleTurn(turn);
  }, [turn]);
  if (turn && !turn.done) throw turn.promise;
  return children;
}
