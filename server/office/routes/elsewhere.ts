import type { OfficeContext } from "../context";
import { officeRoutes } from "../routes";
import type { On } from "../routing";

/** Anything else under /office: the sign-in page without a session (the access hook), "not found" with one. */
export function register(on: On, { notFound }: OfficeContext): void {
  on(officeRoutes.elsewhere, async (request, reply, { session }) => notFound(request, reply, session));
  on(officeRoutes.trailingSlash, async (_request, reply) => reply.redirect("/office", 301));
}
