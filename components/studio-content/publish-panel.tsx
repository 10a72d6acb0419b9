"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Eye, Rocket } from "lucide-react";
import { AppLink } from "@/components/ui/app-link";
import { useId, useState } from "react";
import { errorCode, errorMessage } from "@/lib/api/errors";
import { publishCourse, studioContentQueries } from "@/lib/api/studio-content";
import type { CallResponse } from "@/lib/contract/call";
import type { getCourseOutline } from "@/lib/contract/calls/studio-content";
import { plural } from "@/lib/plural";
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
const releasedOn = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: "medium" });

/** A course's published versions, whether its draft has changes learners do not see yet, and publishing the draft. */
export function PublishPanel({ courseId }: { courseId: string }) {
  const outline = useQuery(studioContentQueries.getCourseOutline(courseId));
  const list = useQuery(studioContentQueries.listStudioCourses());
  const course = list.data?.courses.find((c) => c.courseId === courseId);

  if (outline.isPending) {
    return <StackSkeleton label="Loading the versions" cards={["h-48", "h-40"]} />;
  }
  if (outline.isError) return <ErrorBlock message={errorMessage(outline.error)} onRetry={() => outline.refetch()} />;

  const items = outline.data.chapters.reduce((n, c) => n + c.subChapters.reduce((m, s) => m + s.items.length, 0), 0);
  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold break-words">{course ? `Publish “${course.name}”` : "Publish"}</h1>
            {course && <StateBadge state={course.state} />}
          </div>
          <p className="mt-1 text-ink-muted dark:text-ink-dark-muted">
            Publishing makes the draft a new version: new learners get it; learners on an older version keep theirs and are offered the new one.
          </p>
        </div>
        <AppLink
          href={`/studio/courses/${courseId}/preview`}
          className="inline-flex shrink-0 items-center gap-2 rounded-md px-4 py-2 text-sm font-semibold ring-1 ring-slate-300 hover:bg-slate-50 dark:ring-slate-600 dark:hover:bg-slate-800"
        >
          <Eye aria-hidden className="h-4 w-4" />
          Preview as learner
        </AppLink>
      </div>

      <DraftStatus outline={outline.data} items={items} unpublished={course ? course.hasUnpublishedChanges : null} />
      <PublishForm outline={outline.data} reload={() => outline.refetch()} />
      <VersionList versions={outline.data.versions} />
    </div>
  );
}

function DraftStatus({ outline, items, unpublished }: { outline: Outline; items: number; unpublished: boolean | null }) {
  const never = outline.versions.length === 0;
  return (
    <section aria-labelledby="draft-title" className="rounded-card bg-white p-5 ring-1 ring-slate-200 max-mobile:p-4 dark:bg-surface-dark-muted dark:ring-slate-700">
      <h2 id="draft-title" className="text-lg font-semibold">
        The draft
      </h2>
      <p className="mt-1 text-sm text-ink-muted dark:text-ink-dark-muted">
        {plural(outline.chapters.length, "chapter")}, {plural(items, "item")}, revision {outline.revision}.
      </p>
      <div className="mt-2 text-sm" data-testid="draft-status">
        {never ? (
          <p>Never published: learners cannot see this course yet.</p>
        ) : unpublished === null ? null : unpublished ? (
          <p className="flex flex-wrap items-center gap-2">
            <UnpublishedMarker />
            <span>The draft was edited after the last version: learners do not see those edits until you publish.</span>
          </p>
        ) : (
          <p>No unpublished changes: the current version is the draft.</p>
        )}
      </div>
    </section>
  );
}

function PublishForm({ outline, reload }: { outline: Outline; reload: () => Promise<unknown> }) {
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
      showToast({ description: `Published “${answer.versions.find((v) => v.isCurrent)?.versionName ?? "the new version"}”. New learners get it now.`, variant: "success" });
      await queryClient.invalidateQueries({ queryKey: ["studio"] });
    },
    onError: (error) => {
      const stale = staleRevisionOf(error);
      if (stale) return setConflict(stale);
      if (errorCode(error) === "draft_incomplete") return setIncomplete(errorMessage(error));
      setErrors(fieldErrorsOf(error, PUBLISH_FIELDS));
    },
  });
  const nameId = `${prefix}-versionName`;
  const notesId = `${prefix}-releaseNotes`;
  const latest = outline.versions[0]?.versionName;

  return (
    <section aria-labelledby={`${prefix}-title`} className="rounded-card bg-white p-5 ring-1 ring-slate-200 max-mobile:p-4 dark:bg-surface-dark-muted dark:ring-slate-700">
      <h2 id={`${prefix}-title`} className="text-lg font-semibold">
        Publish a new version
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
        <Field id={nameId} label="Version name" hint={latest ? `The latest is “${latest}”. Each version needs its own name.` : "For example “v1” or “2026 edition”."} error={errors.fields.versionName}>
          <input id={nameId} value={versionName} onChange={(e) => setVersionName(e.target.value)} maxLength={100} required className={inputClass} {...describedBy(nameId, true, errors.fields.versionName)} />
        </Field>
        <Field id={notesId} label="Release notes" hint="What changed, for the learners offered this version (Markdown)." error={errors.fields.releaseNotes}>
          <textarea id={notesId} value={releaseNotes} onChange={(e) => setReleaseNotes(e.target.value)} rows={4} maxLength={10_000} className={inputClass} {...describedBy(notesId, true, errors.fields.releaseNotes)} />
        </Field>
        {incomplete && (
          <div role="alert" className="rounded-md bg-danger-soft p-3 text-sm text-danger dark:bg-red-950 dark:text-red-200">
            <p className="font-semibold">The draft is not ready to publish.</p>
            <p className="mt-1 break-words">{incomplete}</p>
            <AppLink href={`/studio/courses/${outline.courseId}/outline`} className="mt-2 inline-block font-semibold underline">
              Finish it in the outline
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
          {publish.isPending ? "Publishing…" : "Publish"}
        </button>
      </form>
    </section>
  );
}

function VersionList({ versions }: { versions: Version[] }) {
  return (
    <section aria-labelledby="versions-title">
      <h2 id="versions-title" className="mb-3 text-lg font-semibold">
        Versions
      </h2>
      {versions.length === 0 ? (
        <p className="rounded-card bg-white p-6 text-center text-sm ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700">No version yet: publish the draft to make the first.</p>
      ) : (
        <ol className="space-y-3" aria-label="Published versions, newest first">
          {versions.map((v) => (
            <li key={v.versionId} data-testid="studio-version" className="rounded-card bg-white p-4 ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <h3 className="font-semibold break-words">{v.versionName}</h3>
                {v.isCurrent && (
                  <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-200 dark:bg-brand-900 dark:text-brand-100 dark:ring-brand-700">
                    Current
                  </span>
                )}
                <span className="text-sm text-ink-muted dark:text-ink-dark-muted">
                  Released <time dateTime={v.releasedAt}>{releasedOn(v.releasedAt)}</time> · {plural(v.learners, "learner")}
                </span>
              </div>
              {v.releaseNotes ? (
                <p className="mt-2 text-sm whitespace-pre-line break-words">{v.releaseNotes}</p>
              ) : (
                <p className="mt-2 text-sm text-ink-muted italic dark:text-ink-dark-muted">No release notes.</p>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
