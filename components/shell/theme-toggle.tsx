"use client";

import { Moon, Sun } from "lucide-react";
import { useTranslations } from "next-intl";
import { setDarkMode } from "@/lib/browser/theme";

const tooltip =
  "pointer-events-none absolute right-0 top-full z-50 mt-1 whitespace-nowrap rounded bg-slate-900 px-2 py-1 text-xs font-medium text-white opacity-0 shadow transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100 dark:bg-slate-100 dark:text-slate-900";

/**
 * Switches between light and dark; the choice is kept in local storage (darkModeKey). The theme is
 * on <html> before the first paint (the inline script in <head>), before this button's script has
 * run, so the button carries both of its faces and the `dark` class shows the right one: its icon,
 * its tooltip and its accessible name are right from the first paint.
 */
export function ThemeToggle({ className = "" }: { className?: string }) {
  const t = useTranslations("common.theme");
  return (
    <button
      type="button"
      onClick={() => setDarkMode(!document.documentElement.classList.contains("dark"))}
      className={`group relative inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-md border border-slate-300 text-ink hover:bg-slate-100 dark:border-slate-600 dark:text-ink-dark dark:hover:bg-slate-800 ${className}`}
    >
      <span className="flex dark:hidden">
        <Moon aria-hidden className="h-5 w-5" />
        <span className={tooltip}>{t("toDark")}</span>
      </span>
      <span className="hidden dark:flex">
        <Sun aria-hidden className="h-5 w-5" />
        <span className={tooltip}>{t("toLight")}</span>
      </span>
    </button>
  );
}
