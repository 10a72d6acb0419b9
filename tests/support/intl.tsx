import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import en from "@/messages/en.json";
import hi from "@/messages/hi.json";
import ta from "@/messages/ta.json";
import te from "@/messages/te.json";
import type { Locale } from "@/lib/i18n/languages";

const catalogues = { en, hi, ta, te } as const;

/** A client component as a page renders it: inside the messages of one language (English unless named). */
export function inLanguage(ui: ReactNode, locale: Locale = "en") {
  return (
    <NextIntlClientProvider locale={locale} messages={catalogues[locale]} timeZone="UTC">
      {ui}
    </NextIntlClientProvider>
  );
}
