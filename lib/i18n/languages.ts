/**
 * The interface's languages (docs/languages.md): English, Hindi, Tamil and Telugu. A profile's
 * preferredLanguage chooses one (Others reads English); a visitor not signed in gets the best match of
 * their browser's Accept-Language, or what they chose on the sign-in page. Shared by the browser and
 * the server.
 */
export const LOCALES = ["en", "hi", "ta", "te"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** The cookie that carries the interface language chosen (or the signed-in learner's), read by every page. */
export const LANGUAGE_COOKIE = "language";

/** Each language's own name, as a reader of it looks for it in a list. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: "English", hi: "हिन्दी", ta: "தமிழ்", te: "తెలుగు" };

type PreferredLanguage = "English" | "Hindi" | "Tamil" | "Telugu" | "Others";

const BY_PREFERENCE: Record<PreferredLanguage, Locale> = { English: "en", Hindi: "hi", Tamil: "ta", Telugu: "te", Others: "en" };
const PREFERENCE_OF: Record<Locale, Exclude<PreferredLanguage, "Others">> = { en: "English", hi: "Hindi", ta: "Tamil", te: "Telugu" };

export const isLocale = (value: string | null | undefined): value is Locale => !!value && (LOCALES as readonly string[]).includes(value);

/** The interface language a profile's preferredLanguage chooses. */
export const localeOfPreference = (preference: PreferredLanguage): Locale => BY_PREFERENCE[preference];

/** The profile's preferredLanguage that names an interface language. */
export const preferenceOfLocale = (locale: Locale): Exclude<PreferredLanguage, "Others"> => PREFERENCE_OF[locale];

/**
 * The best of our languages for an Accept-Language header ("hi-IN,hi;q=0.9,en;q=0.8"): the one with
 * the highest weight whose primary tag is ours (a tag's order breaks ties); English when none is.
 */
export function matchAcceptLanguage(header: string | null | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  let best: { locale: Locale; q: number } | null = null;
  for (const part of header.split(",")) {
    const [tag, ...params] = part.trim().split(";");
    const primary = tag?.trim().toLowerCase().split("-")[0];
    if (!isLocale(primary)) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { locale: primary, q };
  }
  return best?.locale ?? DEFAULT_LOCALE;
}
