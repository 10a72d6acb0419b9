"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Archive, ArchiveRestore } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { useErrorText } from "@/components/i18n/use-error-text";
import { archiveCourse, studioContentQueries, updateCourseSettings } from "@/lib/api/studio-content";
import type { CallResponse } from "@/lib/contract/call";
import type { getCourseSettings } from "@/lib/contract/calls/studio-content";
import type { CourseType, DomainName } from "@/lib/contract/filters";
import { useUnsavedChangesPrompt } from "@/hooks/use-studio-content-unsaved-changes";
import { ErrorBlock } from "@/components/ui/error-block";
import { StackSkeleton } from "@/components/ui/skeleton";
import { showToast } from "@/components/ui/toast-store";
import { ConflictNotice, staleRevisionOf } from "./conflict-notice";
import { fieldErrorsOf, InView, priceOf, SettingsInputs, type FieldErrors, type SettingsDraft } from "./course-settings-fields";
import { CoverField } from "./cover-field";
import { StateBadge } from "./studio-labels";

type Settings = CallResponse<typeof getCourseSettings>;
type Form = SettingsDraft & { coverImage: string | null };

const SETTINGS_FIELDS = ["name", "description", "domain", "courseType", "price", "isPremium", "coverImage"] as const;

const formOf = (s: Settings): Form => ({
  name: s.name,
  description: s.description,
  domain: s.domain as DomainName,
  courseType: s.courseType as CourseType,
  price: s.price === null ? "" : String(s.price),
  isPremium: s.isPremium,
  coverImage: s.coverImage,
});
const sameForm = (a: Form, b: Form) => (Object.keys(a) as (keyof Form)[]).every((k) => a[k] === b[k]);

/** A course's settings: name, description, domain, type, price, premium and cover, and its archive. */
export function CourseSettingsForm({ courseId }: { courseId: string }) {
  const t = useTranslations("studioContent.settings");
  const errorText = useErrorText();
  const settings = useQuery(studioContentQueries.getCourseSettings(courseId));
  if (settings.isPending) {
    return <StackSkeleton label={t("loading")} cards={["h-72", "h-32"]} />;
  }
  if (settings.isError) return <ErrorBlock message={errorText(settings.error)} onRetry={() => settings.refetch()} />;
  return <SettingsEditor key={courseId} settings={settings.data} reload={async () => (await settings.refetch()).data} />;
}

function SettingsEditor({ settings: read, reload }: { settings: Settings; reload: () => Promise<Settings | undefined> }) {
  const t = useTranslations("studioContent.settings");
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const prefix = useId();
  // The settings this editor read: its saves name their revision, so a change made elsewhere in the
  // meantime (even one a background refetch brought in) is refused rather than overwritten.
  const [settings, setSettings] = useState(read);
  const [form, setForm] = useState<Form>(() => formOf(read));
  const [errors, setErrors] = useState<FieldErrors>({ fields: {}, other: null });
  const [conflict, setConflict] = useState<ReturnType<typeof staleRevisionOf>>(null);
  const dirty = !sameForm(form, formOf(settings));
  useUnsavedChangesPrompt(dirty);

  const settled = (next: Settings) => {
    setSettings(next);
    queryClient.setQueryData(studioContentQueries.getCourseSettings(next.courseId).queryKey, next);
    void queryClient.invalidateQueries({ queryKey: ["studio", "courses"] });
    void queryClient.invalidateQueries({ queryKey: studioContentQueries.courseKey(next.courseId), predicate: (q) => q.queryKey[3] !== "settings" });
  };
  const failed = (error: unknown) => {
    const stale = staleRevisionOf(error);
    if (stale) {
      setConflict(stale);
      setErrors({ fields: {}, other: null });
    } else setErrors(fieldErrorsOf(error, SETTINGS_FIELDS, errorText));
  };

  const save = useMutation({
    mutationFn: () => updateCourseSettings({ courseId: settings.courseId, revision: settings.revision, ...form, price: priceOf(form.price) }),
    onSuccess: (next) => {
      settled(next);
      setForm(formOf(next));
      setErrors({ fields: {}, other: null });
      setConflict(null);
      showToast({ description: t("saved"), variant: "success" });
    },
    onError: failed,
  });

  const loadLatest = async () => {
    const latest = await reload();
    if (latest) {
      setSettings(latest);
      setForm(formOf(latest));
    }
    setConflict(null);
    setErrors({ fields: {}, other: null });
  };

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold break-words">{settings.name}</h1>
        <StateBadge state={settings.state} />
      </div>

      {conflict && (
        <InView key={conflict.currentRevision}>
          <ConflictNotice details={conflict} onReload={() => void loadLatest()} onDismiss={() => setConflict(null)} />
        </InView>
      )}

      <form
        noValidate
        aria-labelledby={`${prefix}-title`}
        onSubmit={(e) => {
          e.preventDefault();
          setErrors({ fields: {}, other: null });
          save.mutate();
        }}
        className="space-y-4 rounded-card bg-white p-5 ring-1 ring-slate-200 max-mobile:p-4 dark:bg-surface-dark-muted dark:ring-slate-700"
      >
        <div>
          <h2 id={`${prefix}-title`} className="text-lg font-semibold">
            {t("title")}
          </h2>
          <p className="text-sm text-ink-muted dark:text-ink-dark-muted">
            {t.rich("intro", { slug: settings.slugId, mono: (c) => <span className="font-mono">{c}</span> })}
          </p>
        </div>
        <SettingsInputs idPrefix={prefix} value={form} onChange={(next) => setForm({ ...form, ...next })} errors={errors.fields} />
        <CoverField
          value={form.coverImage}
          error={errors.fields.coverImage}
          onChange={(coverImage) => setForm({ ...form, coverImage })}
          previewAlt={t("coverAlt")}
          previewTestId="cover-preview"
          noCoverNote={t("noCover")}
        />
        {errors.other && (
          <p role="alert" className="rounded-md bg-danger-soft p-3 text-sm text-danger dark:bg-red-950 dark:text-red-200">
            {errors.other}
          </p>
        )}
        {Object.keys(errors.fields).length > 0 && (
          <p role="alert" className="sr-only">
            {t("notSaved", { errors: Object.values(errors.fields).join(" ") })}
          </p>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" disabled={save.isPending || !dirty} className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60">
            {save.isPending ? t("saving") : t("save")}
          </button>
          {dirty && (
            <>
              <button
                type="button"
                onClick={() => {
                  setForm(formOf(settings));
                  setErrors({ fields: {}, other: null });
                }}
                className="rounded-md px-4 py-2 text-sm font-semibold ring-1 ring-slate-300 hover:bg-slate-50 dark:ring-slate-600 dark:hover:bg-slate-800"
              >
                {t("discard")}
              </button>
              <span className="text-sm text-amber-800 dark:text-amber-300">{t("unsaved")}</span>
            </>
          )}
        </div>
      </form>

      <ArchiveSection settings={settings} onSettled={settled} onFailed={failed} />
    </div>
  );
}


/** Takes the course out of the catalogue (after a confirmation) or brings it back. */
function ArchiveSection({ settings, onSettled, onFailed }: { settings: Settings; onSettled: (s: Settings) => void; onFailed: (e: unknown) => void }) {
  const t = useTranslations("studioContent.archive");
  const errorText = useErrorText();
  const [confirming, setConfirming] = useState(false);
  const archived = settings.state === "archived";
  const toggle = useMutation({
    mutationFn: () => archiveCourse({ courseId: settings.courseId, revision: settings.revision, archived: !archived }),
    onSuccess: (next) => {
      onSettled(next);
      setConfirming(false);
      showToast({ description: next.state === "archived" ? t("archivedToast") : t("restoredToast"), variant: "success" });
    },
    onError: (error) => {
      setConfirming(false);
      onFailed(error);
    },
  });

  return (
    <section aria-labelledby="archive-title" className="rounded-card bg-white p-5 ring-1 ring-slate-200 max-mobile:p-4 dark:bg-surface-dark-muted dark:ring-slate-700">
      <h2 id="archive-title" className="text-lg font-semibold">
        {archived ? t("archivedTitle") : t("title")}
      </h2>
      {archived ? (
        <p className="mt-1 text-sm text-ink-muted dark:text-ink-dark-muted">
          {t("archivedText")}
        </p>
      ) : (
        <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-ink-muted dark:text-ink-dark-muted">
          <li>{t("leaves")}</li>
          <li>{t("keep")}</li>
          <li>{t("anyTime")}</li>
        </ul>
      )}
      {toggle.isError && !staleRevisionOf(toggle.error) && <p className="mt-2 text-sm text-red-700 dark:text-red-300">{errorText(toggle.error)}</p>}
      <div className="mt-4">
        {archived ? (
          <button
            type="button"
            onClick={() => toggle.mutate()}
            disabled={toggle.isPending}
            className="inline-flex items-center gap-2 rounded-md px-4 py-2 text-sm font-semibold ring-1 ring-slate-300 hover:bg-slate-50 disabled:opacity-60 dark:ring-slate-600 dark:hover:bg-slate-800"
          >
            <ArchiveRestore aria-hidden className="h-4 w-4" />
            {t("restore")}
          </button>
        ) : confirming ? (
          <div role="group" aria-label={t("confirmGroup")} className="rounded-md bg-amber-50 p-3 ring-1 ring-amber-300 dark:bg-amber-950/40 dark:ring-amber-800">
            <p className="text-sm font-medium text-amber-950 dark:text-amber-100">
              {settings.state === "published" ? t("confirmPublished", { name: settings.name }) : t("confirmDraft", { name: settings.name })}
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              <button type="button" onClick={() => toggle.mutate()} disabled={toggle.isPending} className="rounded-md bg-amber-700 px-4 py-2 text-sm font-semibold text-white hover:bg-amber-800 disabled:opacity-60">
                {toggle.isPending ? t("archiving") : t("yes")}
              </button>
              <button type="button" onClick={() => setConfirming(false)} className="rounded-md px-4 py-2 text-sm font-semibold ring-1 ring-amber-400 hover:bg-amber-100 dark:text-amber-100 dark:hover:bg-amber-900">
                {t("cancel")}
              </button>
            </div>
          </div>
        ) : (
          <button
            type="button"
            onClick={() => setConfirming(true)}
            className="inline-flex items-center gap-2 rounded-md px-4 py-2 text-sm font-semibold text-amber-900 ring-1 ring-amber-400 hover:bg-amber-50 dark:text-amber-200 dark:ring-amber-700 dark:hover:bg-amber-950"
          >
            <Archive aria-hidden className="h-4 w-4" />
            {t("start")}
          </button>
        )}
      </div>
    </section>
  );
}
