import { useTranslations } from "next-intl";
import { AppLink } from "@/components/ui/app-link";
import { BrandLogo } from "@/components/shell/brand-logo";
import { ThemeToggle } from "@/components/shell/theme-toggle";

/** Any address the app does not know, and any course, chapter or item that is not there. */
export function NotFoundPage() {
  const t = useTranslations("common.notFound");
  return (
    <main className="mx-auto flex min-h-screen max-w-6xl flex-col gap-10 px-6 py-12 max-mobile:px-4 max-mobile:py-6">
      <header className="flex items-center justify-between gap-4">
        <AppLink href="/" className="flex items-center">
          <BrandLogo />
        </AppLink>
        <ThemeToggle />
      </header>
      <section className="mx-auto max-w-md rounded-card bg-white p-8 text-center shadow ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700">
        <p className="text-sm font-semibold text-brand-700 dark:text-brand-100">404</p>
        <h1 className="mt-2 text-2xl font-bold">{t("title")}</h1>
        <p className="mt-2 text-ink-muted dark:text-ink-dark-muted">{t("text")}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <AppLink href="/courses" className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
            {t("browse")}
          </AppLink>
          <AppLink href="/" className="rounded-md border border-slate-300 px-4 py-2 font-semibold dark:border-slate-600">
            {t("home")}
          </AppLink>
        </div>
      </section>
    </main>
  );
}
