"use client";

import { useLocale, useTranslations } from "next-intl";
import { AppLink } from "@/components/ui/app-link";
import { useRouter } from "next/navigation";
import { startTransition, useEffect } from "react";
import { logError } from "@/lib/browser/client-log";

/** The lesson could not be shown: the error goes to the log, the learner can try again or go back to the courses. */
export default function LearningError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("learn.error");
  const locale = useLocale();
  const router = useRouter();
  useEffect(() => logError("react", error, { boundary: "learning" }), [error]);
  // The page is rendered on the server: ask it again, then show the new render.
  const retry = () =>
    startTransition(() => {
      router.refresh();
      reset();
    });
  return (
    <main lang={locale} className="flex min-h-[60vh] items-center justify-center px-4">
      <div role="alert" className="max-w-md rounded-card bg-white p-6 text-center shadow ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700">
        <h1 className="text-lg font-semibold">{t("title")}</h1>
        <p className="mt-2 text-ink-muted dark:text-ink-dark-muted">{t("text")}</p>
        <div className="mt-4 flex flex-wrap justify-center gap-3">
          <button type="button" onClick={retry} className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
            {t("retry")}
          </button>
          <AppLink href="/courses" className="rounded-md border border-slate-300 px-4 py-2 font-semibold dark:border-slate-600">
            {t("courses")}
          </AppLink>
        </div>
      </div>
    </main>
  );
}
