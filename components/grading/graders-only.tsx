"use client";

import { useTranslations } from "next-intl";
import { AppLink } from "@/components/ui/app-link";
import type { ReactNode } from "react";
import { useProfile } from "@/hooks/use-shell-profile";

/** The grading pages are for graders and administrators; anyone else is told so, plainly. */
export function GradersOnly({ children }: { children: ReactNode }) {
  const t = useTranslations("grading.gradersOnly");
  const profile = useProfile();
  if (profile.role === "grader" || profile.role === "admin") return children;
  return (
    <section aria-labelledby="graders-only" className="mx-auto max-w-xl rounded-card bg-white p-6 ring-1 ring-slate-200 max-mobile:p-4 dark:bg-surface-dark-muted dark:ring-slate-700">
      <h1 id="graders-only" className="text-xl font-bold">
        {t("title")}
      </h1>
      <p className="mt-2 text-ink-muted dark:text-ink-dark-muted">{t("text")}</p>
      <AppLink href="/dashboard" className="mt-4 inline-block rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
        {t("dashboard")}
      </AppLink>
    </section>
  );
}
