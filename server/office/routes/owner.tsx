/** @jsxImportSource preact */
import type { FastifyReply, FastifyRequest } from "fastify";
import { cleanName } from "../accounts";
import { type OfficeContext, OfficeError } from "../context";
import { OwnerHub, Team } from "../pages/owner";
import { officeRoutes } from "../routes";
import type { On } from "../routing";
import type { Session } from "../sessions";
import { onlyPasskey } from "./me";

/** The owner's hub and team: invitations, new links, roles, passkeys and revoking a person. */
export function register(on: On, ctx: OfficeContext): void {
  const { config, partsNow, page, notFound, fresh } = ctx;

  on(officeRoutes.ownerHub, async (request, reply, { session }) =>
    page(request, reply, "Owner", <OwnerHub />, session, { section: "owner" }),
  );

  const showTeam = async (
    request: FastifyRequest,
    reply: FastifyReply,
    session: Session,
    extra: Pick<Parameters<typeof Team>[0], "invited" | "problem"> = {},
  ) =>
    page(
      request,
      reply,
      "Team",
      <Team
        team={await partsNow().accounts.team()}
        me={session.person}
        fresh={fresh(session)}
        now={Date.now()}
        {...extra}
      />,
      session,
      { section: "owner", status: extra.problem ? 400 : 200 },
    );

  on(officeRoutes.team, async (request, reply, { session }) => showTeam(request, reply, session));

  /** The link for a person, shown on the team page once, never put in an address (history, logs). */
  const linkFor = (token: string) => `${config.origin}/office/enrol/${token}`;

  on(officeRoutes.invite, async (request, reply, { body, session }) => {
    const { role } = body;
    const name = cleanName(body.name);
    if (name === null) {
      return showTeam(request, reply, session, {
        problem: { message: "Give their name (at most 80 characters).", name: body.name, role },
      });
    }
    const { accounts } = partsNow();
    const now = Date.now();
    const { token } = await accounts.invite({ name, role, by: session.person.id, now, validMs: config.inviteMs });
    await accounts.audit(session.person.id, "invited", `${name} as ${role}`, now);
    return showTeam(request, reply, session, { invited: { name, link: linkFor(token) } });
  });

  /** The active person an owner's team action names, or the office's "not found". */
  const member = async (personId: number) => partsNow().accounts.person(personId);

  on(officeRoutes.newLink, async (request, reply, { params, session }) => {
    const target = await member(params.person);
    if (!target) return notFound(request, reply, session);
    const { accounts } = partsNow();
    const now = Date.now();
    const token = await accounts.newLink(target.id, { by: session.person.id, now, validMs: config.inviteMs });
    await accounts.audit(session.person.id, "made a new link", `for ${target.name} (${target.role})`, now);
    return showTeam(request, reply, session, { invited: { name: target.name, link: linkFor(token) } });
  });

  on(officeRoutes.setRole, async (request, reply, { params, body, session }) => {
    const target = await member(params.person);
    if (!target) return notFound(request, reply, session);
    const { accounts } = partsNow();
    const changed = await accounts.setRole(target.id, body.role);
    if (changed === "last owner") {
      throw new OfficeError(400, "The office needs an owner: make someone else an owner first.");
    }
    if (changed === "changed") {
      await accounts.audit(
        session.person.id,
        "changed a role",
        `${target.name}: ${target.role} to ${body.role}`,
        Date.now(),
      );
    }
    return reply.redirect("/office/team", 303);
  });

  on(officeRoutes.removePasskey, async (request, reply, { params, body, session }) => {
    const target = await member(params.person);
    if (!target) return notFound(request, reply, session);
    const { accounts } = partsNow();
    const held = await accounts.passkeysOf(target.id);
    const passkey = held.find((one) => one.id === body.passkey);
    if (!passkey) return notFound(request, reply, session);
    if (target.id === session.person.id && held.length === 1) throw new OfficeError(400, onlyPasskey);
    await accounts.removePasskey(target.id, passkey.id);
    await accounts.audit(session.person.id, "removed a passkey", `${target.name}'s, ${passkey.label}`, Date.now());
    return reply.redirect("/office/team", 303);
  });

  on(officeRoutes.revoke, async (request, reply, { params, session }) => {
    const target = await member(params.person);
    if (!target) return notFound(request, reply, session);
    if (target.id === session.person.id) throw new OfficeError(400, "You cannot revoke yourself.");
    const { accounts } = partsNow();
    const now = Date.now();
    if (!(await accounts.revoke(target.id, now))) {
      throw new OfficeError(400, "The office needs an owner: make someone else an owner first.");
    }
    await accounts.audit(session.person.id, "revoked", `${target.name} (${target.role})`, now);
    return reply.redirect("/office/team", 303);
  });
}
