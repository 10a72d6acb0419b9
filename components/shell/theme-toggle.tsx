"use client";

import { Moon, Sun } from "lucide-react";
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
      className={`inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-md border border-slate-300 text-ink hover:bg-slate-100 dark:border-slate-600 dark:text-ink-dark dark:hover:bg-slate-800 ${className}`}
    >
      {dark ? <Sun aria-hidden className="h-5 w-5" /> : <Moon aria-hidden className="h-5 w-5" />}
    </button>
  );
}
