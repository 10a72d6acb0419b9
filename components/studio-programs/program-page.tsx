"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { showToast } from "@/components/ui/toast-store";
import { StudioDetailFrame, StudioDetailTitle } from "@/components/studio-people/studio-detail-frame";
import { inputClass } from "@/components/studio-content/course-settings-fields";
import { CoverField } from "@/components/studio-content/cover-field";
import { buttonClass, panelClass, secondaryClass } from "@/components/studio-batches/batch-fields";
import { useUnsavedChangesPrompt } from "@/hooks/use-studio-content-unsaved-changes";
import { useErrorText } from "@/components/i18n/use-error-text";
import { errorCode, errorDetails } from "@/lib/api/errors";
import { deleteProgram, studioProgramsQueries, updateProgram, type StudioProgram } from "@/lib/api/studio-programs";
import { DeleteSection } from "@/components/studio-people/delete-section";
import { ProgramCourses, type CourseEntry } from "./program-courses";

interface Draft {
  name: string;
  description: string;
  image: string | null;
  sequential: boolean;
  lockedMessage: string;
  courses: CourseEntry[];
}

const draftOf = (p: StudioProgram): Draft => ({
  name: p.name,
  description: p.description,
  image: p.image,
  sequential: p.sequential,
  lockedMessage: p.lockedMessage,
  courses: p.courses.map(({ courseId, name, courseType }) => ({ courseId, name, courseType })),
});
const same = (a: Draft, b: Draft) => JSON.stringify(a) === JSON.stringify(b);

/** Deletes a program nobody takes; one in use is refused with the reason. */
function DeleteProgram({ program }: { program: StudioProgram }) {
  const t = useTranslations("studioPrograms.page.delete");
  const router = useRouter();
  const queryClient = useQueryClient();
  return (
    <DeleteSection
      title={t("title")}
      explanation={t("explanation")}
      openLabel={t("open")}
      confirmLabel={t("confirm", { key: program.key })}
      remove={() => deleteProgram({ id: program.id })}
      onDeleted={async () => {
        showToast({ title: t("doneTitle"), description: t("doneText", { key: program.key }) });
        queryClient.removeQueries({ queryKey: studioProgramsQueries.getProgram(program.id).queryKey });
        await queryClient.invalidateQueries({ queryKey: studioProgramsQueries.all });
        router.replace("/studio/programs");
      }}
    />
  );
}

/** /studio/programs/{id}: a program's name, description, cover, ordered courses and enforced order. */
export function ProgramPage({ id }: { id: string }) {
  const t = useTranslations("studioPrograms.page");
  const program = useQuery(studioProgramsQueries.getProgram(id));
  return (
    <StudioDetailFrame back={{ href: "/studio/programs", label: t("back") }} query={program} item={program.data?.program} skeletonClass="h-96">
      {(read) => (
        <>
          <ProgramEditor key={read.id} read={read} />
          <DeleteProgram program={read} />
        </>
      )}
    </StudioDetailFrame>
  );
}

function ProgramEditor({ read }: { read: StudioProgram }) {
  const t = useTranslations("studioPrograms.page");
  const errorText = useErrorText();
  // What a learner reads on a locked course when the program gives no message (as the server says it).
  const standardLocked = t("standardLocked");
  const id = useId();
  const queryClient = useQueryClient();
  // The program as this editor read it: a save names its revision, so a change another
  // administrator saved meanwhile is refused rather than overwritten.
  const [program, setProgram] = useState(read);
  const [draft, setDraft] = useState<Draft>(() => draftOf(read));
  const [stale, setStale] = useState<{ message: string; latest: StudioProgram } | null>(null);
  const choices = useQuery(studioProgramsQueries.listProgramCourseChoices());
  const dirty = !same(draft, draftOf(program));
  useUnsavedChangesPrompt(dirty);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const save = useMutation({
    mutationFn: () =>
      updateProgram({
        id: program.id,
        revision: program.revision,
        name: draft.name,
        description: draft.description,
        image: draft.image,
        sequential: draft.sequential,
        lockedMessage: draft.lockedMessage,
        courses: draft.courses.map(({ courseId, courseType }) => ({ courseId, courseType })),
      }),
    onSuccess: ({ program: saved }) => {
      setProgram(saved);
      setDraft(draftOf(saved));
      setStale(null);
      queryClient.setQueryData(studioProgramsQueries.getProgram(saved.id).queryKey, { program: saved });
      void queryClient.invalidateQueries({ queryKey: studioProgramsQueries.listPrograms().queryKey });
      showToast({ title: t("savedTitle"), description: t("savedText", { name: saved.name }) });
    },
    onError: (error) => {
      if (errorCode(error) === "stale_program_revision") {
        const details = errorDetails(error) as { program?: StudioProgram } | undefined;
        if (details?.program) setStale({ message: errorText(error), latest: details.program });
      }
    },
  });
  const loadLatest = () => {
    if (!stale) return;
    setProgram(stale.latest);
    setDraft(draftOf(stale.latest));
    setStale(null);
    save.reset();
  };

  return (
    <>
      <StudioDetailTitle title={program.name}>
        <p className="wrap-anywhere text-ink-muted dark:text-ink-dark-muted">
          <span className="font-mono">{program.key}</span> · {t("summary", { courses: program.courses.length, batches: program.batchCount })}
        </p>
      </StudioDetailTitle>
      {stale && (
        <section role="alert" aria-labelledby={`${id}-stale`} className="rounded-card border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100">
          <h2 id={`${id}-stale`} className="font-semibold">
            {t("stale.title")}
          </h2>
          <p className="mt-1 text-sm">{stale.message}</p>
          <p className="mt-1 text-sm">
            {t(stale.latest.sequential ? "stale.holdsEnforced" : "stale.holds", { courses: stale.latest.courses.map((c) => c.name).join(", ") || t("stale.noCourse") })}
          </p>
          <button type="button" onClick={loadLatest} className="mt-3 rounded-md bg-amber-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-amber-800">
            {t("stale.load")}
          </button>
        </section>
      )}
      <form
        aria-label={t("form.label")}
        className={`${panelClass} space-y-6`}
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <div className="grid grid-cols-2 gap-3 max-mobile:grid-cols-1">
          <label className="text-sm font-medium">
            {t("form.name")}
            <input required maxLength={200} className={`${inputClass} mt-1`} value={draft.name} onChange={(e) => set("name", e.target.value)} />
          </label>
          <div className="text-sm font-medium">
            {t("form.key")}
            <p className="mt-1 wrap-anywhere rounded-md bg-slate-50 px-3 py-2 font-mono font-normal dark:bg-slate-800/60">{program.key}</p>
            <span className="mt-1 block text-xs font-normal text-ink-muted dark:text-ink-dark-muted">{t("form.keyHint")}</span>
          </div>
          <label className="col-span-2 text-sm font-medium max-mobile:col-span-1">
            {t("form.description")}
            <textarea rows={3} maxLength={10000} className={`${inputClass} mt-1`} value={draft.description} onChange={(e) => set("description", e.target.value)} />
          </label>
        </div>

        <CoverField
          value={draft.image}
          onChange={(image) => set("image", image)}
          previewAlt={t("form.coverAlt")}
          previewTestId="program-cover-preview"
          noCoverNote={t("form.noCover")}
        />

        <ProgramCourses courses={draft.courses} choices={choices.data?.courses} onChange={(courses) => set("courses", courses)} />

        <fieldset className="space-y-3">
          <legend className="text-sm font-medium">{t("form.order")}</legend>
          <div className="text-sm font-medium">
            <label className="flex items-center gap-2">
              <input type="checkbox" className="h-4 w-4" checked={draft.sequential} onChange={(e) => set("sequential", e.target.checked)} aria-describedby={`${id}-seq-hint`} />
              {t("form.enforce")}
            </label>
            <span id={`${id}-seq-hint`} className="mt-1 block pl-6 text-xs font-normal text-ink-muted dark:text-ink-dark-muted">
              {t("form.enforceHint")}
            </span>
          </div>
          <div className="text-sm font-medium">
            <label className="block" htmlFor={`${id}-locked`}>
              {t("form.lockedLabel")}
            </label>
            <textarea
              id={`${id}-locked`}
              rows={2}
              maxLength={500}
              disabled={!draft.sequential}
              placeholder={standardLocked}
              className={`${inputClass} mt-1 disabled:opacity-60`}
              value={draft.lockedMessage}
              onChange={(e) => set("lockedMessage", e.target.value)}
              aria-describedby={`${id}-locked-hint`}
            />
            <span id={`${id}-locked-hint`} className="mt-1 block text-xs font-normal text-ink-muted dark:text-ink-dark-muted">
              {t("form.lockedHint", { standard: standardLocked })}
            </span>
          </div>
        </fieldset>

        {save.isError && !stale && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {errorText(save.error)}
          </p>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={buttonClass} disabled={save.isPending || !dirty}>
            {save.isPending ? t("form.saving") : t("form.save")}
          </button>
          {dirty && (
            <button type="button" className={secondaryClass} onClick={() => setDraft(draftOf(program))}>
              {t("form.undo")}
            </button>
          )}
          <span className="text-sm text-ink-muted dark:text-ink-dark-muted" aria-live="polite">
            {dirty ? t("form.unsaved") : t("form.saved")}
          </span>
        </div>
      </form>
    </>
  );
}

