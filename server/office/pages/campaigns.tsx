/** @jsxImportSource preact */
import { pagePaths } from "../../../app/lib/paths";
import { pageName } from "../../data/stats/bounds";
import { type CampaignLink, longestCampaignName } from "../../data/stats/campaigns";
import { dubaiDateTime } from "../time";
import { PostForm } from "./post-form";

export interface CampaignLinksProps {
  links: (CampaignLink & { url: string })[];
  /** The link just made: shown first, marked. */
  made?: number;
  /** A name or page refused, with what was sent, kept in the form. */
  problem?: { message: string; name: string; path: string };
}

/**
 * The owner's campaign links (issue 55): a form to make one, then each link with its tag, its page, the link to copy,
 * its QR code to download (PNG for a printer or a phone, SVG for a designer), and Remove. The name is the owner's
 * text, shown as text.
 */
export function CampaignLinks({ links, made, problem }: CampaignLinksProps) {
  return (
    <>
      <h1>Campaign links</h1>
      <p class="quiet intro">
        A link to a page of the site with a tag, and its QR code, for a flyer, a shop window or a post. Visits and
        enquiries from it count under the campaign's name in Statistics, however many other tags visitors send.
      </p>
      <section class="card" aria-labelledby="new-campaign-heading">
        <h2 id="new-campaign-heading">New campaign link</h2>
        <PostForm action="/office/campaigns">
          <label htmlFor="campaign-name">
            <span>Campaign name, for example "Eid flyer": the link's tag is made from it (eid-flyer)</span>
          </label>
          <input
            id="campaign-name"
            name="name"
            maxLength={longestCampaignName}
            required
            autocomplete="off"
            value={problem?.name ?? ""}
            aria-invalid={problem ? "true" : undefined}
            aria-describedby={problem ? "campaign-problem" : undefined}
          />
          <label htmlFor="campaign-page">
            <span>The page it opens</span>
          </label>
          <select id="campaign-page" name="path">
            {pagePaths.map((path) => (
              <option value={path} selected={path === (problem?.path ?? "/")}>
                {pageName(path)}
              </option>
            ))}
          </select>
          {problem ? (
            <p id="campaign-problem" class="error" role="alert">
              {problem.message}
            </p>
          ) : null}
          <button type="submit">Make the link</button>
        </PostForm>
      </section>
      {links.length === 0 ? (
        <p class="quiet">No campaign links yet.</p>
      ) : (
        links.map((link) => <Link link={link} made={link.id === made} />)
      )}
    </>
  );
}

function Link({ link, made }: { link: CampaignLink & { url: string }; made: boolean }) {
  const heading = `campaign-${link.id}-heading`;
  const qr = `/office/campaigns/${link.id}/qr`;
  return (
    <section class={made ? "card campaign done" : "card campaign"} aria-labelledby={heading}>
      <h2 id={heading}>{link.name}</h2>
      <p class="quiet small">
        {made ? "Just made. " : ""}Tag {link.tag} · opens {pageName(link.path)} · made {dubaiDateTime(link.createdAt)}
      </p>
      <div class="campaign-body">
        <img class="qr" src={`${qr}.svg`} alt={`QR code of the link for ${link.name}`} width={176} height={176} />
        <div>
          <p class="link-box">
            <a href={link.url}>{link.url}</a>
          </p>
          {/* Copy is shown by the script where the browser lets a page copy; the link above is there to select. */}
          <div class="link-actions" data-link={link.url} data-copied="Copied. Paste it where you share the campaign.">
            <button type="button" data-copy hidden>
              Copy link
            </button>
            <a class="button-link" href={`${qr}.png`} download={`qr-${link.tag}.png`}>
              QR code, PNG
            </a>
            <a class="button-link" href={`${qr}.svg`} download={`qr-${link.tag}.svg`}>
              QR code, SVG
            </a>
            <p class="status" role="status" data-link-status></p>
          </div>
        </div>
      </div>
      <PostForm action={`/office/campaigns/${link.id}/remove`} class="campaign-remove">
        <button type="submit" class="danger">
          Remove
        </button>
        <span class="quiet small">Its past figures stay in Statistics; its tag then counts as any other.</span>
      </PostForm>
    </section>
  );
}
