"use client";

import { KeyField, NewItemButton, NewItemForm } from "@/components/studio-people/new-item-form";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ListOrdered } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { AppLink } from "@/components/ui/app-link";
import { showToast } from "@/components/ui/toast-store";
import { inputClass } from "@/components/studio-content/course-settings-fields";
import { buttonClass, panelClass } from "@/components/studio-batches/batch-fields";
import { StudioNav } from "@/components/studio-people/studio-nav";
import { StudioListHeader, StudioListBody } from "@/components/studio-people/studio-list";
import { useErrorText } from "@/components/i18n/use-error-text";
import { createProgram, studioProgramsQueries } from "@/lib/api/studio-programs";

/** /studio/programs: every program with its course and batch counts; a form to make one. */
export function ProgramsPage() {
  const t = useTranslations("studioPrograms.list");
  const [adding, setAdding] = useState(false);
  const list = useQuery(studioProgramsQueries.listPrograms());
  const programs = list.data?.programs ?? [];
  return (
    <div className="space-y-6">
      <StudioNav />
      <StudioListHeader title={t("title")} description={t("description")}>
        <NewItemButton label={t("newProgram")} open={adding} onToggle={() => setAdding(!adding)} />
      </StudioListHeader>

      {adding && <NewProgramForm onClose={() => setAdding(false)} />}

      <StudioListBody
        query={list}
        loadingLabel={t("loading")}
        isEmpty={() => programs.length === 0}
        empty={<p className={`${panelClass} text-center`}>{t("empty")}</p>}
      >
        {() => (
          <ul aria-label={t("listLabel")} className="divide-y divide-slate-200 rounded-card bg-white ring-1 ring-slate-200 dark:divide-slate-700 dark:bg-surface-dark-muted dark:ring-slate-700">
            {programs.map((program) => (
              <li key={program.id} className="flex flex-wrap items-center justify-between gap-2 p-4">
                <div className="min-w-0">
                  <AppLink href={`/studio/programs/${program.id}`} className="font-semibold text-brand-700 hover:underline dark:text-brand-300">
                    {program.name}
                  </AppLink>
                  <p className="wrap-anywhere text-sm text-ink-muted dark:text-ink-dark-muted">
                    <span className="font-mono">{program.key}</span> · {t("counts", { courses: program.courseCount, batches: program.batchCount })}
                  </p>
                </div>
                {program.sequential && (
                  <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2.5 py-1 text-xs font-semibold text-ink dark:bg-slate-800 dark:text-ink-dark">
                    <ListOrdered aria-hidden className="h-3.5 w-3.5" /> {t("orderEnforced")}
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </StudioListBody>
    </div>
  );
}

function NewProgramForm({ onClose }: { onClose: () => void }) {
  const t = useTranslations("studioPrograms.newForm");
  const errorText = useErrorText();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [key, setKey] = useState("");
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const create = useMutation({
    mutationFn: () => createProgram({ key: key.trim(), name, description }),
    onSuccess: async ({ program }) => {
      showToast({ title: t("madeTitle"), description: t("madeText", { name: program.name, key: program.key }) });
      await queryClient.invalidateQueries({ queryKey: studioProgramsQueries.all });
      router.push(`/studio/programs/${program.id}`);
    },
  });
  return (
    <NewItemForm title={t("title")} onClose={onClose} onSubmit={() => create.mutate()}>
      <div className="grid grid-cols-2 gap-3 max-mobile:grid-cols-1">
        <KeyField value={key} onChange={setKey} usedIn={t("keyUsedIn")} />
        <label className="text-sm font-medium">
          {t("name")}
          <input required maxLength={200} className={`${inputClass} mt-1`} value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <label className="col-span-2 text-sm font-medium max-mobile:col-span-1">
          {t("description")}
          <textarea rows={3} maxLength={10000} className={`${inputClass} mt-1`} value={description} onChange={(e) => setDescription(e.target.value)} />
        </label>
      </div>
      {create.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errorText(create.error)}
        </p>
      )}
      <button type="submit" className={buttonClass} disabled={create.isPending}>
        {create.isPending ? t("making") : t("make")}
      </button>
    </NewItemForm>
  );
}
