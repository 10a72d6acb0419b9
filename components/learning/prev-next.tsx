import { ArrowLeft, ArrowRight } from "lucide-react";
import { useTranslations } from "next-intl";
import { AppLink } from "@/components/ui/app-link";
import { LinkPending } from "@/components/ui/link-pending";

interface StepLink {
  title: string;
  path: string;
}

/**
 * The steps before and after this one in the course (SCORM lessons included). Like the tree's links,
 * they are not prefetched: a prefetch runs the route's address check.
 */
export function PrevNext({ prev, next }: { prev: StepLink | null; next: StepLink | null }) {
  const t = useTranslations("learn.prevNext");
  return (
    <nav aria-label={t("label")} className="mt-6 flex justify-between gap-3">
      {prev ? (
        <AppLink href={prev.path} prefetch={false} rel="prev" className="inline-flex max-w-[48%] items-center gap-2 rounded-md border border-slate-300 px-4 py-2 text-sm hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800">
          <ArrowLeft aria-hidden className="h-4 w-4 shrink-0" />
          <span className="font-medium">{prev.title}</span>
          <LinkPending />
        </AppLink>
      ) : (
        <span />
      )}
      {next ? (
        <AppLink href={next.path} prefetch={false} rel="next" className="inline-flex max-w-[48%] items-center gap-2 rounded-md bg-brand-600 px-4 py-2 text-right text-sm font-medium text-white hover:bg-brand-700">
          <LinkPending />
          <span>{next.title}</span>
          <ArrowRight aria-hidden className="h-4 w-4 shrink-0" />
        </AppLink>
      ) : (
        <span className="text-sm text-ink-muted dark:text-ink-dark-muted">{t("end")}</span>
      )}
    </nav>
  );
}
