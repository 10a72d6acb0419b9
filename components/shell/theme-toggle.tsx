"use client";

import { useDarkMode } from "@/hooks/use-shell-dark-mode";

/** Switches between light and dark; the choice is kept in local storage (darkModeKey). */
export function ThemeToggle({ className = "" }: { className?: string }) {
  const { dark, toggle } = useDarkMode();
  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={dark}
      aria-label="Dark mode"
      title={dark ? "Switch to light mode" : "Switch to dark mode"}
      className={`inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-md border border-slate-300 text-base hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800 ${className}`}
    >
      <span aria-hidden>{dark ? "☀" : "☾"}</span>
    </button>
  );
}
