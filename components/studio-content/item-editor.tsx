"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { AppLink } from "@/components/ui/app-link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useErrorText } from "@/components/i18n/use-error-text";
import { studioContentQueries, updateOutlineItem, type OutlineItemBody } from "@/lib/api/studio-content";
import { showToast } from "@/components/ui/toast-store";
import { ConflictNotice, staleRevisionOf } from "./conflict-notice";
import { EssayBlockEditor } from "./essay-block-editor";
import type { ItemSave, ItemView } from "./item-save-bar";
import { McqBlockEditor } from "./mcq-block-editor";
import { VideoItemEditor } from "./video-item-editor";

/**
 * The editor of one item of a course's draft: the form of its kind, saved with the revision it was
 * read at. A refused field's message is shown by the save button; a save made stale by someone
 * else's change shows what they changed, and leaving with unsaved edits asks first.
 */
export function ItemEditor({ courseId, itemId }: { courseId: string; itemId: string }) {
  const t = useTranslations("studioItems.editor");
  const errorText = useErrorText();
  const options = studioContentQueries.getOutlineItem(courseId, itemId);
  const queryClient = useQueryClient();
  const { data, error, isPending, refetch } = useQuery(options);
  const [conflictDismissed, setConflictDismissed] = useState(false);

  const save = useMutation({
    mutationFn: (fields: OutlineItemBody["fields"]) => updateOutlineItem({ courseId, revision: data!.revision, id: itemId, fields }),
    onMutate: () => setConflictDismissed(false),
    onSuccess: (item) => {
      queryClient.setQueryData(options.queryKey, item);
      void queryClient.invalidateQueries({ queryKey: [...studioContentQueries.courseKey(courseId), "outline"] });
      showToast({ variant: "success", description: t("saved") });
    },
  });
  const outline = `/studio/courses/${courseId}/outline`;
  const backLink = (
    <AppLink href={outline} className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300">
      <ArrowLeft aria-hidden className="h-4 w-4" /> {t("back")}
    </AppLink>
  );

  if (isPending) return <div className="h-96 animate-pulse rounded-card bg-slate-100 dark:bg-slate-800" aria-busy="true" aria-label={t("loading")} />;
  if (error || !data) {
    return (
      <div className="space-y-3">
        {backLink}
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-100">
          {errorText(error)}
        </p>
      </div>
    );
  }

  const conflict = conflictDismissed ? null : staleRevisionOf(save.error);
  const state: ItemSave = {
    saving: save.isPending,
    message: save.error && !staleRevisionOf(save.error) ? errorText(save.error) : null,
    save: (fields) => save.mutate(fields),
  };
  const fields: ItemView = data.fields;
  return (
    <div className="space-y-5">
      <div className="space-y-1">
        {backLink}
        <p className="text-sm text-ink-muted dark:text-ink-dark-muted">{t(`kinds.${fields.kind}`)}</p>
        <h1 className="text-2xl font-bold [overflow-wrap:anywhere]">{fields.title}</h1>
      </div>
      {conflict && (
        <ConflictNotice
          details={conflict}
          onReload={() => {
            save.reset();
            void refetch();
          }}
          onDismiss={() => setConflictDismissed(true)}
        />
      )}
      {/* A new revision (a save, or the latest loaded after a conflict) starts the form again from the server's fields. */}
      {fields.kind === "video" && <VideoItemEditor key={data.revision} fields={fields} state={state} />}
      {fields.kind === "mcqBlock" && <McqBlockEditor key={data.revision} fields={fields} state={state} />}
      {fields.kind === "essayBlock" && <EssayBlockEditor key={data.revision} fields={fields} state={state} />}
    </div>
  );
}
