import { Skeleton } from "@/components/ui/skeleton";

/** The learning page while it loads: its header, the course tree beside the player, the title below. */
export default function LearningLoading() {
  return (
    <div aria-busy="true" aria-label="Loading the lesson" role="status" className="min-h-screen">
      <div className="border-b border-slate-200 bg-white dark:border-slate-700 dark:bg-surface-dark-muted">
        <div className="mx-auto flex h-14 max-w-7xl items-center gap-4 px-6 max-tablet:px-3">
          <Skeleton className="h-5 w-20" />
          <Skeleton className="h-4 w-72 max-w-[50%]" />
        </div>
      </div>
      <div className="mx-auto flex w-full max-w-7xl gap-6 px-6 py-6 max-tablet:flex-col max-tablet:px-3 max-tablet:py-3">
        <div className="w-80 shrink-0 space-y-3 rounded-card bg-white p-3 ring-1 ring-slate-200 max-tablet:hidden dark:bg-surface-dark-muted dark:ring-slate-700">
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-2 w-full" />
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-8 w-full" />
          ))}
        </div>
        <div className="min-w-0 flex-1">
          <Skeleton className="aspect-video w-full rounded-card" />
          <Skeleton className="mt-4 h-4 w-40" />
          <Skeleton className="mt-2 h-8 w-96 max-w-full" />
        </div>
      </div>
    </div>
  );
}
