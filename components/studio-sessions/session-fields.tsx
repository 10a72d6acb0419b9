"use client";

import { useQuery } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { useCallback, useMemo, type Dispatch, type SetStateAction } from "react";
import { inputClass } from "@/components/studio-content/course-settings-fields";
import { studioSessionsQueries, type StudioSession } from "@/lib/api/studio-sessions";

export { buttonClass, panelClass, secondaryClass } from "@/components/studio-batches/batch-fields";

/** What the session forms edit, as the inputs hold them (the start as a wall time of `timeZone`). */
export interface SessionDraft {
  title: string;
  description: string;
  courseId: string;
  startLocal: string;
  timeZone: string;
  durationInMinutes: string;
  joinLink: string;
  hostName: string;
  hostEmail: string;
}

export const browserTimeZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
};

export const emptyDraft = (): SessionDraft => ({
  title: "",
  description: "",
  courseId: "",
  startLocal: "",
  timeZone: browserTimeZone(),
  durationInMinutes: "60",
  joinLink: "",
  hostName: "",
  hostEmail: "",
});

export const draftOf = (s: StudioSession): SessionDraft => ({
  title: s.title,
  description: s.description,
  courseId: s.course?.id ?? "",
  startLocal: s.startLocal,
  timeZone: s.timeZone,
  durationInMinutes: String(s.durationInMinutes),
  joinLink: s.joinLink,
  hostName: s.hostName,
  hostEmail: s.hostEmail,
});

/** The body the calls take; the server checks every field and names any it refuses. */
export const bodyOf = (d: SessionDraft) => ({
  title: d.title,
  description: d.description,
  courseId: d.courseId || null,
  startLocal: d.startLocal,
  timeZone: d.timeZone,
  durationInMinutes: Number(d.durationInMinutes),
  joinLink: d.joinLink,
  hostName: d.hostName,
  hostEmail: d.hostEmail,
});

/** A session's time in the page's language, in the administrator's browser's zone, with the organiser's zone when it differs. */
export function useSessionWhen() {
  const t = useTranslations("studioSessions.fields");
  const format = useFormatter();
  return useCallback(
    (s: Pick<StudioSession, "startDate" | "timeZone" | "durationInMinutes">) => {
      const options = { weekday: "short", day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", timeZoneName: "short" } as const;
      const mine = browserTimeZone();
      const here = format.dateTime(new Date(s.startDate), { ...options, timeZone: mine });
      if (mine === s.timeZone) return t("when", { here, minutes: s.durationInMinutes });
      const there = format.dateTime(new Date(s.startDate), { ...options, timeZone: s.timeZone });
      return t("whenThere", { here, there, zone: s.timeZone, minutes: s.durationInMinutes });
    },
    [format, t],
  );
}

const label = "block text-sm font-medium";
const CURRENT_NAMES = ["Asia/Kolkata", "Asia/Kathmandu", "Asia/Ho_Chi_Minh", "Asia/Yangon", "Europe/Kyiv", "America/Nuuk", "Pacific/Kanton", "Atlantic/Faroe"];

/** The fields of a session, shared by the New session form and a session's settings. */
export function SessionFields({ idPrefix, draft, setDraft, disabled }: { idPrefix: string; draft: SessionDraft; setDraft: Dispatch<SetStateAction<SessionDraft>>; disabled?: boolean }) {
  const t = useTranslations("studioSessions.fields");
  const courses = useQuery(studioSessionsQueries.listSessionCourses());
  const zones = useMemo(() => {
    const all = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
    // Chromium lists some zones by their old ICU names (Asia/Calcutta); offer the current ones too.
    return [...new Set(["UTC", ...all, ...CURRENT_NAMES, draft.timeZone])].sort();
  }, [draft.timeZone]);
  const set = (field: keyof SessionDraft) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [field]: e.target.value }));
  return (
    <fieldset disabled={disabled} className="grid grid-cols-2 gap-3 max-mobile:grid-cols-1">
      <label className={`${label} col-span-2 max-mobile:col-span-1`}>
        {t("title")}
        <input required maxLength={200} className={`${inputClass} mt-1`} value={draft.title} onChange={set("title")} />
      </label>
      <label className={`${label} col-span-2 max-mobile:col-span-1`}>
        {t("description")}
        <textarea rows={3} maxLength={5000} className={`${inputClass} mt-1`} value={draft.description} onChange={set("description")} />
      </label>
      <label className={label}>
        {t("course")}
        <select className={`${inputClass} mt-1`} value={draft.courseId} onChange={set("courseId")} aria-busy={courses.isPending}>
          <option value="">{t("noCourse")}</option>
          {(courses.data?.courses ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      <label className={label}>
        {t("duration")}
        <input required type="number" min={5} max={720} step={5} className={`${inputClass} mt-1`} value={draft.durationInMinutes} onChange={set("durationInMinutes")} />
      </label>
      <div className="text-sm font-medium">
        <label className="block">
          {t("start")}
          <input required type="datetime-local" className={`${inputClass} mt-1`} value={draft.startLocal} onChange={set("startLocal")} aria-describedby={`${idPrefix}-start-hint`} />
        </label>
        <span id={`${idPrefix}-start-hint`} className="mt-1 block text-xs font-normal text-ink-muted dark:text-ink-dark-muted">
          {t("startHint")}
        </span>
      </div>
      <label className={label}>
        {t("timeZone")}
        <select required className={`${inputClass} mt-1`} value={draft.timeZone} onChange={set("timeZone")}>
          {zones.map((z) => (
            <option key={z} value={z}>
              {z.replaceAll("_", " ")}
            </option>
          ))}
        </select>
      </label>
      <label className={`${label} col-span-2 max-mobile:col-span-1`}>
        {t("joinLink")}
        <input required type="url" placeholder={t("joinPlaceholder")} pattern="https://.+" title={t("joinTitle")} className={`${inputClass} mt-1`} value={draft.joinLink} onChange={set("joinLink")} />
      </label>
      <label className={label}>
        {t("hostName")}
        <input required maxLength={200} className={`${inputClass} mt-1`} value={draft.hostName} onChange={set("hostName")} />
      </label>
      <label className={label}>
        {t("hostEmail")}
        <input required type="email" className={`${inputClass} mt-1`} value={draft.hostEmail} onChange={set("hostEmail")} />
      </label>
    </fieldset>
  );
}
