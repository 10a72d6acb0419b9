import { getRequestConfig } from "next-intl/server";
import type { Locale } from "@/lib/i18n/languages";
import { requestLocale } from "./locale";

const catalogues: Record<Locale, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import("../../../messages/en.json"),
  hi: () => import("../../../messages/hi.json"),
  ta: () => import("../../../messages/ta.json"),
  te: () => import("../../../messages/te.json"),
};

// next-intl's configuration for each request (next.config.ts names this file): the request's language
// and that language's messages only.
export default getRequestConfig(async () => {
  const locale = await requestLocale();
  return { locale, messages: (await catalogues[locale]()).default, timeZone: "UTC" };
});
