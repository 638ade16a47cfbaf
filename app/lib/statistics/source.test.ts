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
    expect(visit("?utm_source=Facebook&utm_campaign=eid")).toBe("facebook");
    expect(visit("?utm_source=Eid%20Flyer")).toBe("eid flyer");
    expect(visit("?utm_source=<script>")).toBe("script");
    expect(visit(`?utm_source=${"x".repeat(80)}`)).toBe("x".repeat(40));
    expect(visit("?utm_source=%20%20")).toBe("google");
    expect(visit("?utm_source=%3C%3E")).toBe("google");
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
    for (const source of ["", " direct", "Facebook", "a<b", "x".repeat(41), 7, null]) {
      expect(isSource(source)).toBe(false);
    }
  });

  it("names each source as the agency reads it", () => {
    expect(sourceLabel("whatsapp")).toBe("WhatsApp");
    expect(sourceLabel("other search")).toBe("Other search engines");
    expect(sourceLabel("direct")).toBe("Direct (typed or no referrer)");
    expect(sourceLabel("eid flyer")).toBe("eid flyer (campaign tag)");
    expect(sourceLabel("")).toBe("Not known");
  });
});
