import type { ReactNode } from "react";

export { ProgressBar } from "@/components/ui/progress-bar";

export const cardClass = "rounded-card bg-white p-4 ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700";

/** A titled part of the dashboard; the figures link to it by its id (it takes focus when they do). Drawn when it nears the screen (render-near-view). */
export function Section({ id, title, action, children, className = "" }: { id: string; title: string; action?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section id={id} tabIndex={-1} aria-labelledby={`${id}-heading`} className={`render-near-view scroll-mt-6 focus:outline-none ${className}`}>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

