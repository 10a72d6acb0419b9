"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Download, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { useErrorText } from "@/components/i18n/use-error-text";
import { deletePerson, exportPerson, studioPeopleQueries, type StudioPerson } from "@/lib/api/studio-people";
import { showToast } from "@/components/ui/toast-store";
import { inputClass } from "@/components/studio-content/course-settings-fields";
import { secondaryClass } from "@/components/studio-people/studio-classes";

const dangerClass = "inline-flex items-center gap-2 rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60";

/** A person's data on their studio page: export it all as a zip, or delete the person on request (typed confirmation). */
export function PersonDataSection({ person }: { person: StudioPerson }) {
  const t = useTranslations("studioPeople.data");
  const errorText = useErrorText();
  const id = useId();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [typed, setTyped] = useState("");
  const download = useMutation({
    mutationFn: () => exportPerson(person.id),
    onError: (error) => showToast({ title: t("exportTitle"), description: errorText(error), variant: "destructive" }),
  });
  const remove = useMutation({
    mutationFn: () => deletePerson({ id: person.id, confirmEmail: typed }),
    onSuccess: async () => {
      showToast({ title: t("deletedTitle"), description: t("deleted", { email: person.email }) });
      queryClient.removeQueries({ queryKey: studioPeopleQueries.all });
      router.replace("/studio/people");
    },
  });
  const matches = typed.trim().toLowerCase() === person.email;

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3 rounded-card bg-white p-4 ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t("title")}
      </h2>
      <p className="text-sm text-ink-muted dark:text-ink-dark-muted">
        {t("explanation", { name: person.name })}
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={secondaryClass} disabled={download.isPending} onClick={() => download.mutate()}>
          <Download aria-hidden className="h-4 w-4" /> {download.isPending ? t("preparing") : t("export")}
        </button>
        {!confirming && (
          <button type="button" className={dangerClass} onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden className="h-4 w-4" /> {t("delete")}
          </button>
        )}
      </div>
      {confirming && (
        <form
          aria-label={t("deleteForm")}
          className="space-y-3 rounded-md border border-red-300 p-3 dark:border-red-800"
          onSubmit={(e) => {
            e.preventDefault();
            if (matches) remove.mutate();
          }}
        >
          <p className="text-sm font-medium text-red-800 dark:text-red-200">{t("confirmText", { email: person.email })}</p>
          <label className="block text-sm font-medium">
            {t("confirmLabel")}
            <input className={`${inputClass} mt-1`} autoComplete="off" value={typed} onChange={(e) => setTyped(e.target.value)} />
          </label>
          {remove.isError && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              {errorText(remove.error)}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={dangerClass} disabled={!matches || remove.isPending}>
              {remove.isPending ? t("deleting") : t("deleteForGood")}
            </button>
            <button
              type="button"
              className={secondaryClass}
              onClick={() => {
                setConfirming(false);
                setTyped("");
              }}
            >
              {t("cancel")}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
