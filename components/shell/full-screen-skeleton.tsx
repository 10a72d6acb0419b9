/** Shown while the session and profile are checked: shaped like the signed-in layout. */
"use client";

import { useTranslations } from "next-intl";

export function FullScreenSkeleton() {
  const t = useTranslations("common");
  return (
    <div aria-busy="true" aria-label={t("loadingLabel")} className="min-h-screen">
      <div className="flex h-16 items-center justify-between border-b border-slate-200 bg-white px-6 dark:border-slate-700 dark:bg-surface-dark-muted">
        <div className="skeleton h-6 w-32" />
        <div className="skeleton h-8 w-8 rounded-full" />
      </div>
      <div className="mx-auto max-w-6xl space-y-4 p-6">
        <div className="skeleton h-8 w-64" />
        <div className="grid gap-4 md:grid-cols-3">
          <div className="skeleton h-32" />
          <div className="skeleton h-32" />
          <div className="skeleton h-32" />
        </div>
        <div className="skeleton h-64" />
      </div>
    </div>
  );
}
