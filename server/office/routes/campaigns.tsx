/** @jsxImportSource preact */
import type { FastifyReply, FastifyRequest } from "fastify";
import QRCode from "qrcode";
import { loadPageTitles } from "../../page-titles";
import { campaignUrl } from "../../data/stats/campaigns";
import type { OfficeContext } from "../context";
import { CampaignLinks, type CampaignLinksProps } from "../pages/campaigns";
import { officeRoutes } from "../routes";
import type { On } from "../routing";
import type { Session } from "../sessions";

/**
 * Campaign links (issue 55), for owners: make a tagged link to a page of the site, copy it, print its QR code (PNG or
 * SVG); remove one. Their tags always count under their own name in the statistics (server/data/stats/counting.ts).
 */
export function register(on: On, ctx: OfficeContext): void {
  const { partsNow, page, notFound, siteUrl } = ctx;
  /** This server's statistics, told when a link is made or removed (another server reads them again within 10 s). */
  const stats = () => ctx.database.connection?.stats ?? null;
  const links = () => stats()?.campaigns ?? null;

  const show = async (
    request: FastifyRequest,
    reply: FastifyReply,
    session: Session,
    extra: Pick<CampaignLinksProps, "made" | "problem"> = {},
  ) => {
    const store = links();
    const [list] = await Promise.all([store ? store.list() : Promise.resolve([]), loadPageTitles()]);
    return page(
      request,
      reply,
      "Campaign links",
      <CampaignLinks links={list.map((link) => ({ ...link, url: campaignUrl(siteUrl, link) }))} {...extra} />,
      session,
      { section: "owner", status: extra.problem ? 400 : 200 },
    );
  };

  on(officeRoutes.campaigns, async (request, reply, { session }) => show(request, reply, session));

  on(officeRoutes.makeCampaign, async (request, reply, { body, session }) => {
    const store = links();
    if (!store) return show(request, reply, session);
    const now = Date.now();
    const made = await store.create({ name: body.name, path: body.path, by: session.person.id, now });
    if (!made.ok) {
      return show(request, reply, session, { problem: { message: made.problem, name: body.name, path: body.path } });
    }
    stats()?.forgetCampaignTags();
    await partsNow().accounts.audit(
      session.person.id,
      "made a campaign link",
      `${made.link.name} (${made.link.tag})`,
      now,
    );
    return show(request, reply, session, { made: made.link.id });
  });

  on(officeRoutes.removeCampaign, async (request, reply, { params, session }) => {
    const store = links();
    const link = store ? await store.find(params.id) : null;
    if (!store || !link) return notFound(request, reply, session);
    const now = Date.now();
    await store.remove(link.id, now);
    stats()?.forgetCampaignTags();
    await partsNow().accounts.audit(session.person.id, "removed a campaign link", `${link.name} (${link.tag})`, now);
    return reply.redirect("/office/campaigns", 303);
  });

  on(officeRoutes.campaignQr, async (request, reply, { params, session }) => {
    const link = (await links()?.find(params.id)) ?? null;
    if (!link) return notFound(request, reply, session);
    const url = campaignUrl(siteUrl, link);
    // Error correction M (15 %): it still reads with a crease or a smudge on a printed flyer.
    const options = { errorCorrectionLevel: "M", margin: 4 } as const;
    reply.header("cache-control", "private, no-store");
    if (params.file === "qr.png") {
      reply.header("content-disposition", `attachment; filename="qr-${link.tag}.png"`);
      return reply.type("image/png").send(await QRCode.toBuffer(url, { ...options, type: "png", width: 1024 }));
    }
    reply.header("content-disposition", `attachment; filename="qr-${link.tag}.svg"`);
    return reply.type("image/svg+xml").send(await QRCode.toString(url, { ...options, type: "svg" }));
  });
}
