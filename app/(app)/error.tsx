"use client";

import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { logError } from "@/lib/browser/client-log";

/** A page that failed to render: the error goes to the log, the learner gets a way to try again. */
export default function RouteError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("common");
  useEffect(() => logError("react", error), [error]);
  return (
    <main className="flex min-h-[60vh] items-center justify-center px-4">
      <div role="alert" className="max-w-md rounded-card bg-white p-6 text-center shadow ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700">
        <h1 className="text-lg font-semibold">{t("pageError.title")}</h1>
        <p className="mt-2 text-ink-muted dark:text-ink-dark-muted">{t("pageError.text")}</p>
        <button type="button" onClick={reset} className="mt-4 rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
          {t("tryAgain")}
        </button>
      </div>
    </main>
  );
}
