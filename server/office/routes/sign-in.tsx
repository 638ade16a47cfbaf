/** @jsxImportSource preact */
import type { OfficeContext } from "../context";
import { deviceLabel } from "../device";
import { Notice } from "../pages/layout";
import { Enrol, SignIn } from "../pages/sign-in";
import { officeRoutes } from "../routes";
import type { On } from "../routing";

/** Signing in with a passkey, enrolling one from an invitation link, and signing out. */
export function register(on: On, ctx: OfficeContext): void {
  const { config, partsNow, page, setSessionCookie, clearSessionCookie } = ctx;

  on(officeRoutes.signInPage, async (request, reply) => {
    if (await ctx.currentSession(request)) return reply.redirect("/office", 303);
    return page(request, reply, "Sign in", <SignIn origin={config.origin} />, null);
  });

  on(officeRoutes.signInOptions, async () => partsNow().passkeys.authenticationOptions(Date.now()));

  on(officeRoutes.signIn, async (request, reply, { body }) => {
    const { passkeys, sessions, accounts } = partsNow();
    const now = Date.now();
    const { person, passkeyId } = await passkeys.authenticate(body.challengeId, body.answer, now);
    const label = deviceLabel(request.headers["user-agent"]);
    const session = await sessions.start(person, label, now, passkeyId);
    await accounts.audit(person.id, "signed in", label, now);
    setSessionCookie(reply, session.token);
    return { ok: true, next: "/office" };
  });

  on(officeRoutes.enrolPage, async (request, reply, { params }) => {
    const { token } = params;
    const person = await partsNow().accounts.invitation(token, Date.now());
    if (!person) {
      return page(
        request,
        reply,
        "Link not valid",
        <Notice heading="This link does not work" back={false}>
          <p>It has been used, it has expired (links work for an hour), or it was copied incompletely.</p>
          <p>
            Ask the owner for a new link. Already have a passkey? <a href="/office/sign-in">Sign in</a>.
          </p>
        </Notice>,
        null,
        { status: 404 },
      );
    }
    return page(
      request,
      reply,
      "Create your passkey",
      <Enrol person={person} token={token} origin={config.origin} />,
      null,
    );
  });

  on(officeRoutes.enrolOptions, async (_request, _reply, { body }) =>
    partsNow().passkeys.registrationOptions({ token: body.token }, Date.now()),
  );

  on(officeRoutes.enrol, async (request, reply, { body }) => {
    const { passkeys, sessions, accounts } = partsNow();
    const now = Date.now();
    const label = deviceLabel(request.headers["user-agent"]);
    const { person, passkeyId } = await passkeys.register(body.challengeId, body.answer, label, now);
    await accounts.audit(person.id, "added a passkey", `${label}, from an invitation link`, now);
    const session = await sessions.start(person, label, now, passkeyId);
    await accounts.audit(person.id, "signed in", label, now);
    setSessionCookie(reply, session.token);
    return { ok: true, next: "/office" };
  });

  on(officeRoutes.signOut, async (_request, reply, { session }) => {
    await partsNow().sessions.end(session.token);
    clearSessionCookie(reply);
    return reply.redirect("/office/sign-in", 303);
  });
}
