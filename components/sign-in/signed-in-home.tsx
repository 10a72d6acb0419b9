"use client";

import { ArrowRight, Play } from "lucide-react";
import { useTranslations } from "next-intl";
import { AppLink } from "@/components/ui/app-link";
import { useState, type ReactNode } from "react";

/** The home page of a visitor who is signed in: where to go next, instead of the sign-in form (still there for another account). */
export function SignedInHome({ name, email, signInForm }: { name: string; email: string; signInForm: ReactNode }) {
  const t = useTranslations("signIn.home");
  const [otherAccount, setOtherAccount] = useState(false);
  if (otherAccount) return signInForm;
  return (
    <div className="w-full max-w-md rounded-card bg-white p-6 shadow-xl ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700 max-mobile:p-4">
      <h2 className="text-xl font-semibold">{t("welcome", { name })}</h2>
      <p className="mt-1 text-sm text-ink-muted dark:text-ink-dark-muted">
        {t.rich("signedInAs", { email, strong: (chunks) => <span className="font-medium text-ink dark:text-ink-dark">{chunks}</span> })}
      </p>
      <div className="mt-6 flex flex-col gap-3">
        <AppLink
          href="/dashboard"
          className="inline-flex items-center justify-center gap-2 rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700"
        >
          {t("dashboard")}
          <ArrowRight aria-hidden className="h-4 w-4" />
        </AppLink>
        {/* Not prefetched: resuming looks up the item watched last when it is followed. */}
        <AppLink
          href="/learn/resume"
          prefetch={false}
          className="inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 px-4 py-2.5 font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
        >
          <Play aria-hidden className="h-4 w-4" />
          {t("continue")}
        </AppLink>
      </div>
      <button
        type="button"
        onClick={() => setOtherAccount(true)}
        className="mt-4 text-sm font-medium text-brand-700 underline hover:text-brand-900 dark:text-brand-100 dark:hover:text-white"
      >
        {t("another")}
      </button>
    </div>
  );
}
