"use client";

import { useTranslations } from "next-intl";
import { TabLink } from "@/components/ui/tab-link";
import { usePathname } from "next/navigation";
import { useProfile } from "@/hooks/use-shell-profile";
import { isActiveLink } from "@/components/shell/nav-links";

/** The studio's sections: courses for authors and administrators; people, programs, batches, companies, group sessions, enrollment, reports, grading, jobs, xAPI statements and the audit log for administrators only. */
export function StudioNav() {
  const t = useTranslations("studio.nav");
  const { role } = useProfile();
  const pathname = usePathname() ?? "";
  if (role !== "admin") return null;
  const links = [
    { href: "/studio", label: t("courses"), active: pathname === "/studio" || pathname.startsWith("/studio/courses") },
    { href: "/studio/people", label: t("people"), active: isActiveLink(pathname, "/studio/people") },
    { href: "/studio/programs", label: t("programs"), active: isActiveLink(pathname, "/studio/programs") },
    { href: "/studio/batches", label: t("batches"), active: isActiveLink(pathname, "/studio/batches") },
    { href: "/studio/companies", label: t("companies"), active: isActiveLink(pathname, "/studio/companies") },
    { href: "/studio/sessions", label: t("sessions"), active: isActiveLink(pathname, "/studio/sessions") },
    { href: "/studio/enrollment", label: t("enrollment"), active: isActiveLink(pathname, "/studio/enrollment") },
    { href: "/studio/reports", label: t("reports"), active: isActiveLink(pathname, "/studio/reports") },
    { href: "/studio/grading", label: t("grading"), active: isActiveLink(pathname, "/studio/grading") },
    { href: "/studio/jobs", label: t("jobs"), active: isActiveLink(pathname, "/studio/jobs") },
    { href: "/studio/xapi", label: t("xapi"), active: isActiveLink(pathname, "/studio/xapi") },
    { href: "/studio/audit", label: t("audit"), active: isActiveLink(pathname, "/studio/audit") },
  ];
  return (
    <nav aria-label={t("label")} className="mb-6 flex flex-wrap gap-2 border-b border-slate-200 pb-2 dark:border-slate-700">
      {links.map(({ href, label, active }) => (
        <TabLink key={href} href={href} active={active}>
          {label}
        </TabLink>
      ))}
    </nav>
  );
}
