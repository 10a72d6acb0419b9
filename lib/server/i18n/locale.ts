import "server-only";
import { cookies, headers } from "next/headers";
import { isLocale, LANGUAGE_COOKIE, matchAcceptLanguage, type Locale } from "@/lib/i18n/languages";

/**
 * The language of this request's pages: the one its cookie names (the signed-in learner's
 * preferredLanguage, or a visitor's choice on the sign-in page), else the best match of the browser's
 * Accept-Language.
 */
export async function requestLocale(): Promise<Locale> {
  const chosen = (await cookies()).get(LANGUAGE_COOKIE)?.value;
  if (isLocale(chosen)) return chosen;
  return matchAcceptLanguage((await headers()).get("accept-language"));
}
