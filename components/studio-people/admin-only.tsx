"use client";

import { useRouter } from "next/navigation";
import { useEffect, type ReactNode } from "react";
import { useProfile } from "@/hooks/use-shell-profile";
import { showToast } from "@/components/ui/toast-store";

/** The people and report pages are for administrators; anyone else goes back to the studio with a toast saying why. */
export function AdminOnly({
  children,
  title = "People",
  description = "Managing people is for administrators.",
}: {
  children: ReactNode;
  title?: string;
  description?: string;
}) {
  const { role } = useProfile();
  const router = useRouter();
  const allowed = role === "admin";
  useEffect(() => {
    if (allowed) return;
    showToast({ title, description, variant: "destructive" });
    router.replace("/studio");
  }, [allowed, router, title, description]);
  return allowed ? children : <div className="skeleton h-64 w-full" aria-busy="true" aria-label={`Leaving the ${title.toLowerCase()} pages`} />;
}
