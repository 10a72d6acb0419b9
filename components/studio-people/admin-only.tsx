"use client";

import { useRouter } from "next/navigation";
import { useEffect, type ReactNode } from "react";
import { useProfile } from "@/hooks/use-shell-profile";
import { showToast } from "@/components/ui/toast-store";

/** The people pages are for administrators; anyone else goes back to the studio with a toast saying why. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { role } = useProfile();
  const router = useRouter();
  const allowed = role === "admin";
  useEffect(() => {
    if (allowed) return;
    showToast({ title: "People", description: "Managing people is for administrators.", variant: "destructive" });
    router.replace("/studio");
  }, [allowed, router]);
  return allowed ? children : <div className="skeleton h-64 w-full" aria-busy="true" aria-label="Leaving the people pages" />;
}
