"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, type ReactNode } from "react";
import { useProfile } from "@/hooks/use-shell-profile";
import { isStudioRole } from "@/components/shell/nav-links";
import { showToast } from "@/components/ui/toast-store";

/**
 * The studio's pages are for authors and administrators (the contract's `author` access). Anyone
 * else is sent to their dashboard with a toast saying why; nothing of the studio is drawn for them.
 */
export function StudioOnly({ children }: { children: ReactNode }) {
  const t = useTranslations("studio.only");
  const { role } = useProfile();
  const router = useRouter();
  const allowed = isStudioRole(role);
  useEffect(() => {
    if (allowed) return;
    showToast({ title: t("title"), description: t("refused"), variant: "destructive" });
    router.replace("/dashboard");
  }, [allowed, router, t]);
  return allowed ? children : <div className="skeleton h-64 w-full" aria-busy="true" aria-label={t("leaving")} />;
}
