"use client";

import { KeyField, NewItemButton, NewItemForm } from "@/components/studio-people/new-item-form";
import { useMutation, useQueries, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { AppLink } from "@/components/ui/app-link";
import { showToast } from "@/components/ui/toast-store";
import { StudioNav } from "@/components/studio-people/studio-nav";
import { StudioListHeader, StudioListBody, LoadMore } from "@/components/studio-people/studio-list";
import { useErrorText } from "@/components/i18n/use-error-text";
import { createBatch, studioBatchesQueries } from "@/lib/api/studio-batches";
import { accountExpiresAtOf, BatchFields, buttonClass, lastDayOf, panelClass, startsAtOf, useEnrollmentLabel, useShownDate, type BatchDraft } from "./batch-fields";

/** /studio/batches: every batch with its program, enrollment, dates and members; a form to make one. */
export function BatchesPage() {
  const t = useTranslations("studioBatches.list");
  const enrollmentLabel = useEnrollmentLabel();
  const shownDate = useShownDate();
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [adding, setAdding] = useState(false);
  const pages = useQueries({ queries: cursors.map((cursor) => studioBatchesQueries.listBatches(cursor)) });
  const first = pages[0]!;
  const last = pages.at(-1)!;
  const batches = pages.flatMap((p) => p.data?.batches ?? []);

  return (
    <div className="space-y-6">
      <StudioNav />
      <StudioListHeader title={t("title")} description={t("description")}>
        <NewItemButton label={t("newBatch")} open={adding} onToggle={() => setAdding(!adding)} />
      </StudioListHeader>

      {adding && <NewBatchForm onClose={() => setAdding(false)} />}

      <StudioListBody
        query={first}
        loadingLabel={t("loading")}
        isEmpty={() => batches.length === 0}
        empty={<p className={`${panelClass} text-center`}>{t("empty")}</p>}
      >
        {() => (
          <ul aria-label={t("listLabel")} className="divide-y divide-slate-200 rounded-card bg-white ring-1 ring-slate-200 dark:divide-slate-700 dark:bg-surface-dark-muted dark:ring-slate-700">
            {batches.map((batch) => (
              <li key={batch.id} className="flex flex-wrap items-center justify-between gap-2 p-4">
                <div className="min-w-0">
                  <AppLink href={`/studio/batches/${batch.id}`} className="font-semibold text-brand-700 hover:underline dark:text-brand-300">
                    {batch.name}
                  </AppLink>
                  <p className="wrap-anywhere text-sm text-ink-muted dark:text-ink-dark-muted">
                    <span className="font-mono">{batch.key}</span> · {batch.program?.name ?? t("noProgram")}
                  </p>
                  <p className="text-sm text-ink-muted dark:text-ink-dark-muted">
                    {t("dates", { enrollment: enrollmentLabel(batch.enrollmentType), start: shownDate(batch.startsAt), end: batch.accountExpiresAt ? shownDate(lastDayOf(batch.accountExpiresAt)) : t("never") })}
                  </p>
                </div>
                <span className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-semibold text-ink dark:bg-slate-800 dark:text-ink-dark">
                  {t("members", { count: batch.memberCount })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </StudioListBody>
      <LoadMore hasMore={!!last.data?.hasMore} onMore={() => setCursors((c) => [...c, last.data!.nextCursor ?? undefined])} />
    </div>
  );
}

function NewBatchForm({ onClose }: { onClose: () => void }) {
  const t = useTranslations("studioBatches.list.newForm");
  const errorText = useErrorText();
  const id = useId();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [key, setKey] = useState("");
  const [draft, setDraft] = useState<BatchDraft>({ name: "", programId: "", enrollmentType: "No Auto Enrollment", startDate: "", lastDay: "", allowManualVideoCompletion: false });
  const create = useMutation({
    mutationFn: () =>
      createBatch({
        key: key.trim(),
        name: draft.name,
        programId: draft.programId,
        enrollmentType: draft.enrollmentType,
        startsAt: startsAtOf(draft.startDate),
        accountExpiresAt: accountExpiresAtOf(draft.lastDay),
        allowManualVideoCompletion: draft.allowManualVideoCompletion,
      }),
    onSuccess: async ({ batch }) => {
      showToast({ title: t("madeTitle"), description: t("madeText", { name: batch.name, key: batch.key }) });
      await queryClient.invalidateQueries({ queryKey: studioBatchesQueries.all });
      router.push(`/studio/batches/${batch.id}`);
    },
  });
  return (
    <NewItemForm title={t("title")} onClose={onClose} onSubmit={() => create.mutate()}>
      <div className="grid grid-cols-2 gap-3 max-mobile:grid-cols-1">
        <KeyField value={key} onChange={setKey} usedIn={t("keyUsedIn")} />
        <BatchFields idPrefix={id} draft={draft} setDraft={setDraft} />
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
