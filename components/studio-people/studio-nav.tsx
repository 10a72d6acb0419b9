"use client";

import { TabLink } from "@/components/ui/tab-link";
import { usePathname } from "next/navigation";
import { useProfile } from "@/hooks/use-shell-profile";
import { isActiveLink } from "@/components/shell/nav-links";

/** The studio's sections: courses for authors and administrators; people, programs, batches, companies, group sessions, enrollment, reports, grading, jobs, xAPI statements and the audit log for administrators only. */
export function StudioNav() {
  const { role } = useProfile();
  const pathname = usePathname() ?? "";
  if (role !== "admin") return null;
  const links = [
    { href: "/studio", label: "Courses", active: pathname === "/studio" || pathname.startsWith("/studio/courses") },
    { href: "/studio/people", label: "People", active: isActiveLink(pathname, "/studio/people") },
    { href: "/studio/programs", label: "Programs", active: isActiveLink(pathname, "/studio/programs") },
    { href: "/studio/batches", label: "Batches", active: isActiveLink(pathname, "/studio/batches") },
    { href: "/studio/companies", label: "Companies", active: isActiveLink(pathname, "/studio/companies") },
    { href: "/studio/sessions", label: "Sessions", active: isActiveLink(pathname, "/studio/sessions") },
    { href: "/studio/enrollment", label: "Enrollment", active: isActiveLink(pathname, "/studio/enrollment") },
    { href: "/studio/reports", label: "Reports", active: isActiveLink(pathname, "/studio/reports") },
    { href: "/studio/grading", label: "Grading", active: isActiveLink(pathname, "/studio/grading") },
    { href: "/studio/jobs", label: "Jobs", active: isActiveLink(pathname, "/studio/jobs") },
    { href: "/studio/xapi", label: "xAPI", active: isActiveLink(pathname, "/studio/xapi") },
    { href: "/studio/audit", label: "Audit log", active: isActiveLink(pathname, "/studio/audit") },
  ];
  return (
    <nav aria-label="Studio" className="mb-6 flex flex-wrap gap-2 border-b border-slate-200 pb-2 dark:border-slate-700">
      {links.map(({ href, label, active }) => (
        <TabLink key={href} href={href} active={active}>
          {label}
        </TabLink>
      ))}
    </nav>
  );
}
