import { type OfficeContext, preferredEncoding } from "../context";
import { officeRoutes } from "../routes";
import type { On } from "../routing";

/** The office's script, style sheet and font (assets.ts), compressed once at start. */
export function register(on: On, { assets }: OfficeContext): void {
  on(officeRoutes.asset, async (request, reply, { params }) => {
    const asset = assets.files.get(params.name);
    if (!asset) return reply.code(404).type("text/plain; charset=utf-8").send("Not found");
    reply.type(asset.type).header("vary", "accept-encoding");
    const encoding = preferredEncoding(request);
    if (encoding === "br" && asset.br) return reply.header("content-encoding", "br").send(asset.br);
    if (encoding === "gzip" && asset.gzip) return reply.header("content-encoding", "gzip").send(asset.gzip);
    return reply.send(asset.body);
  });
}
