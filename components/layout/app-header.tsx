"use client";

import Link from "next/link";
import { useProfile } from "@/hooks/use-profile";
import { useLogout } from "@/hooks/use-logout";

export function AppHeader() {
  const profile = useProfile();
  const logout = useLogout();
  return (
    <header className="border-b border-slate-200 bg-white dark:border-slate-700 dark:bg-surface-dark-muted">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-6 max-mobile:px-4">
        <div className="flex items-center gap-6">
          <Link href="/dashboard" className="text-lg font-bold tracking-tight text-brand-700 dark:text-brand-100">
            SkillGrow
          </Link>
          <nav aria-label="Main" className="flex gap-4 text-sm font-medium">
            <Link href="/dashboard" className="hover:text-brand-700">
              Dashboard
            </Link>
            <Link href="/courses" className="hover:text-brand-700">
              Courses
            </Link>
          </nav>
        </div>
        <div className="flex items-center gap-3">
          <span className="text-sm text-ink-muted max-mobile:hidden dark:text-ink-dark-muted">{profile.name}</span>
          <button
            type="button"
            onClick={() => logout()}
            className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800"
          >
            Log out
          </button>
        </div>
      </div>
    </header>
  );
}
