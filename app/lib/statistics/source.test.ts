import { describe, expect, it } from "vitest";
import { isSource, sourceLabel, sourceOfVisit } from "./source";

const site = "https://karamavisa.example";
const phone =
  "Mozilla/5.0 (Linux; Android 14; SM-A155F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";

describe("where a visit came from", () => {
  it.each([
    ["https://l.facebook.com/l.php?u=x", "facebook"],
    ["https://m.facebook.com/", "facebook"],
    ["https://lm.facebook.com/", "facebook"],
    ["https://l.instagram.com/?u=x", "instagram"],
    ["https://www.tiktok.com/@agency", "tiktok"],
    ["https://web.whatsapp.com/", "whatsapp"],
    ["android-app://com.whatsapp/", "whatsapp"],
    ["https://www.google.com/", "google"],
    ["https://www.google.ae/", "google"],
    ["android-app://com.google.android.googlequicksearchbox/", "google"],
    ["https://www.bing.com/search?q=visa", "other search"],
    ["https://duckduckgo.com/", "other search"],
    ["https://search.yahoo.com/", "other search"],
    ["https://yandex.ru/", "other search"],
    ["https://www.ecosia.org/", "other search"],
    ["https://dubai-forum.example/thread/12", "other sites"],
    ["", "direct"],
    [`${site}/about`, "direct"],
    ["not a url", "direct"],
  ])("from %j is %s", (referrer, source) => {
    expect(sourceOfVisit({ search: "", referrer, userAgent: phone, siteOrigin: site })).toBe(source);
  });

  it("a campaign's utm_source wins over the referrer, in lower case, trimmed to what is safe", () => {
    const visit = (search: string) =>
      sourceOfVisit({ search, referrer: "https://www.google.com/", userAgent: phone, siteOrigin: site });
    expect(visit("?utm_source=Eid%20Flyer")).toBe("eid flyer");
    expect(visit("?utm_source=<script>")).toBe("script");
    expect(visit(`?utm_source=${"x".repeat(80)}`)).toBe("x".repeat(40));
    expect(visit("?utm_source=%20%20")).toBe("google");
    expect(visit("?utm_source=%3C%3E")).toBe("google");
  });

  it("a campaign's utm_campaign is kept after its source, each bounded as a campaign tag is (issue 35)", () => {
    const visit = (search: string, referrer = "https://www.google.com/") =>
      sourceOfVisit({ search, referrer, userAgent: phone, siteOrigin: site });
    expect(visit("?utm_source=Facebook&utm_campaign=Eid%20Offer")).toBe("facebook / eid offer");
    expect(visit("?utm_source=eid-flyer&utm_medium=print&utm_campaign=eid-2026")).toBe("eid-flyer / eid-2026");
    // With no utm_source, the campaign is kept after where the visit came from.
    expect(visit("?utm_campaign=eid", "https://l.facebook.com/")).toBe("facebook / eid");
    expect(visit("?utm_campaign=eid", "")).toBe("direct / eid");
    expect(visit("?utm_campaign=<script>")).toBe("google / script");
    expect(visit(`?utm_source=${"s".repeat(80)}&utm_campaign=${"c".repeat(80)}`)).toBe(
      `${"s".repeat(40)} / ${"c".repeat(40)}`,
    );
    // A campaign of nothing safe is no campaign; a slash cannot make a third part.
    expect(visit("?utm_source=flyer&utm_campaign=%3C%3E")).toBe("flyer");
    expect(visit("?utm_source=flyer&utm_campaign=a%2Fb")).toBe("flyer / ab");
    for (const search of ["?utm_source=flyer&utm_campaign=x", "?utm_campaign=x"])
      expect(isSource(visit(search))).toBe(true);
  });

  it("with no referrer, the in-app browsers of Facebook, Instagram and TikTok say where they are", () => {
    const visit = (userAgent: string) => sourceOfVisit({ search: "", referrer: "", userAgent, siteOrigin: site });
    expect(visit(`${phone} [FBAN/EMA;FBLC/en_GB;FBAV/430.0.0.0;]`)).toBe("facebook");
    expect(visit(`${phone} Instagram 320.0.0.0 Android`)).toBe("instagram");
    expect(visit(`${phone} musical_ly_2023 BytedanceWebview/d8a21c6`)).toBe("tiktok");
    expect(visit(phone)).toBe("direct");
  });

  it("knows its own names and a campaign's, and refuses anything else", () => {
    for (const source of ["facebook", "other search", "direct", "eid flyer", "news-letter_2026.11"]) {
      expect(isSource(source)).toBe(true);
    }
    for (const source of ["facebook / eid", "eid flyer / spring 2026", `${"s".repeat(40)} / ${"c".repeat(40)}`]) {
      expect(isSource(source)).toBe(true);
    }
    for (const source of [
      "",
      " direct",
      "Facebook",
      "a<b",
      "x".repeat(41),
      7,
      null,
      "facebook/eid",
      "facebook / ",
      " / eid",
      "a / b / c",
      `facebook / ${"c".repeat(41)}`,
    ]) {
      expect(isSource(source)).toBe(false);
    }
  });

  it("names each source as the agency reads it", () => {
    expect(sourceLabel("whatsapp")).toBe("WhatsApp");
    expect(sourceLabel("other search")).toBe("Other search engines");
    expect(sourceLabel("direct")).toBe("Direct (typed or no referrer)");
    expect(sourceLabel("eid flyer")).toBe("eid flyer (campaign tag)");
    expect(sourceLabel("")).toBe("Not known");
    expect(sourceLabel("facebook / eid offer")).toBe("Facebook, campaign eid offer");
    expect(sourceLabel("eid flyer / spring")).toBe("eid flyer (campaign tag), campaign spring");
  });
});
