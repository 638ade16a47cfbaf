import type { FastifySchemaCompiler } from "fastify";
import { z } from "zod";

/**
 * Fastify's validator for routes' zod schemas (the office's, the case room's): the checked (and converted) value
 * replaces what was sent; what fails is refused before the handler runs, with zod's message.
 */
export const zodValidator: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const checked = schema.safeParse(data ?? {});
    return checked.success ? { value: checked.data } : { error: new Error(z.prettifyError(checked.error)) };
  };
