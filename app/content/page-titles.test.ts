import { describe, expect, it } from "vitest";
import { pagePaths } from "../lib/paths";
import { contactPage } from "./contact";
import { detailGroupTitles, detailPageTitles } from "./menu";
import { pageTitle } from "./page-titles";

describe("a page by its title, for the back office (issue 35, item 8)", () => {
  it("names a detail page by its own title and its group's", () => {
    expect(pageTitle("/dubai-visa/1")).toBe(`${detailGroupTitles["dubai-visa"]}: ${detailPageTitles["dubai-visa"][0]}`);
    expect(pageTitle("/visa-packages/4")).toBe(
      `${detailGroupTitles["visa-packages"]}: ${detailPageTitles["visa-packages"][3]}`,
    );
  });

  it("names the top pages as the site does", () => {
    expect(pageTitle("/contact")).toBe(contactPage.title);
    expect(pageTitle("/")).toBe("Home");
    expect(pageTitle("/about")).toBe("About Us");
    expect(pageTitle("/services")).toBe("Our Services");
    expect(pageTitle("/privacy")).toBe("Privacy");
  });

  it("has a name for every page of the site, and none for an address that is not one", () => {
    for (const path of pagePaths) expect(pageTitle(path), path).toMatch(/\S/);
    for (const path of ["/dubai-visa/5", "/dubai-visa/0", "/nowhere", "/dubai-visa/1/x", "", "/about/"]) {
      expect(pageTitle(path), path).toBeNull();
    }
  });
});
