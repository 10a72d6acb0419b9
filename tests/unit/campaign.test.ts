import { describe, expect, it } from "vitest";
import { CAMPAIGN_COOKIE_DAYS, CAMPAIGN_PARAMETERS, campaignCookiesFromSearch, campaignFromCookies } from "@/lib/browser/campaign";

const all = "utm_source=news&utm_medium=email&utm_content=hero&utm_set=s1&utm_campaign=spring&utm_network=g&utm_device=m&utm_keyword=cad&gclid=G1&fbclid=F1";

describe("campaign parameters", () => {
  it("maps the spec's ten URL parameters to their API names", () => {
    expect(Object.fromEntries(CAMPAIGN_PARAMETERS)).toEqual({
      utm_source: "utmSource",
      utm_medium: "utmSourceMedium",
      utm_content: "utmSourceContent",
      utm_set: "utmSourceSet",
      utm_campaign: "utmSourceCampaign",
      utm_network: "utmNetwork",
      utm_device: "utmDevice",
      utm_keyword: "utmKeyword",
      gclid: "googleClickId",
      fbclid: "facebookClickId",
    });
    expect(CAMPAIGN_COOKIE_DAYS).toBe(365);
  });

  it("turns present parameters into cookies named like the parameter, ignoring others and empty ones", () => {
    expect(campaignCookiesFromSearch("?utm_source=news&utm_medium=&x=1&gclid=%20G1%20")).toEqual([
      ["utm_source", "news"],
      ["gclid", "G1"],
    ]);
    expect(campaignCookiesFromSearch(new URLSearchParams(all))).toHaveLength(10);
    expect(campaignCookiesFromSearch("")).toEqual([]);
    expect(campaignCookiesFromSearch(`utm_source=${"x".repeat(900)}`)[0]![1]).toHaveLength(500);
  });

  it("reads the cookies back under the API names", () => {
    const jar = Object.fromEntries(campaignCookiesFromSearch(all));
    expect(campaignFromCookies((name) => jar[name])).toEqual({
      utmSource: "news",
      utmSourceMedium: "email",
      utmSourceContent: "hero",
      utmSourceSet: "s1",
      utmSourceCampaign: "spring",
      utmNetwork: "g",
      utmDevice: "m",
      utmKeyword: "cad",
      googleClickId: "G1",
      facebookClickId: "F1",
    });
    expect(campaignFromCookies(() => undefined)).toEqual({});
    expect(campaignFromCookies((name) => (name === "fbclid" ? "F9" : " "))).toEqual({ facebookClickId: "F9" });
  });
});
