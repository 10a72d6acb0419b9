"use client";

import { useTranslations } from "next-intl";
import { useReaderDateTime } from "@/hooks/use-reader-time";
import type { StaleRevisionDetails } from "@/lib/api/studio-content";
import { errorCode, errorDetails } from "@/lib/api/errors";

/** The stale_revision details of a failed save, or null when the error is something else. */
export function staleRevisionOf(error: unknown): StaleRevisionDetails | null {
  if (errorCode(error) !== "stale_revision") return null;
  const details = errorDetails(error) as StaleRevisionDetails | undefined;
  return details && Array.isArray(details.changes) ? details : null;
}

/**
 * What a stale save shows: someone else changed the course since this editor read it, and what they
 * changed. Nothing was overwritten; the author's own edits stay in the form until they choose.
 */
export function ConflictNotice({ details, onReload, onDismiss }: { details: StaleRevisionDetails; onReload: () => void; onDismiss?: () => void }) {
  const t = useTranslations("studioContent.conflict");
  const when = useReaderDateTime();
  return (
    <section role="alert" aria-labelledby="conflict-title" className="rounded-card border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100">
      <h2 id="conflict-title" className="font-semibold">
        {t("title")}
      </h2>
      <p className="mt-1 text-sm">
        {t("text", { based: String(details.basedOnRevision), current: String(details.currentRevision) })}
      </p>
      {details.changes.length > 0 && (
        <ul className="mt-3 space-y-1 text-sm">
          {details.changes.map((c, i) => (
            <li key={`${c.at}-${i}`}>
              <span className="font-semibold">{c.userName ?? t("someone")}</span>: {c.summary} <span className="opacity-75">({when(c.at)})</span>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" onClick={onReload} className="rounded-md bg-amber-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-amber-800">
          {t("reload")}
        </button>
        {onDismiss && (
          <button type="button" onClick={onDismiss} className="rounded-md px-3 py-1.5 text-sm font-semibold ring-1 ring-amber-400 hover:bg-amber-100 dark:hover:bg-amber-900">
            {t("keep")}
          </button>
        )}
      </div>
    </section>
  );
}
