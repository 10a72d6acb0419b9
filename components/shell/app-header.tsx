"use client";

import { Menu, X } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { AppLink } from "@/components/ui/app-link";
import { usePagePath } from "@/hooks/use-address";
import { useEffect, useState } from "react";
import { BrandLogo } from "@/components/shell/brand-logo";
import { ThemeToggle } from "@/components/shell/theme-toggle";
import { useProfile } from "@/hooks/use-shell-profile";
import { GRADER_LINKS, isActiveLink, isStudioRole, LONG_NAV_LOCALES, NAV_LINKS, STUDIO_LINKS } from "./nav-links";
import { UserMenu } from "./user-menu";

const linkClass = (active: boolean) =>
  `whitespace-nowrap rounded-md px-1.5 py-1.5 hover:text-brand-700 dark:hover:text-brand-100 ${
    active ? "font-semibold text-brand-700 dark:text-brand-100" : "text-ink-muted dark:text-ink-dark-muted"
  }`;

/** The signed-in pages' header: the brand, the main navigation (a menu below 1280px, where seven to nine links no longer fit), the theme toggle and the user menu. */
export function AppHeader() {
  const t = useTranslations("shell.nav");
  // Where the links' names are long (Tamil's nine need about 1,400 px), the menu stays until 1536 px
  // and the header widens to hold them in one row there.
  const long = LONG_NAV_LOCALES.has(useLocale());
  const pathname = usePagePath();
  const { role } = useProfile();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    // Following a link closes the menu.
    setMenuPath(pathname);
    setMenuOpen(false);
  }
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setMenuOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  const links = (vertical: boolean) =>
    [...NAV_LINKS, ...(role === "grader" || role === "admin" ? GRADER_LINKS : []), ...(isStudioRole(role) ? STUDIO_LINKS : [])].map(({ href, label }) => {
      const active = isActiveLink(pathname, href);
      return (
        <AppLink key={href} href={href} aria-current={active ? "page" : undefined} className={`${linkClass(active)} ${vertical ? "block px-3 py-2" : ""}`}>
          {t(label)}
        </AppLink>
      );
    });

  return (
    <header className="border-b border-slate-200 bg-white dark:border-slate-700 dark:bg-surface-dark-muted">
      <div className={`mx-auto flex h-16 items-center justify-between gap-3 px-6 max-mobile:px-4 ${long ? "max-w-[96rem]" : "max-w-7xl"}`}>
        <div className="flex min-w-0 items-center gap-3">
          <button
            type="button"
            onClick={() => setMenuOpen((v) => !v)}
            aria-expanded={menuOpen}
            aria-controls="main-menu"
            aria-label={t("menu")}
            className={`inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-md border border-slate-300 dark:border-slate-600 ${long ? "2xl:hidden" : "xl:hidden"}`}
          >
            {menuOpen ? <X aria-hidden className="h-5 w-5" /> : <Menu aria-hidden className="h-5 w-5" />}
          </button>
          <AppLink href="/dashboard" className="flex min-w-0 shrink items-center">
            <BrandLogo />
          </AppLink>
          <nav aria-label={t("label")} className={`ml-3 flex items-center gap-1 text-sm font-medium ${long ? "max-2xl:hidden" : "max-xl:hidden"}`}>
            {links(false)}
          </nav>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <ThemeToggle />
          <UserMenu />
        </div>
      </div>
      {menuOpen && (
        <nav id="main-menu" aria-label={t("label")} className={`border-t border-slate-200 px-3 py-2 text-sm font-medium dark:border-slate-700 ${long ? "2xl:hidden" : "xl:hidden"}`}>
          {links(true)}
        </nav>
      )}
    </header>
  );
}
