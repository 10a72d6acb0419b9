"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useUpdateNotice } from "@/hooks/use-shell-update-notice";

export function UpdateBanner({ buildId }: { buildId?: string }) {
  const t = useTranslations("common.update");
  const stale = useUpdateNotice(buildId);
  const [dismissed, setDismissed] = useState(false);
  if (!stale || dismissed) return null;
  return (
    <div
      role="alert"
      className="fixed inset-x-0 top-0 z-[1200] border-b border-amber-300 bg-amber-50 text-amber-950 shadow-md dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
    >
      <div className="mx-auto flex max-w-6xl items-center gap-4 px-6 py-3 max-mobile:flex-col max-mobile:items-stretch max-mobile:gap-2 max-mobile:px-4">
        <p className="flex-1 text-sm">
          {t.rich("notice", { strong: (title) => <strong>{title}</strong> })}
        </p>
        <div className="flex gap-2">
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="rounded-md bg-amber-800 px-3 py-1.5 text-sm font-semibold text-white hover:bg-amber-900 max-mobile:flex-1"
          >
            {t("refresh")}
          </button>
          <button
            type="button"
            onClick={() => setDismissed(true)}
            className="rounded-md border border-amber-700 px-3 py-1.5 text-sm font-medium hover:bg-amber-100 max-mobile:flex-1 dark:hover:bg-amber-900"
          >
            {t("dismiss")}
          </button>
        </div>
      </div>
    </div>
  );
}
