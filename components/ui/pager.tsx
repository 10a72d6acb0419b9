import { useTranslations } from "next-intl";

/**
 * Previous / Next between the pages of a list, with the page the server answered; nothing when there is
 * one page. `page` is the page asked for (in the address), from which Previous and Next step.
 */
export function Pager({ page, shownPage, totalPages, onPage }: { page: number; shownPage: number; totalPages: number; onPage: (page: number) => void }) {
  const t = useTranslations("common.pager");
  if (totalPages <= 1) return null;
  const button = "rounded-md border border-slate-300 px-3 py-1.5 disabled:opacity-50 dark:border-slate-600";
  return (
    <nav aria-label={t("label")} className="mt-6 flex items-center justify-center gap-3 text-sm">
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)} className={button}>
        {t("previous")}
      </button>
      <span>{t("pageOf", { page: shownPage, total: totalPages })}</span>
      <button type="button" disabled={page >= totalPages} onClick={() => onPage(page + 1)} className={button}>
        {t("next")}
      </button>
    </nav>
  );
}
