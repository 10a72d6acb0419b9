"use client";

import Link from "next/link";
import { useProfile } from "@/hooks/use-shell-profile";

export function SignedInSummary() {
  const profile = useProfile();
  return (
    <section>
      <h1 className="text-2xl font-bold">Welcome, {profile.name}</h1>
      <p className="mt-1 text-ink-muted dark:text-ink-dark-muted">
        Signed in as <span data-testid="signed-in-email">{profile.email}</span>
      </p>
      <dl className="mt-6 grid max-w-xl grid-cols-2 gap-4 max-mobile:grid-cols-1">
        <div className="rounded-card bg-white p-4 ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700">
          <dt className="text-sm text-ink-muted dark:text-ink-dark-muted">Plan</dt>
          <dd className="font-semibold">{profile.plan}</dd>
        </div>
        <div className="rounded-card bg-white p-4 ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700">
          <dt className="text-sm text-ink-muted dark:text-ink-dark-muted">Account</dt>
          <dd className="font-semibold">{profile.userKind}</dd>
        </div>
      </dl>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link href="/learn/resume" className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
          Resume where you left off
        </Link>
        <Link href="/courses" className="rounded-md border border-slate-300 px-4 py-2 font-semibold dark:border-slate-600">
          Browse courses
        </Link>
      </div>
    </section>
  );
}
