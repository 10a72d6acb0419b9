"use client";

import { useTranslations } from "next-intl";
import { AppLink } from "@/components/ui/app-link";
import { LanguageSwitch } from "@/components/i18n/language-switch";
import { useErrorText } from "@/components/i18n/use-error-text";
import { useEffect, useId, useRef, useState } from "react";
import { useLogout } from "@/hooks/use-sign-in-logout";
import { useProfile } from "@/hooks/use-shell-profile";
import { exportMyData } from "@/lib/api/shell";
import { showToast } from "@/components/ui/toast-store";
import { FullScreenLoader } from "./full-screen-loader";

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join("") || "?";

/** The signed-in user's menu: who is signed in, their language, their e-mail settings, a download of their data, and Log out. */
export function UserMenu() {
  const t = useTranslations("shell.account");
  const errorText = useErrorText();
  const profile = useProfile();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [exporting, setExporting] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    const onPointer = (e: PointerEvent) => !root.current?.contains(e.target as Node) && setOpen(false);
    window.addEventListener("keydown", onKey);
    window.addEventListener("pointerdown", onPointer);
    return () => {
      window.removeEventListener("keydown", onKey);
      window.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t("menuFor", { name: profile.name })}
        onClick={() => setOpen((v) => !v)}
        className="flex h-9 items-center gap-2 rounded-full border border-slate-300 py-0.5 pr-3 pl-0.5 text-sm font-medium hover:bg-slate-50 max-mobile:pr-0.5 dark:border-slate-600 dark:hover:bg-slate-800"
      >
        <span aria-hidden className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-600 text-xs font-bold text-white">
          {initials(profile.name)}
        </span>
        <span className="max-w-32 truncate max-mobile:hidden">{profile.name}</span>
      </button>
      {open && (
        <div
          id={panelId}
          className="absolute right-0 z-50 mt-2 w-64 max-w-[calc(100vw-2rem)] rounded-card bg-white p-3 shadow-lg ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700"
        >
          <p className="truncate font-semibold">{profile.name}</p>
          <p className="truncate text-sm text-ink-muted dark:text-ink-dark-muted">{profile.email}</p>
          <div className="mt-3">
            <LanguageSwitch signedIn />
          </div>
          <AppLink
            href="/notifications"
            onClick={() => setOpen(false)}
            className="-mx-3 mt-3 block px-3 py-1.5 text-sm font-medium hover:bg-slate-100 dark:hover:bg-slate-800"
          >
            {t("notifications")}
          </AppLink>
          <button
            type="button"
            disabled={exporting}
            onClick={() => {
              setExporting(true);
              exportMyData()
                .catch((error) => showToast({ title: t("download"), description: errorText(error), variant: "destructive" }))
                .finally(() => setExporting(false));
            }}
            className="-mx-3 block w-[calc(100%+1.5rem)] px-3 py-1.5 text-left text-sm font-medium hover:bg-slate-100 disabled:opacity-60 dark:hover:bg-slate-800"
          >
            {exporting ? t("preparing") : t("download")}
          </button>
          <button
            type="button"
            onClick={() => {
              setLeaving(true);
              void logout();
            }}
            className="mt-3 w-full rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800"
          >
            {t("logOut")}
          </button>
        </div>
      )}
      {leaving && <FullScreenLoader />}
    </div>
  );
}
