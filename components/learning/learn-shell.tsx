"use client";

import { Menu, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState, type ReactNode } from "react";
import { usePagePath } from "@/hooks/use-address";

/** The learning page's frame: the course tree beside the page's main content, or in a drawer below 767px. */
/** `embedded`: drawn inside another page's main content (the studio's preview), so not a main landmark of its own. */
export function LearnShell({ tree, children, embedded = false }: { tree: ReactNode; children: ReactNode; embedded?: boolean }) {
  const t = useTranslations("learn.shell");
  const [open, setOpen] = useState(false);
  const pathname = usePagePath();
  const [lastPath, setLastPath] = useState(pathname);
  if (pathname !== lastPath) {
    // Close the drawer when the learner follows a link in it.
    setLastPath(pathname);
    setOpen(false);
  }
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <div className="mx-auto flex w-full max-w-7xl gap-6 px-6 py-6 max-tablet:flex-col max-tablet:px-3 max-tablet:py-3">
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-expanded={open}
        aria-controls="course-tree-panel"
        className="hidden items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium max-tablet:inline-flex dark:border-slate-600 dark:bg-surface-dark-muted"
      >
        <Menu aria-hidden className="h-4 w-4" />
        {t("open")}
      </button>
      {open && <div className="fixed inset-0 z-40 hidden bg-black/40 max-tablet:block" onClick={() => setOpen(false)} aria-hidden />}
      <aside
        id="course-tree-panel"
        className={`w-80 shrink-0 self-start rounded-card bg-white p-3 ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700 max-tablet:fixed max-tablet:inset-y-0 max-tablet:left-0 max-tablet:z-50 max-tablet:w-[85vw] max-tablet:max-w-sm max-tablet:overflow-y-auto max-tablet:rounded-none ${
          open ? "" : "max-tablet:hidden"
        }`}
      >
        <div className="mb-2 hidden justify-end max-tablet:flex">
          <button type="button" onClick={() => setOpen(false)} className="rounded p-1.5" aria-label={t("close")}>
            <X aria-hidden className="h-5 w-5" />
          </button>
        </div>
        {tree}
      </aside>
      {embedded ? <div className="min-w-0 flex-1">{children}</div> : <main className="min-w-0 flex-1">{children}</main>}
    </div>
  );
}
