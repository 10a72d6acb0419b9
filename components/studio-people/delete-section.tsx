"use client";

import { useMutation } from "@tanstack/react-query";
import { Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { useErrorText } from "@/components/i18n/use-error-text";
import { panelClass, secondaryClass } from "./studio-classes";

const dangerClass = "inline-flex items-center gap-2 rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60";

/**
 * A studio page's "Delete the …" panel: what may be deleted, a first button that asks, and a second
 * that deletes (or Cancel). A refusal (the thing is in use) is shown in the panel with the server's
 * reason, and the thing stays.
 */
export function DeleteSection({
  title,
  explanation,
  openLabel,
  confirmLabel,
  remove,
  onDeleted,
}: {
  title: string;
  explanation: string;
  openLabel: string;
  confirmLabel: string;
  remove: () => Promise<unknown>;
  onDeleted: () => void | Promise<void>;
}) {
  const t = useTranslations("studio.delete");
  const errorText = useErrorText();
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const mutation = useMutation({ mutationFn: remove, onSuccess: onDeleted });
  return (
    <section aria-labelledby={`${id}-title`} className={`${panelClass} space-y-3`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      <p className="text-sm text-ink-muted dark:text-ink-dark-muted">{explanation}</p>
      {mutation.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errorText(mutation.error)}
        </p>
      )}
      {confirming ? (
        <div className="flex flex-wrap items-center gap-2">
          <p className="w-full text-sm font-medium text-red-800 dark:text-red-200">{t("undone")}</p>
          <button type="button" className={dangerClass} disabled={mutation.isPending} onClick={() => mutation.mutate()}>
            <Trash2 aria-hidden className="h-4 w-4" /> {mutation.isPending ? t("deleting") : confirmLabel}
          </button>
          <button
            type="button"
            className={secondaryClass}
            onClick={() => {
              setConfirming(false);
              mutation.reset();
            }}
          >
            {t("cancel")}
          </button>
        </div>
      ) : (
        <button type="button" className={secondaryClass} onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden className="h-4 w-4" /> {openLabel}
        </button>
      )}
    </section>
  );
}
