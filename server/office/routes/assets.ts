import { type OfficeContext, preferredEncoding } from "../context";
import { officeRoutes } from "../routes";
import type { On } from "../routing";

/** The office's script, style sheet, font and icons (assets.ts), compressed once at start; its worker and manifest. */
export function register(on: On, { assets, agencyName }: OfficeContext): void {
  // Its scope is where it is served: /office/. Never stored (the office's headers), so a new one is found at once.
  on(officeRoutes.serviceWorker, async (_request, reply) => reply.type(assets.worker.type).send(assets.worker.body));
  // The office installs as an app of its own, apart from the public site: its home is /office, which /office/
  // redirects to, so the scope is /office (everything under it too) and the app starts there.
  const manifest = JSON.stringify({
    id: "/office",
    name: `${agencyName} office`,
    short_name: "Office",
    start_url: "/office",
    scope: "/office",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: "#0b3a53",
    icons: assets.icons,
  });
  on(officeRoutes.manifest, async (_request, reply) =>
    reply.type("application/manifest+json; charset=utf-8").send(manifest),
  );

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
