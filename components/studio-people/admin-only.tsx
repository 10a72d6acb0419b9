"use client";

import { useRouter } from "next/navigation";
import { useEffect, type ReactNode } from "react";
import { useProfile } from "@/hooks/use-shell-profile";
import { showToast } from "@/components/ui/toast-store";

/** The studio's administration pages (people, jobs, the audit log); anyone else goes back to the studio with a toast saying why. */
export function AdminOnly({ children, section = "People", purpose = "Managing people" }: { children: ReactNode; section?: string; purpose?: string }) {
  const { role } = useProfile();
  const router = useRouter();
  const allowed = role === "admin";
  useEffect(() => {
    if (allowed) return;
    showToast({ title: section, description: `${purpose} is for administrators.`, variant: "destructive" });
    router.replace("/studio");
  }, [allowed, router, section, purpose]);
  return allowed ? children : <div className="skeleton h-64 w-full" aria-busy="true" aria-label={`Leaving ${section}`} />;
}
