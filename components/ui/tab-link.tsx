import type { ReactNode } from "react";
import { AppLink } from "./app-link";

/** One link of a row of tabs (the studio's sections, a course's pages): filled when it is the page shown. */
export function TabLink({ href, active, children }: { href: string; active: boolean; children: ReactNode }) {
  return (
    <AppLink
      href={href}
      aria-current={active ? "page" : undefined}
      className={`rounded-md px-3 py-1.5 text-sm font-semibold ${active ? "bg-brand-600 text-white" : "text-ink hover:bg-slate-100 dark:text-ink-dark dark:hover:bg-slate-800"}`}
    >
      {children}
    </AppLink>
  );
}
