import "server-only";
import type { Messages } from "next-intl";
import { createTranslator } from "use-intl/core";
import type { Locale } from "@/lib/i18n/languages";

const catalogues: Record<Locale, () => Promise<{ default: unknown }>> = {
  en: () => import("../../../messages/en.json"),
  hi: () => import("../../../messages/hi.json"),
  ta: () => import("../../../messages/ta.json"),
  te: () => import("../../../messages/te.json"),
};

/** The e-mails' words (`email` in messages/{locale}.json) in the recipient's language; only that language's file is loaded. */
export async function emailText(locale: Locale) {
  const messages = (await catalogues[locale]()).default as Messages;
  return createTranslator({ locale, messages, namespace: "email" });
}

export type EmailText = Awaited<ReturnType<typeof emailText>>;

/** English keeps the British day-month order the e-mails always had ("Thursday 5 March"); the others use their own. */
const dateLocale = (locale: Locale) => (locale === "en" ? "en-GB" : locale);

export const formatDate = (locale: Locale, date: Date, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(dateLocale(locale), options).format(date);

/** Marks as the e-mails write them: whole numbers as they are, others with one decimal ("12.5"), never grouped. */
export const formatMarks = (locale: Locale, n: number) =>
  new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: Number.isInteger(n) ? 0 : 1, minimumFractionDigits: Number.isInteger(n) ? 0 : 1 }).format(n);

export const greeting = (t: EmailText, name: string) => (name ? t("helloName", { name }) : t("hello"));

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

/** The start of an e-mail's HTML, marked with the language it is written in. */
export const htmlStart = (locale: Locale) => `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;color:#111;line-height:1.5">`;
