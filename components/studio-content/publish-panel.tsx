"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Eye, Rocket } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import { AppLink } from "@/components/ui/app-link";
import { useId, useState } from "react";
import { useErrorText } from "@/components/i18n/use-error-text";
import { errorCode } from "@/lib/api/errors";
import { publishCourse, studioContentQueries } from "@/lib/api/studio-content";
import type { CallResponse } from "@/lib/contract/call";
import type { getCourseOutline } from "@/lib/contract/calls/studio-content";
import { useUnsavedChangesPrompt } from "@/hooks/use-studio-content-unsaved-changes";
import { ErrorBlock } from "@/components/ui/error-block";
import { StackSkeleton } from "@/components/ui/skeleton";
import { showToast } from "@/components/ui/toast-store";
import { ConflictNotice, staleRevisionOf } from "./conflict-notice";
import { describedBy, Field, fieldErrorsOf, InView, inputClass, type FieldErrors } from "./course-settings-fields";
import { StateBadge, UnpublishedMarker } from "./studio-labels";

type Outline = CallResponse<typeof getCourseOutline>;
type Version = Outline["versions"][number];

const PUBLISH_FIELDS = ["versionName", "releaseNotes"] as const;

/** A course's published versions, whether its draft has changes learners do not see yet, and publishing the draft. */
export function PublishPanel({ courseId }: { courseId: string }) {
  const t = useTranslations("studioContent.publish");
  const errorText = useErrorText();
  const outline = useQuery(studioContentQueries.getCourseOutline(courseId));
  const list = useQuery(studioContentQueries.listStudioCourses());
  const course = list.data?.courses.find((c) => c.courseId === courseId);

  if (outline.isPending) {
    return <StackSkeleton label={t("loading")} cards={["h-48", "h-40"]} />;
  }
  if (outline.isError) return <ErrorBlock message={errorText(outline.error)} onRetry={() => outline.refetch()} />;

  const items = outline.data.chapters.reduce((n, c) => n + c.subChapters.reduce((m, s) => m + s.items.length, 0), 0);
  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold break-words">{course ? t("heading", { name: course.name }) : t("headingPlain")}</h1>
            {course && <StateBadge state={course.state} />}
          </div>
          <p className="mt-1 text-ink-muted dark:text-ink-dark-muted">
            {t("intro")}
          </p>
        </div>
        <AppLink
          href={`/studio/courses/${courseId}/preview`}
          className="inline-flex shrink-0 items-center gap-2 rounded-md px-4 py-2 text-sm font-semibold ring-1 ring-slate-300 hover:bg-slate-50 dark:ring-slate-600 dark:hover:bg-slate-800"
        >
          <Eye aria-hidden className="h-4 w-4" />
          {t("preview")}
        </AppLink>
      </div>

      <DraftStatus outline={outline.data} items={items} unpublished={course ? course.hasUnpublishedChanges : null} />
      <PublishForm outline={outline.data} reload={() => outline.refetch()} />
      <VersionList versions={outline.data.versions} />
    </div>
  );
}

function DraftStatus({ outline, items, unpublished }: { outline: Outline; items: number; unpublished: boolean | null }) {
  const t = useTranslations("studioContent.publish");
  const never = outline.versions.length === 0;
  return (
    <section aria-labelledby="draft-title" className="rounded-card bg-white p-5 ring-1 ring-slate-200 max-mobile:p-4 dark:bg-surface-dark-muted dark:ring-slate-700">
      <h2 id="draft-title" className="text-lg font-semibold">
        {t("draft")}
      </h2>
      <p className="mt-1 text-sm text-ink-muted dark:text-ink-dark-muted">{t("draftFacts", { chapters: outline.chapters.length, items, revision: String(outline.revision) })}</p>
      <div className="mt-2 text-sm" data-testid="draft-status">
        {never ? (
          <p>{t("never")}</p>
        ) : unpublished === null ? null : unpublished ? (
          <p className="flex flex-wrap items-center gap-2">
            <UnpublishedMarker />
            <span>{t("edited")}</span>
          </p>
        ) : (
          <p>{t("upToDate")}</p>
        )}
      </div>
    </section>
  );
}

function PublishForm({ outline, reload }: { outline: Outline; reload: () => Promise<unknown> }) {
  const t = useTranslations("studioContent.publish");
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const prefix = useId();
  const [versionName, setVersionName] = useState("");
  const [releaseNotes, setReleaseNotes] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({ fields: {}, other: null });
  const [incomplete, setIncomplete] = useState<string | null>(null);
  const [conflict, setConflict] = useState<ReturnType<typeof staleRevisionOf>>(null);
  useUnsavedChangesPrompt(versionName.trim() !== "" || releaseNotes.trim() !== "");

  const publish = useMutation({
    mutationFn: () => publishCourse({ courseId: outline.courseId, revision: outline.revision, versionName: versionName.trim(), releaseNotes }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(studioContentQueries.getCourseOutline(outline.courseId).queryKey, {
        courseId: answer.courseId,
        revision: answer.revision,
        chapters: answer.chapters,
        versions: answer.versions,
      });
      setVersionName("");
      setReleaseNotes("");
      showToast({ description: t("published", { name: answer.versions.find((v) => v.isCurrent)?.versionName ?? t("theNewVersion") }), variant: "success" });
      await queryClient.invalidateQueries({ queryKey: ["studio"] });
    },
    onError: (error) => {
      const stale = staleRevisionOf(error);
      if (stale) return setConflict(stale);
      if (errorCode(error) === "draft_incomplete") return setIncomplete(errorText(error));
      setErrors(fieldErrorsOf(error, PUBLISH_FIELDS, errorText));
    },
  });
  const nameId = `${prefix}-versionName`;
  const notesId = `${prefix}-releaseNotes`;
  const latest = outline.versions[0]?.versionName;

  return (
    <section aria-labelledby={`${prefix}-title`} className="rounded-card bg-white p-5 ring-1 ring-slate-200 max-mobile:p-4 dark:bg-surface-dark-muted dark:ring-slate-700">
      <h2 id={`${prefix}-title`} className="text-lg font-semibold">
        {t("title")}
      </h2>
      {conflict && (
        <InView key={conflict.currentRevision}>
          <div className="mt-3">
            <ConflictNotice
              details={conflict}
              onReload={() => {
                setConflict(null);
                void reload();
              }}
              onDismiss={() => setConflict(null)}
            />
          </div>
        </InView>
      )}
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setErrors({ fields: {}, other: null });
          setIncomplete(null);
          publish.mutate();
        }}
        className="mt-3 space-y-4"
      >
        <Field id={nameId} label={t("versionName")} hint={latest ? t("latestHint", { name: latest }) : t("exampleHint")} error={errors.fields.versionName}>
          <input id={nameId} value={versionName} onChange={(e) => setVersionName(e.target.value)} maxLength={100} required className={inputClass} {...describedBy(nameId, true, errors.fields.versionName)} />
        </Field>
        <Field id={notesId} label={t("releaseNotes")} hint={t("notesHint")} error={errors.fields.releaseNotes}>
          <textarea id={notesId} value={releaseNotes} onChange={(e) => setReleaseNotes(e.target.value)} rows={4} maxLength={10_000} className={inputClass} {...describedBy(notesId, true, errors.fields.releaseNotes)} />
        </Field>
        {incomplete && (
          <div role="alert" className="rounded-md bg-danger-soft p-3 text-sm text-danger dark:bg-red-950 dark:text-red-200">
            <p className="font-semibold">{t("notReady")}</p>
            <p className="mt-1 break-words">{incomplete}</p>
            <AppLink href={`/studio/courses/${outline.courseId}/outline`} className="mt-2 inline-block font-semibold underline">
              {t("finish")}
            </AppLink>
          </div>
        )}
        {errors.other && (
          <p role="alert" className="rounded-md bg-danger-soft p-3 text-sm text-danger dark:bg-red-950 dark:text-red-200">
            {errors.other}
          </p>
        )}
        <button
          type="submit"
          disabled={publish.isPending}
          className="inline-flex items-center gap-2 rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          <Rocket aria-hidden className="h-4 w-4" />
          {publish.isPending ? t("publishing") : t("publish")}
        </button>
      </form>
    </section>
  );
}

function VersionList({ versions }: { versions: Version[] }) {
  const t = useTranslations("studioContent.publish");
  const format = useFormatter();
  // The day in the reader's own time zone, as the browser gives it.
  const releasedOn = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
  return (
    <section aria-labelledby="versions-title">
      <h2 id="versions-title" className="mb-3 text-lg font-semibold">
        {t("versions")}
      </h2>
      {versions.length === 0 ? (
        <p className="rounded-card bg-white p-6 text-center text-sm ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700">{t("noVersions")}</p>
      ) : (
        <ol className="space-y-3" aria-label={t("versionList")}>
          {versions.map((v) => (
            <li key={v.versionId} data-testid="studio-version" className="rounded-card bg-white p-4 ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <h3 className="font-semibold break-words">{v.versionName}</h3>
                {v.isCurrent && (
                  <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-200 dark:bg-brand-900 dark:text-brand-100 dark:ring-brand-700">
                    {t("current")}
                  </span>
                )}
                <span className="text-sm text-ink-muted dark:text-ink-dark-muted">
                  {t.rich("released", { date: releasedOn(v.releasedAt), learners: v.learners, time: (date) => <time dateTime={v.releasedAt}>{date}</time> })}
                </span>
              </div>
              {v.releaseNotes ? (
                <p className="mt-2 text-sm whitespace-pre-line break-words">{v.releaseNotes}</p>
              ) : (
                <p className="mt-2 text-sm text-ink-muted italic dark:text-ink-dark-muted">{t("noNotes")}</p>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
