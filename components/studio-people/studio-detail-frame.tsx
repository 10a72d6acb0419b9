"use client";

import type { ReactNode } from "react";
import { AppLink } from "@/components/ui/app-link";
import { ErrorBlock } from "@/components/ui/error-block";
import { Skeleton } from "@/components/ui/skeleton";
import { useErrorText } from "@/components/i18n/use-error-text";
import { StudioNav } from "./studio-nav";

/** What the frame reads of a query: whether it is loading or failed, and how to ask again. */
interface DetailQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * A studio page about one item (a batch, a session, a company, a program, a person): the studio's
 * navigation and the way back to the list, then a skeleton while the item loads, what went wrong with
 * Try again, or the item itself. An answer without the item counts as an error.
 */
export function StudioDetailFrame<T>({
  back,
  query,
  item,
  skeletonClass = "h-64",
  children,
}: {
  /** The list the page belongs to and the link's words, e.g. "All batches". */
  back: { href: string; label: string };
  query: DetailQuery;
  item: T | undefined;
  /** The skeleton's height, shaped like the page's first panel. */
  skeletonClass?: string;
  children: (item: T) => ReactNode;
}) {
  const errorText = useErrorText();
  return (
    <div className="space-y-6">
      <StudioNav />
      <AppLink href={back.href} className="text-sm text-ink-muted hover:underline dark:text-ink-dark-muted">
        ← {back.label}
      </AppLink>
      {query.isPending ? (
        <Skeleton className={`${skeletonClass} rounded-card`} />
      ) : query.isError || item === undefined ? (
        <ErrorBlock message={errorText(query.error)} onRetry={() => query.refetch()} />
      ) : (
        children(item)
      )}
    </div>
  );
}

/** The item's name as the page's heading, with a badge beside it where it has one, and the lines under it. */
export function StudioDetailTitle({ title, badge, children }: { title: string; badge?: ReactNode; children?: ReactNode }) {
  const heading = <h1 className="text-2xl font-bold break-words">{title}</h1>;
  return (
    <div className={badge ? "min-w-0 space-y-1" : "min-w-0"}>
      {badge ? (
        <div className="flex flex-wrap items-center gap-2">
          {heading}
          {badge}
        </div>
      ) : (
        heading
      )}
      {children}
    </div>
  );
}
