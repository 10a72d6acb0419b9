import { describe, expect, it } from "vitest";
import { localeOfPreference, matchAcceptLanguage, preferenceOfLocale } from "@/lib/i18n/languages";

describe("the interface language", () => {
  it("follows the profile's preferredLanguage; Others reads English", () => {
    expect(["English", "Hindi", "Tamil", "Telugu", "Others"].map((p) => localeOfPreference(p as never))).toEqual(["en", "hi", "ta", "te", "en"]);
    expect(preferenceOfLocale("te")).toBe("Telugu");
  });

  it("takes the browser's best-weighted language of ours, else English", () => {
    expect(matchAcceptLanguage("hi-IN,hi;q=0.9,en-US;q=0.8,en;q=0.7")).toBe("hi");
    expect(matchAcceptLanguage("en-GB,ta;q=0.9")).toBe("en");
    expect(matchAcceptLanguage("fr-FR,te;q=0.5,ta;q=0.8")).toBe("ta");
    expect(matchAcceptLanguage("TE")).toBe("te");
    expect(matchAcceptLanguage("fr,de;q=0.9")).toBe("en");
    expect(matchAcceptLanguage("hi;q=0,ta;q=0.1")).toBe("ta");
    expect(matchAcceptLanguage("")).toBe("en");
    expect(matchAcceptLanguage(null)).toBe("en");
    expect(matchAcceptLanguage("*;q=0.5, hi;q=abc, te;q=0.2")).toBe("te");
  });
});
