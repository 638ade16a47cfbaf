/** @jsxImportSource preact */
import type { FastifyReply, FastifyRequest } from "fastify";
import { PushStore } from "../../data/push";
import { checkEndpoint, isPushKey } from "../../push/endpoint";
import { OfficeError, type OfficeContext } from "../context";
import { deviceLabel } from "../device";
import { Me, type MeProps } from "../pages/me";
import { officeRoutes } from "../routes";
import type { On } from "../routing";
import type { Session } from "../sessions";

/** A key of a push subscription: base64url of exactly `bytes` bytes (a P-256 point, 65; an auth secret, 16). */
export const onlyPasskey =
  "This is your only passkey: add one on another device first, or you could not sign in to the office again.";

/** A person's own page: their passkeys and signed-in devices, and the fresh passkey check before sensitive acts. */
export function register(on: On, ctx: OfficeContext): void {
  const { partsNow, page, notFound, fresh, push } = ctx;
  const alertsOf = (personId: number) => new PushStore(partsNow().database).subscriptionsOf(personId);

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
        alerts={{
          off: push.setting.on ? null : push.setting.reason,
          publicKey: push.publicKey(),
          devices: await alertsOf(session.person.id),
        }}
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

  // Alerts on this device (issue 37): turned on and off by the page's script, which holds the browser's subscription.
  const alertsOn = () => {
    if (!push.setting.on) throw new OfficeError(409, push.setting.reason);
    return push.setting;
  };
  on(officeRoutes.alertsOn, async (request, _reply, { body, session }) => {
    const policy = alertsOn();
    const { endpoint, keys } = body;
    // Only a known push service, at public addresses now (server/push/endpoint.ts); checked again on each send.
    if (!isPushKey(keys.p256dh, 65) || !isPushKey(keys.auth, 16) || (await checkEndpoint(endpoint, policy)) !== null) {
      throw new OfficeError(400, "This browser's alert address cannot be used. Please try again.");
    }
    const label = deviceLabel(request.headers["user-agent"]);
    await new PushStore(partsNow().database).subscribe(session.person.id, {
      endpoint,
      p256dh: keys.p256dh,
      auth: keys.auth,
      label,
    });
    await partsNow().accounts.audit(session.person.id, "turned alerts on", label, Date.now());
    return { ok: true };
  });
  on(officeRoutes.alertsTest, async (_request, _reply, { body, session }) => {
    alertsOn();
    const device = (await alertsOf(session.person.id)).find((held) => held.endpoint === body.endpoint);
    if (!device) throw new OfficeError(404, "Alerts are not on for this device. Turn them on first.");
    const result = await push.sendNow(device, {
      title: "Test alert",
      body: `Alerts work on ${device.label}.`,
      url: "/office/me",
    });
    if (result.kind === "gone") await new PushStore(partsNow().database).removeSubscription(device.id);
    if (result.kind !== "sent") {
      throw new OfficeError(
        502,
        result.kind === "gone"
          ? "This phone's browser no longer takes alerts for the office. Turn them on again."
          : `The test did not go through (${result.reason}). Please try again in a minute.`,
      );
    }
    return { ok: true };
  });
  on(officeRoutes.alertsOff, async (request, _reply, { body, session }) => {
    const removed = await new PushStore(partsNow().database).unsubscribe(session.person.id, body.endpoint);
    if (removed) {
      const label = deviceLabel(request.headers["user-agent"]);
      await partsNow().accounts.audit(session.person.id, "turned alerts off", label, Date.now());
    }
    return { ok: true };
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
