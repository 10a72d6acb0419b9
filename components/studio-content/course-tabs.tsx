"use client";

import { useTranslations } from "next-intl";
import { AppLink } from "@/components/ui/app-link";
import { usePathname } from "next/navigation";
import { TabLink } from "@/components/ui/tab-link";

/** The pages of one course in the studio, in the order an author works: outline, settings, preview, publish (each label a key of `studioContent.tabs`). */
export const courseTabs = (courseId: string) =>
  [
    { href: `/studio/courses/${courseId}/outline`, label: "outline" },
    { href: `/studio/courses/${courseId}/settings`, label: "settings" },
    { href: `/studio/courses/${courseId}/preview`, label: "preview" },
    { href: `/studio/courses/${courseId}/publish`, label: "publish" },
  ] as const;

export function CourseTabs({ courseId }: { courseId: string }) {
  const t = useTranslations("studioContent.tabs");
  const pathname = usePathname() ?? "";
  return (
    <nav aria-label={t("nav")} className="mb-6 flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-slate-200 pb-2 dark:border-slate-700">
      <AppLink href="/studio" className="text-sm text-ink-muted hover:underline dark:text-ink-dark-muted">
        {t("allCourses")}
      </AppLink>
      <span aria-hidden className="text-slate-300 dark:text-slate-600">
        /
      </span>
      {courseTabs(courseId).map(({ href, label }) => {
        const active = pathname === href || (href.endsWith("/outline") && (pathname ?? "").startsWith(`/studio/courses/${courseId}/items/`));
        return (
          <TabLink key={href} href={href} active={active}>
            {t(label)}
          </TabLink>
        );
      })}
    </nav>
  );
}
