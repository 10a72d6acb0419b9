"use client";

import { useTranslations } from "next-intl";
import type { z } from "zod";
import type { OutlineItemBody } from "@/lib/api/studio-content";
import type { studioItem } from "@/lib/contract/calls/studio-content";
import { useUnsavedChangesPrompt } from "@/hooks/use-studio-content-unsaved-changes";
import { primaryButton } from "@/components/challenges/attempt-parts";

export type ItemView = z.infer<typeof studioItem>["fields"];
export type ItemViewOf<K extends ItemView["kind"]> = Extract<ItemView, { kind: K }>;

/** What an item's form needs to save: the call, whether it is under way, and the refusal's message (it names the field). */
export interface ItemSave {
  saving: boolean;
  message: string | null;
  save: (fields: OutlineItemBody["fields"]) => void;
}

/** The save button of an item's form, with the server's refusal beside it; asks before leaving unsaved edits. */
export function ItemSaveBar({ dirty, state, onSave }: { dirty: boolean; state: ItemSave; onSave: () => void }) {
  const t = useTranslations("studioItems.saveBar");
  useUnsavedChangesPrompt(dirty);
  return (
    <div className="sticky bottom-0 z-10 -mx-1 flex flex-wrap items-center gap-3 rounded-card bg-white/95 px-4 py-3 ring-1 ring-slate-200 backdrop-blur dark:bg-surface-dark-muted/95 dark:ring-slate-700">
      <button type="button" className={primaryButton} disabled={state.saving} onClick={onSave}>
        {state.saving ? t("saving") : t("save")}
      </button>
      <p role="status" className="text-sm text-ink-muted dark:text-ink-dark-muted">
        {dirty ? t("unsaved") : t("allSaved")}
      </p>
      {state.message && (
        <p role="alert" className="basis-full text-sm font-semibold text-red-700 [overflow-wrap:anywhere] dark:text-red-300">
          {t("notSaved", { message: state.message })}
        </p>
      )}
    </div>
  );
}
