import { ArrowLeft } from "lucide-react";
import { useTranslations } from "next-intl";
import { AppLink } from "@/components/ui/app-link";
import { ThemeToggle } from "@/components/shell/theme-toggle";

/** The learning pages' header: the way back to the catalogue, where the learner is in the course, and the theme. */
export function LearnHeader({ courseTitle, chapterTitle, itemTitle }: { courseTitle: string; chapterTitle: string; itemTitle: string }) {
  const t = useTranslations("learn.header");
  return (
    <header className="border-b border-slate-200 bg-white dark:border-slate-700 dark:bg-surface-dark-muted">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-4 px-6 max-tablet:px-3">
        <AppLink href="/courses" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 dark:text-brand-100">
          <ArrowLeft aria-hidden className="h-4 w-4" />
          {t("courses")}
        </AppLink>
        <nav aria-label={t("breadcrumb")} className="min-w-0 flex-1 truncate text-sm text-ink-muted dark:text-ink-dark-muted">
          <span>{courseTitle}</span>
          <span aria-hidden> / </span>
          <span>{chapterTitle}</span>
          <span aria-hidden> / </span>
          <span aria-current="page" className="text-ink dark:text-ink-dark">
            {itemTitle}
          </span>
        </nav>
        <ThemeToggle />
      </div>
    </header>
  );
}
