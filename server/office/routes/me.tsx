/** @jsxImportSource preact */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { OfficeContext } from "../context";
import { deviceLabel } from "../device";
import { Me, type MeProps } from "../pages/me";
import { officeRoutes } from "../routes";
import type { On } from "../routing";
import type { Session } from "../sessions";

export const onlyPasskey =
  "This is your only passkey: add one on another device first, or you could not sign in to the office again.";

/** A person's own page: their passkeys and signed-in devices, and the fresh passkey check before sensitive acts. */
export function register(on: On, ctx: OfficeContext): void {
  const { partsNow, page, notFound, fresh } = ctx;

  const showMe = async (
    request: FastifyRequest,
    reply: FastifyReply,
    session: Session,
    extra: Pick<MeProps, "ended" | "removed" | "problem"> = {},
  ) => {
    const { accounts, sessions } = partsNow();
    const now = Date.now();
    return page(
      request,
      reply,
      "Your devices",
      <Me
        person={session.person}
        passkeys={await accounts.passkeysOf(session.person.id)}
        sessions={await sessions.of(session.person.id, now)}
        fresh={fresh(session)}
        now={now}
        {...extra}
      />,
      session,
      { section: "me", status: extra.problem ? 400 : 200 },
    );
  };

  on(officeRoutes.me, async (request, reply, { query, session }) =>
    showMe(request, reply, session, { ended: query.ended, removed: query.removed === "1" }),
  );

  on(officeRoutes.signOutOthers, async (_request, reply, { session }) => {
    const ended = await partsNow().sessions.endOthers(session.person.id, session.token);
    return reply.redirect(`/office/me?ended=${ended}`, 303);
  });

  on(officeRoutes.addPasskeyOptions, async (_request, _reply, { session }) =>
    partsNow().passkeys.registrationOptions({ person: session.person }, Date.now()),
  );

  on(officeRoutes.addPasskey, async (request, _reply, { body, session }) => {
    const { passkeys, accounts } = partsNow();
    const now = Date.now();
    const label = deviceLabel(request.headers["user-agent"]);
    await passkeys.register(body.challengeId, body.answer, label, now, session.person);
    await accounts.audit(session.person.id, "added a passkey", label, now);
    return { ok: true, next: "/office/me" };
  });

  on(officeRoutes.removeMyPasskey, async (request, reply, { body, session }) => {
    const { accounts } = partsNow();
    const mine = await accounts.passkeysOf(session.person.id);
    const passkey = mine.find((held) => held.id === body.passkey);
    if (!passkey) return notFound(request, reply, session);
    if (mine.length === 1) {
      return showMe(request, reply, session, { problem: onlyPasskey });
    }
    const now = Date.now();
    await accounts.removePasskey(session.person.id, passkey.id);
    await accounts.audit(session.person.id, "removed a passkey", `their own, ${passkey.label}`, now);
    return reply.redirect("/office/me?removed=1", 303);
  });

  // A fresh passkey check on this session, before adding a passkey and before owner actions.
  on(officeRoutes.confirmOptions, async (_request, _reply, { session }) =>
    partsNow().passkeys.authenticationOptions(Date.now(), session.person),
  );
  on(officeRoutes.confirm, async (_request, _reply, { body, session }) => {
    const { passkeys, sessions } = partsNow();
    const now = Date.now();
    await passkeys.authenticate(body.challengeId, body.answer, now, session.person);
    await sessions.verified(session.token, now);
    return { ok: true };
  });
}
