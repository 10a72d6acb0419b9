import { useLocale, useTranslations } from "next-intl";
import { useCallback } from "react";
import type { StudioPerson } from "@/lib/api/studio-people";
import { LANGUAGE_NAMES, localeOfPreference } from "@/lib/i18n/languages";

export const USER_KINDS = ["Customer", "Employee"] as const;
export const PLANS = ["Basic", "Premium"] as const;
export const ROLES = ["learner", "grader", "author", "admin"] as const;
export const LANGUAGES = ["English", "Hindi", "Tamil", "Telugu", "Others"] as const;

/** The invitation's state in words, with the mail server's reason when there is one, in the page's language. */
export function useInvitationText() {
  const t = useTranslations("studioPeople.invitation");
  return useCallback(
    (invitation: StudioPerson["invitation"]): string => {
      if (!invitation) return t("none");
      if (invitation.state === "sent") return t("sent");
      if (invitation.state === "failed") return invitation.reason ? t("failedBecause", { reason: invitation.reason }) : t("failed");
      return invitation.reason ? t("queuedRetrying", { reason: invitation.reason }) : t("queued");
    },
    [t],
  );
}

/**
 * How a person's kind, plan, role, status and language are shown: the values the API takes stay as
 * they are (a select's option values, the CSV's columns); their names follow the page's language. A
 * language is named in its own script, with its English name beside it on a page not in English.
 */
export function useValueLabel() {
  const t = useTranslations("studioPeople.values");
  const locale = useLocale();
  return useCallback(
    (field: "userKind" | "plan" | "role" | "status" | "preferredLanguage", value: string): string => {
      if (field === "preferredLanguage") {
        if (value === "Others") return t("others");
        if (locale === "en" || !(LANGUAGES as readonly string[]).includes(value)) return value;
        const own = LANGUAGE_NAMES[localeOfPreference(value as Exclude<(typeof LANGUAGES)[number], "Others">)];
        return own === value ? value : `${own} (${value})`;
      }
      const key = `${field}.${value}`;
      return t.has(key as never) ? t(key as never) : value;
    },
    [t, locale],
  );
}

export const invitationTone = (invitation: StudioPerson["invitation"]) =>
  !invitation
    ? "bg-slate-100 text-ink dark:bg-slate-800 dark:text-ink-dark"
    : invitation.state === "sent"
      ? "bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-100"
      : invitation.state === "failed"
        ? "bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100"
        : "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100";

/** An access end as a date input shows it (YYYY-MM-DD), and back: the end of that day, UTC. */
export const dateInputOf = (iso: string | null) => (iso ? new Date(new Date(iso).getTime() - 1).toISOString().slice(0, 10) : "");
export const expiryOf = (date: string) => (date ? new Date(new Date(`${date}T00:00:00Z`).getTime() + 24 * 60 * 60 * 1000).toISOString() : null);
