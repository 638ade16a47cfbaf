/** @jsxImportSource preact */
import type { ComponentChildren } from "preact";

/**
 * Owner actions, and adding or removing a passkey, need a passkey check within the last minutes: this asks for
 * one where the forms would be. `inCard`: inside a card of its own (deleting held spam), without a card around it.
 */
export function Confirm({
  fresh,
  inCard = false,
  children,
}: {
  fresh: boolean;
  inCard?: boolean;
  children: ComponentChildren;
}) {
  if (fresh) return <>{children}</>;
  if (inCard) {
    return (
      <div class="confirm-first">
        <p class="quiet">Deleting asks for your passkey again first. It stays open for 5 minutes.</p>
        <button type="button" data-passkey="confirm">
          Confirm with my passkey
        </button>
        <p class="status" role="status" data-passkey-status></p>
      </div>
    );
  }
  return (
    <section class="card" aria-labelledby="confirm-heading">
      <h2 id="confirm-heading">Confirm it is you</h2>
      <p>This part of the office asks for your passkey again first. It stays open for 5 minutes.</p>
      <button type="button" class="primary" data-passkey="confirm">
        Confirm with my passkey
      </button>
      <p class="status" role="status" data-passkey-status></p>
    </section>
  );
}
