"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, type ReactNode } from "react";
import { useProfile } from "@/hooks/use-shell-profile";
import { showToast } from "@/components/ui/toast-store";

/**
 * The studio's administration pages (people, jobs, the audit log); anyone else goes back to the studio
 * with a toast saying why. `section` and `purpose` are the caller's words in the page's language
 * ("Jobs", "The job queue"); without them the page is the people pages.
 */
export function AdminOnly({ children, section, purpose }: { children: ReactNode; section?: string; purpose?: string }) {
  const t = useTranslations("studio.adminOnly");
  const { role } = useProfile();
  const router = useRouter();
  const allowed = role === "admin";
  const name = section ?? t("peopleSection");
  const what = purpose ?? t("peoplePurpose");
  useEffect(() => {
    if (allowed) return;
    showToast({ title: name, description: t("refused", { purpose: what }), variant: "destructive" });
    router.replace("/studio");
  }, [allowed, router, name, what, t]);
  return allowed ? children : <div className="skeleton h-64 w-full" aria-busy="true" aria-label={t("leaving", { section: name })} />;
}
