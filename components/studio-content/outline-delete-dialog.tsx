"use client";

import { AlertTriangle } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import type { OutlineLevel } from "./outline-tree";

export interface PendingDelete {
  id: string;
  level: OutlineLevel;
  title: string;
  /** Set once the API said learners have progress on what the node holds. */
  learnersWithProgress: number | null;
  busy: boolean;
}

/**
 * Asks before a node of the draft is deleted; when learners have progress on what it holds, says how
 * many, and that the published versions keep it.
 */
export function DeleteDialog({ pending, onConfirm, onCancel }: { pending: PendingDelete; onConfirm: () => void; onCancel: () => void }) {
  const t = useTranslations("studioContent.deleteDialog");
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  const level = pending.level;
  const learners = pending.learnersWithProgress;
  return (
    <dialog
      ref={ref}
      aria-labelledby="delete-node-title"
      aria-describedby="delete-node-text"
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-card bg-white p-5 text-ink shadow-xl ring-1 ring-slate-200 backdrop:bg-slate-950/50 dark:bg-surface-dark-muted dark:text-ink-dark dark:ring-slate-700"
    >
      <h2 id="delete-node-title" className="flex items-center gap-2 text-lg font-semibold">
        {learners ? <AlertTriangle aria-hidden className="h-5 w-5 text-amber-600 dark:text-amber-400" /> : null}
        {t("title", { level, title: pending.title })}
      </h2>
      <div id="delete-node-text" className="mt-2 space-y-2 text-sm">
        {learners ? (
          <>
            <p>{t.rich("progress", { count: learners, level, strong: (c) => <strong>{c}</strong> })}</p>
            <p>{t("keeps")}</p>
          </>
        ) : (
          <p>{t("deletes", { level })}</p>
        )}
      </div>
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <button
          type="button"
          onClick={onCancel}
          className="rounded-md px-3 py-1.5 text-sm font-semibold ring-1 ring-slate-300 hover:bg-slate-100 dark:ring-slate-600 dark:hover:bg-slate-800"
        >
          {t("keep")}
        </button>
        <button
          type="button"
          onClick={onConfirm}
          disabled={pending.busy}
          className="rounded-md bg-danger px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60 dark:bg-red-700 dark:hover:bg-red-600"
        >
          {pending.busy ? t("deleting") : learners ? t("deleteAnyway") : t("delete")}
        </button>
      </div>
    </dialog>
  );
}
