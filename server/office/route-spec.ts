import type { z } from "zod";

/**
 * Who may call a route: anyone (`public`), a signed-in person (`staff`), an owner (`owner`), and the same with a
 * passkey check within the last minutes (`-fresh`: adding or removing a passkey, and every owner action). One
 * hook (routing.tsx) enforces it, before the route's schemas are read; a route that declares none is refused
 * when it is registered.
 */
export type Access = "public" | "staff" | "staff-fresh" | "owner" | "owner-fresh";

/**
 * One office route: its address, who may call it, and what its parameters, query and body must look like. The
 * schemas are zod's, checked by Fastify before the handler runs: a repeated, huge or malformed value is refused
 * there (a bad address part with the office's "not found", anything else with 400), never reaching the database.
 */
export interface RouteSpec {
  method: "GET" | "POST";
  url: string;
  access: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** JSON bodies of the passkey ceremonies are small; forms may carry a note of 5,000 characters. */
  bodyLimit?: number;
  /** Counted by the sign-in rate limit (per address, per minute). */
  signInLimit?: boolean;
}

type Out<T> = T extends z.ZodType ? z.output<T> : Record<string, never>;

/** What a route's handler is given: its checked parameters, query and body. */
export interface Checked<S extends RouteSpec> {
  params: Out<S["params"]>;
  query: Out<S["query"]>;
  body: Out<S["body"]>;
}
