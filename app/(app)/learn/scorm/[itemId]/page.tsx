import type { Metadata } from "next";
import { ArrowLeft } from "lucide-react";
import { redirect } from "next/navigation";
import { AppLink } from "@/components/ui/app-link";
import { ScormPlayer } from "@/components/scorm/scorm-player";
import { ThemeToggle } from "@/components/shell/theme-toggle";
import { loginRedirectPath } from "@/lib/routes";
import { serverCalls } from "@/lib/server/page-calls";

export const metadata: Metadata = { title: "SCORM lesson" };

/** A SCORM item of a course, played in a sandboxed frame (docs/scorm-xapi.md, "Runtime"). */
export default async function ScormItemPage({ params }: { params: Promise<{ itemId: string }> }) {
  const { itemId } = await params;
  const { token } = await serverCalls();
  if (!token) redirect(loginRedirectPath(`/learn/scorm/${encodeURIComponent(itemId)}`));
  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-200 bg-white dark:border-slate-700 dark:bg-surface-dark-muted">
        <div className="mx-auto flex h-14 max-w-7xl items-center gap-4 px-6 max-tablet:px-3">
          <AppLink href="/courses" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 dark:text-brand-100">
            <ArrowLeft aria-hidden className="h-4 w-4" />
            Courses
          </AppLink>
          <span className="flex-1" />
          <ThemeToggle />
        </div>
      </header>
      <main>
        <ScormPlayer itemId={itemId} />
      </main>
    </div>
  );
}
