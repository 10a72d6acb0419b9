"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Plus, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useReaderFullTime } from "@/hooks/use-reader-time";
import { AppLink } from "@/components/ui/app-link";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { useErrorText } from "@/components/i18n/use-error-text";
import { createCourse, studioContentQueries } from "@/lib/api/studio-content";
import type { CallResponse } from "@/lib/contract/call";
import type { listStudioCourses } from "@/lib/contract/calls/studio-content";
import { slugify } from "@/lib/slug";
import { ErrorBlock } from "@/components/ui/error-block";
import { Skeleton } from "@/components/ui/skeleton";
import { showToast } from "@/components/ui/toast-store";
import { describedBy, Field, fieldErrorsOf, inputClass, priceOf, SettingsInputs, type FieldErrors, type SettingsDraft } from "./course-settings-fields";
import { StateBadge, UnpublishedMarker, useWhenText } from "./studio-labels";
import { StudioNav } from "@/components/studio-people/studio-nav";

type StudioList = CallResponse<typeof listStudioCourses>;
type StudioCourse = StudioList["courses"][number];

/** The studio's home: every course with its state, learners and last change, the latest changes, and a new course. */
export function StudioHome() {
  const t = useTranslations("studioContent.home");
  const whenText = useWhenText();
  const errorText = useErrorText();
  const fullTime = useReaderFullTime();
  const list = useQuery(studioContentQueries.listStudioCourses());
  const [creating, setCreating] = useState(false);

  return (
    <div className="space-y-8">
      <StudioNav />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">{t("title")}</h1>
          <p className="mt-1 text-ink-muted dark:text-ink-dark-muted">{t("intro")}</p>
        </div>
        {!creating && (
          <button
            type="button"
            onClick={() => setCreating(true)}
            className="inline-flex items-center gap-2 rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
          >
            <Plus aria-hidden className="h-4 w-4" />
            {t("newCourse")}
          </button>
        )}
      </div>

      {creating && <NewCourseForm onClose={() => setCreating(false)} />}

      <section aria-labelledby="studio-courses-title">
        <h2 id="studio-courses-title" className="mb-3 text-lg font-semibold">
          {t("courses")}
        </h2>
        {list.isPending ? (
          <div aria-busy="true" aria-label={t("loadingCourses")} role="status" className="space-y-2">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-14 rounded-card" />
            ))}
          </div>
        ) : list.isError ? (
          <ErrorBlock message={errorText(list.error)} onRetry={() => list.refetch()} />
        ) : list.data.courses.length === 0 ? (
          <div className="rounded-card bg-white p-6 text-center ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700">
            <p className="font-medium">{t("empty")}</p>
            <p className="mt-1 text-sm text-ink-muted dark:text-ink-dark-muted">{t("emptyHint")}</p>
          </div>
        ) : (
          <CourseList courses={list.data.courses} />
        )}
      </section>

      <section aria-labelledby="studio-recent-title">
        <h2 id="studio-recent-title" className="mb-3 text-lg font-semibold">
          {t("recent")}
        </h2>
        {list.isPending ? (
          <div aria-hidden className="space-y-2">
            <Skeleton className="h-10 rounded-card" />
            <Skeleton className="h-10 rounded-card" />
          </div>
        ) : list.isError ? null : list.data.recentChanges.length === 0 ? (
          <p className="text-sm text-ink-muted dark:text-ink-dark-muted">{t("noChanges")}</p>
        ) : (
          <ol className="divide-y divide-slate-200 rounded-card bg-white ring-1 ring-slate-200 dark:divide-slate-700 dark:bg-surface-dark-muted dark:ring-slate-700">
            {list.data.recentChanges.map((c, i) => (
              <li key={`${c.at}-${i}`} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3 text-sm">
                <p className="min-w-0">
                  <span className="font-semibold">{c.userName ?? t("someone")}</span> <span>{c.summary}</span>
                  {c.courseName && (
                    <>
                      {" "}
                      {t.rich("inCourse", {
                        name: c.courseName,
                        muted: (words) => <span className="text-ink-muted dark:text-ink-dark-muted">{words}</span>,
                        course: (name) =>
                          c.courseId ? (
                            <AppLink href={`/studio/courses/${c.courseId}/outline`} className="font-medium text-brand-700 hover:underline dark:text-brand-300">
                              {name}
                            </AppLink>
                          ) : (
                            <span className="font-medium">{name}</span>
                          ),
                      })}
                    </>
                  )}
                </p>
                <time dateTime={c.at} title={fullTime(c.at)} className="shrink-0 text-ink-muted dark:text-ink-dark-muted">
                  {whenText(c.at)}
                </time>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

/** A table on wide screens; a card per course on a phone. */
function CourseList({ courses }: { courses: StudioCourse[] }) {
  const t = useTranslations("studioContent.home");
  const whenText = useWhenText();
  const fullTime = useReaderFullTime();
  return (
    <>
      <div className="overflow-hidden rounded-card bg-white ring-1 ring-slate-200 max-tablet:hidden dark:bg-surface-dark-muted dark:ring-slate-700">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-xs tracking-wide text-ink-muted uppercase dark:bg-slate-800/60 dark:text-ink-dark-muted">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                {t("course")}
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                {t("state")}
              </th>
              <th scope="col" className="px-4 py-3 text-right font-semibold">
                {t("learners")}
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                {t("lastChange")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
            {courses.map((c) => (
              <tr key={c.courseId} data-testid="studio-course">
                <td className="px-4 py-3">
                  <AppLink href={`/studio/courses/${c.courseId}/outline`} className="font-semibold text-brand-700 hover:underline dark:text-brand-300">
                    {c.name}
                  </AppLink>
                  <div className="text-xs text-ink-muted dark:text-ink-dark-muted">{c.slugId}</div>
                </td>
                <td className="px-4 py-3">
                  <div className="flex flex-wrap items-center gap-2">
                    <StateBadge state={c.state} />
                    {c.hasUnpublishedChanges && c.state !== "draft" && <UnpublishedMarker />}
                  </div>
                </td>
                <td className="px-4 py-3 text-right tabular-nums">{c.learnersEnrolled}</td>
                <td className="px-4 py-3 text-ink-muted dark:text-ink-dark-muted">
                  <time dateTime={c.lastChangedAt} title={fullTime(c.lastChangedAt)}>
                    {whenText(c.lastChangedAt)}
                  </time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="space-y-3 tablet:hidden" aria-label={t("courses")}>
        {courses.map((c) => (
          <li key={c.courseId} data-testid="studio-course-card" className="rounded-card bg-white p-4 ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700">
            <AppLink href={`/studio/courses/${c.courseId}/outline`} className="font-semibold break-words text-brand-700 hover:underline dark:text-brand-300">
              {c.name}
            </AppLink>
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <StateBadge state={c.state} />
              {c.hasUnpublishedChanges && c.state !== "draft" && <UnpublishedMarker />}
            </div>
            <p className="mt-2 text-sm text-ink-muted dark:text-ink-dark-muted">
              {t.rich("cardFacts", { count: c.learnersEnrolled, when: whenText(c.lastChangedAt), time: (when) => <time dateTime={c.lastChangedAt}>{when}</time> })}
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}

const EMPTY_COURSE: SettingsDraft = { name: "", description: "", domain: "Mechanical", courseType: "nonMandatory", price: "", isPremium: false };
const CREATE_FIELDS = ["slugId", "name", "description", "domain", "courseType", "price", "isPremium"] as const;

/** A new course: made as a draft with an empty outline, then opened on its outline. */
function NewCourseForm({ onClose }: { onClose: () => void }) {
  const t = useTranslations("studioContent.newCourse");
  const errorText = useErrorText();
  const router = useRouter();
  const queryClient = useQueryClient();
  const prefix = useId();
  const [value, setValue] = useState(EMPTY_COURSE);
  const [slugId, setSlugId] = useState("");
  const [slugTouched, setSlugTouched] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({ fields: {}, other: null });
  const create = useMutation({
    mutationFn: () => createCourse({ slugId: slugId.trim(), ...value, price: priceOf(value.price) }),
    onSuccess: async (course) => {
      await queryClient.invalidateQueries({ queryKey: studioContentQueries.listStudioCourses().queryKey });
      showToast({ description: t("created", { name: course.name }), variant: "success" });
      router.push(`/studio/courses/${course.courseId}/outline`);
    },
    onError: (error) => setErrors(fieldErrorsOf(error, CREATE_FIELDS, errorText)),
  });
  const slugIdId = `${prefix}-slugId`;

  return (
    <section aria-labelledby={`${prefix}-title`} className="rounded-card bg-white p-5 ring-1 ring-slate-200 max-mobile:p-4 dark:bg-surface-dark-muted dark:ring-slate-700">
      <div className="mb-4 flex items-start justify-between gap-3">
        <div>
          <h2 id={`${prefix}-title`} className="text-lg font-semibold">
            {t("title")}
          </h2>
          <p className="text-sm text-ink-muted dark:text-ink-dark-muted">{t("intro")}</p>
        </div>
        <button type="button" onClick={onClose} aria-label={t("close")} className="rounded-md p-1.5 hover:bg-slate-100 dark:hover:bg-slate-800">
          <X aria-hidden className="h-5 w-5" />
        </button>
      </div>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setErrors({ fields: {}, other: null });
          create.mutate();
        }}
        className="space-y-4"
      >
        <SettingsInputs
          idPrefix={prefix}
          value={value}
          onChange={(next) => {
            setValue(next);
            if (!slugTouched) setSlugId(slugify(next.name));
          }}
          errors={errors.fields}
        />
        <Field id={slugIdId} label={t("slugId")} hint={t("slugHint")} error={errors.fields.slugId}>
          <input
            id={slugIdId}
            value={slugId}
            onChange={(e) => {
              setSlugTouched(true);
              setSlugId(e.target.value);
            }}
            maxLength={100}
            autoCapitalize="off"
            spellCheck={false}
            className={`${inputClass} font-mono`}
            {...describedBy(slugIdId, true, errors.fields.slugId)}
          />
        </Field>
        {errors.other && (
          <p role="alert" className="rounded-md bg-danger-soft p-3 text-sm text-danger dark:bg-red-950 dark:text-red-200">
            {errors.other}
          </p>
        )}
        {Object.keys(errors.fields).length > 0 && (
          <p role="alert" className="sr-only">
            {t("notCreated", { errors: Object.values(errors.fields).join(" ") })}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <button type="submit" disabled={create.isPending} className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60">
            {create.isPending ? t("creating") : t("create")}
          </button>
          <button type="button" onClick={onClose} className="rounded-md px-4 py-2 text-sm font-semibold ring-1 ring-slate-300 hover:bg-slate-50 dark:ring-slate-600 dark:hover:bg-slate-800">
            {t("cancel")}
          </button>
        </div>
      </form>
    </section>
  );
}
