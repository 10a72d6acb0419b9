"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { ErrorBlock } from "@/components/ui/error-block";
import { Skeleton } from "@/components/ui/skeleton";
import { useErrorText } from "@/components/i18n/use-error-text";
import { secondaryClass } from "./studio-classes";

/** A studio list page's heading: its name, what it holds, and its actions (New …, Import CSV …) on the right. */
export function StudioListHeader({ title, description, readableWidth = false, children }: { title: string; description: ReactNode; readableWidth?: boolean; children?: ReactNode }) {
  const heading = (
    <div>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className={`mt-1 ${readableWidth ? "max-w-3xl " : ""}text-ink-muted dark:text-ink-dark-muted`}>{description}</p>
    </div>
  );
  if (!children) return heading;
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      {heading}
      {children}
    </div>
  );
}

/** What the list reads of its first page's query. */
interface ListQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * A studio list's body: skeleton rows while the first page loads, what went wrong with Try again,
 * the empty state when nothing matches, or the list.
 */
export function StudioListBody({
  query,
  loadingLabel,
  rows = 3,
  rowClass = "h-16",
  isEmpty,
  empty,
  children,
}: {
  query: ListQuery;
  /** Names the skeleton for assistive technology, e.g. "Loading batches". */
  loadingLabel: string;
  rows?: number;
  /** A skeleton row's height, shaped like the list's rows. */
  rowClass?: string;
  isEmpty: () => boolean;
  empty: ReactNode;
  children: () => ReactNode;
}) {
  const errorText = useErrorText();
  if (query.isPending) {
    return (
      <div aria-busy="true" aria-label={loadingLabel} role="status" className="space-y-2">
        {Array.from({ length: rows }, (_, i) => (
          <Skeleton key={i} className={`${rowClass} rounded-card`} />
        ))}
      </div>
    );
  }
  if (query.isError) return <ErrorBlock message={errorText(query.error)} onRetry={() => query.refetch()} />;
  return isEmpty() ? empty : children();
}

/** Under a paged list: "Load more" while there is more, and a skeleton row while the next page loads. */
export function LoadMore({ hasMore, onMore, loadingMore = false, rowClass = "h-16" }: { hasMore: boolean; onMore: () => void; loadingMore?: boolean; rowClass?: string }) {
  const t = useTranslations("studio.list");
  return (
    <>
      {hasMore && (
        <button type="button" className={secondaryClass} onClick={onMore}>
          {t("loadMore")}
        </button>
      )}
      {loadingMore && <Skeleton className={`${rowClass} rounded-card`} />}
    </>
  );
}
