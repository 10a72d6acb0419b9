import type { ReactNode } from "react";

export { ProgressBar } from "@/components/ui/progress-bar";

export const cardClass = "rounded-card bg-white p-4 ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700";

/**
 * A titled part of the dashboard; the figures link to it by its id (it takes focus when they do).
 * `belowFirstScreen`, for a part that starts below the first screen at every width, leaves it undrawn
 * until it nears the screen (render-near-view). Not for the others: Chromium paints a page's first
 * frame with such a part at its placeholder height, even on screen, so what follows it would move.
 */
export function Section({
  id,
  title,
  action,
  children,
  className = "",
  belowFirstScreen = false,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
  belowFirstScreen?: boolean;
}) {
  return (
    <section id={id} tabIndex={-1} aria-labelledby={`${id}-heading`} className={`${belowFirstScreen ? "render-near-view " : ""}scroll-mt-6 focus:outline-none ${className}`}>
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

