"use client";

import { buttonClass, panelClass, secondaryClass } from "@/components/studio-people/studio-classes";
import { useQuery } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { useCallback, type Dispatch, type SetStateAction } from "react";
import { inputClass } from "@/components/studio-content/course-settings-fields";
import { studioBatchesQueries, type BatchEnrollmentType, type StudioBatch } from "@/lib/api/studio-batches";

export { buttonClass, panelClass, secondaryClass };

/** The enrollment types, each with its words (`studioBatches.fields.types`: a label, and what it does to a member; docs/enrollment.md). */
export const ENROLLMENT_TYPES: { value: BatchEnrollmentType; key: "system" | "customer" | "none" }[] = [
  { value: "System (Auto enroll)", key: "system" },
  { value: "Customer (Scheduled and Optional)", key: "customer" },
  { value: "No Auto Enrollment", key: "none" },
];

/** An enrollment type's label in the page's language. */
export function useEnrollmentLabel() {
  const t = useTranslations("studioBatches.fields.types");
  return useCallback((type: BatchEnrollmentType) => {
    const known = ENROLLMENT_TYPES.find((e) => e.value === type);
    return known ? t(`${known.key}.label`) : type;
  }, [t]);
}

/** What the batch forms edit, as the inputs hold it (dates as YYYY-MM-DD; empty: not set). */
export interface BatchDraft {
  name: string;
  programId: string;
  enrollmentType: BatchEnrollmentType;
  startDate: string;
  lastDay: string;
  allowManualVideoCompletion: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** The start: the beginning of that day, UTC. */
export const startsAtOf = (date: string) => (date ? `${date}T00:00:00.000Z` : null);
/** The access end: the end of the last day, UTC. */
export const accountExpiresAtOf = (date: string) => (date ? new Date(new Date(`${date}T00:00:00Z`).getTime() + DAY_MS).toISOString() : null);
export const startDateOf = (iso: string | null) => (iso ? iso.slice(0, 10) : "");
export const lastDayOf = (iso: string | null) => (iso ? new Date(new Date(iso).getTime() - 1).toISOString().slice(0, 10) : "");
/** A date for the lists, as the page's language writes it (UTC, as stored). */
export function useShownDate() {
  const t = useTranslations("studioBatches.fields");
  const format = useFormatter();
  return useCallback(
    (iso: string | null) => (iso ? format.dateTime(new Date(iso), { timeZone: "UTC", year: "numeric", month: "short", day: "numeric" }) : t("notSet")),
    [format, t],
  );
}

export const draftOf = (batch: StudioBatch): BatchDraft => ({
  name: batch.name,
  programId: batch.program?.id ?? "",
  enrollmentType: batch.enrollmentType,
  startDate: startDateOf(batch.startsAt),
  lastDay: lastDayOf(batch.accountExpiresAt),
  allowManualVideoCompletion: batch.allowManualVideoCompletion,
});

/** The name, program, enrollment type, dates and manual completion: the fields the new-batch form and a batch's settings share. */
export function BatchFields({ idPrefix, draft, setDraft }: { idPrefix: string; draft: BatchDraft; setDraft: Dispatch<SetStateAction<BatchDraft>> }) {
  const t = useTranslations("studioBatches.fields");
  const programs = useQuery(studioBatchesQueries.listBatchPrograms());
  const set = <K extends keyof BatchDraft>(key: K, value: BatchDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const current = ENROLLMENT_TYPES.find((e) => e.value === draft.enrollmentType);
  const hint = current ? t(`types.${current.key}.hint`) : undefined;
  return (
    <>
      <label className="text-sm font-medium">
        {t("name")}
        <input required maxLength={200} className={`${inputClass} mt-1`} value={draft.name} onChange={(e) => set("name", e.target.value)} />
      </label>
      <label className="text-sm font-medium">
        {t("program")}
        <select required className={`${inputClass} mt-1`} value={draft.programId} onChange={(e) => set("programId", e.target.value)} aria-busy={programs.isPending}>
          <option value="" disabled>
            {programs.isPending ? t("loadingPrograms") : t("chooseProgram")}
          </option>
          {programs.data?.programs.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
      <div className="text-sm font-medium">
        <label className="block">
        {t("enrollment")}
        <select className={`${inputClass} mt-1`} value={draft.enrollmentType} onChange={(e) => set("enrollmentType", e.target.value as BatchEnrollmentType)} aria-describedby={`${idPrefix}-type-hint`}>
          {ENROLLMENT_TYPES.map((e) => (
            <option key={e.value} value={e.value}>
              {t(`types.${e.key}.label`)}
            </option>
          ))}
        </select>
        </label>
        <span id={`${idPrefix}-type-hint`} className="mt-1 block text-xs font-normal text-ink-muted dark:text-ink-dark-muted">
          {hint}
        </span>
      </div>
      <label className="text-sm font-medium">
        {t("starts")}
        <input type="date" className={`${inputClass} mt-1`} value={draft.startDate} onChange={(e) => set("startDate", e.target.value)} />
      </label>
      <label className="text-sm font-medium">
        {t("accessEnds")}
        <input type="date" className={`${inputClass} mt-1`} value={draft.lastDay} onChange={(e) => set("lastDay", e.target.value)} />
      </label>
      <label className="flex items-center gap-2 self-end text-sm font-medium">
        <input type="checkbox" className="h-4 w-4" checked={draft.allowManualVideoCompletion} onChange={(e) => set("allowManualVideoCompletion", e.target.checked)} />
        {t("manualCompletion")}
      </label>
    </>
  );
}
