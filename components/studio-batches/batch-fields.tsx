"use client";

import { buttonClass, panelClass, secondaryClass } from "@/components/studio-people/studio-classes";
import { useQuery } from "@tanstack/react-query";
import type { Dispatch, SetStateAction } from "react";
import { inputClass } from "@/components/studio-content/course-settings-fields";
import { studioBatchesQueries, type BatchEnrollmentType, type StudioBatch } from "@/lib/api/studio-batches";

export { buttonClass, panelClass, secondaryClass };

/** The enrollment types, with what each does to a member (docs/enrollment.md). */
export const ENROLLMENT_TYPES: { value: BatchEnrollmentType; label: string; hint: string }[] = [
  { value: "System (Auto enroll)", label: "System: auto-enroll", hint: "Members are enrolled in every course of the program at once." },
  { value: "Customer (Scheduled and Optional)", label: "Customer: scheduled and optional", hint: "Members are enrolled in the mandatory courses from the start date; they may enroll in the others." },
  { value: "No Auto Enrollment", label: "No auto-enrollment", hint: "Members enroll themselves in the program's courses, at no cost." },
];
export const enrollmentLabel = (type: BatchEnrollmentType) => ENROLLMENT_TYPES.find((t) => t.value === type)?.label ?? type;

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
/** A date for the lists, as the browser's locale writes it (UTC, as stored). */
export const shownDate = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString(undefined, { timeZone: "UTC", year: "numeric", month: "short", day: "numeric" }) : "not set");

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
  const programs = useQuery(studioBatchesQueries.listBatchPrograms());
  const set = <K extends keyof BatchDraft>(key: K, value: BatchDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const hint = ENROLLMENT_TYPES.find((t) => t.value === draft.enrollmentType)?.hint;
  return (
    <>
      <label className="text-sm font-medium">
        Name
        <input required maxLength={200} className={`${inputClass} mt-1`} value={draft.name} onChange={(e) => set("name", e.target.value)} />
      </label>
      <label className="text-sm font-medium">
        Program
        <select required className={`${inputClass} mt-1`} value={draft.programId} onChange={(e) => set("programId", e.target.value)} aria-busy={programs.isPending}>
          <option value="" disabled>
            {programs.isPending ? "Loading programs…" : "Choose a program"}
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
        Enrollment
        <select className={`${inputClass} mt-1`} value={draft.enrollmentType} onChange={(e) => set("enrollmentType", e.target.value as BatchEnrollmentType)} aria-describedby={`${idPrefix}-type-hint`}>
          {ENROLLMENT_TYPES.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </select>
        </label>
        <span id={`${idPrefix}-type-hint`} className="mt-1 block text-xs font-normal text-ink-muted dark:text-ink-dark-muted">
          {hint}
        </span>
      </div>
      <label className="text-sm font-medium">
        Starts (empty: not set)
        <input type="date" className={`${inputClass} mt-1`} value={draft.startDate} onChange={(e) => set("startDate", e.target.value)} />
      </label>
      <label className="text-sm font-medium">
        Access ends (last day; empty: never)
        <input type="date" className={`${inputClass} mt-1`} value={draft.lastDay} onChange={(e) => set("lastDay", e.target.value)} />
      </label>
      <label className="flex items-center gap-2 self-end text-sm font-medium">
        <input type="checkbox" className="h-4 w-4" checked={draft.allowManualVideoCompletion} onChange={(e) => set("allowManualVideoCompletion", e.target.checked)} />
        Members may mark videos complete by hand
      </label>
    </>
  );
}
