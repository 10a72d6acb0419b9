"use client";

import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { writeCookie } from "@/lib/browser/cookies";
import { isLocale, LANGUAGE_COOKIE, LANGUAGE_NAMES, LOCALES, preferenceOfLocale, type Locale } from "@/lib/i18n/languages";

/** Keeps the choice for a year on this device; a signed-in learner's is saved to their profile too. */
export function rememberLanguage(locale: Locale) {
  writeCookie(LANGUAGE_COOKIE, locale, { path: "/", sameSite: "lax", expires: 365, secure: window.location.protocol === "https:" });
}

/**
 * The interface language, chosen from a list of each language in its own script (with its English name,
 * legible where the script's font is missing). A signed-in visitor's choice is saved to their profile.
 * `compact`: on a phone the label is left to screen readers, so a header's row keeps its room.
 */
export function LanguageSwitch({ signedIn, compact = false }: { signedIn: boolean; compact?: boolean }) {
  const t = useTranslations("language");
  const locale = useLocale();
  const router = useRouter();
  const id = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  async function choose(value: string) {
    if (!isLocale(value) || value === locale) return;
    setFailure(null);
    if (signedIn) {
      const [{ updatePreferredLanguage }, { errorMessage }] = await Promise.all([import("@/lib/api/sign-in"), import("@/lib/api/errors")]);
      try {
        await updatePreferredLanguage(preferenceOfLocale(value));
      } catch (err) {
        setFailure(t("failed", { reason: errorMessage(err) }));
        return;
      }
    }
    rememberLanguage(value);
    startTransition(() => router.refresh());
  }

  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id} className={`text-ink-muted dark:text-ink-dark-muted ${compact ? "max-mobile:sr-only" : ""}`}>
        {t("label")}
      </label>
      <select
        id={id}
        value={locale}
        disabled={pending}
        onChange={(e) => void choose(e.target.value)}
        className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-ink dark:border-slate-600 dark:bg-surface-dark dark:text-ink-dark"
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {l === "en" ? LANGUAGE_NAMES.en : `${LANGUAGE_NAMES[l]} (${preferenceOfLocale(l)})`}
          </option>
        ))}
      </select>
      {failure && (
        <p role="alert" className="text-danger">
          {failure}
        </p>
      )}
    </div>
  );
}
