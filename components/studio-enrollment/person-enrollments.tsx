"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowRightLeft } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { useErrorText } from "@/components/i18n/use-error-text";
import { moveEnrollmentVersion, studioEnrollmentQueries, type PersonEnrollment } from "@/lib/api/studio-enrollment";
import { studioPeopleQueries } from "@/lib/api/studio-people";
import { inputClass } from "@/components/studio-content/course-settings-fields";
import { showToast } from "@/components/ui/toast-store";
import { secondaryClass } from "./labels";

/** A person's enrollments on their studio page, each with "Move to version" when the course has another published version. */
export function PersonEnrollments({ personId }: { personId: string }) {
  const t = useTranslations("studioEnrollment.person");
  const tCommon = useTranslations("common");
  const errorText = useErrorText();
  const list = useQuery(studioEnrollmentQueries.listPersonEnrollments(personId));
  return (
    <section aria-labelledby="person-enrollments" className="space-y-2">
      <h2 id="person-enrollments" className="text-lg font-semibold">
        {t("title")}
      </h2>
      {list.isPending ? (
        <p className="text-sm text-ink-muted dark:text-ink-dark-muted">{tCommon("loading")}</p>
      ) : list.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errorText(list.error)}
        </p>
      ) : list.data.enrollments.length === 0 ? (
        <p className="text-sm text-ink-muted dark:text-ink-dark-muted">{t("none")}</p>
      ) : (
        <ul aria-label={t("title")} className="space-y-2">
          {list.data.enrollments.map((e) => (
            <EnrollmentRow key={e.courseId} personId={personId} enrollment={e} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** A day as the browser's clock reads it (the administrator's own time zone), as it always was shown. */
const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

function EnrollmentRow({ personId, enrollment: e }: { personId: string; enrollment: PersonEnrollment }) {
  const t = useTranslations("studioEnrollment.person");
  const format = useFormatter();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const others = e.versions.filter((v) => v.id !== e.version.id);
  const [version, setVersion] = useState(others[0]?.id ?? "");
  const move = useMutation({
    mutationFn: () => moveEnrollmentVersion({ person: personId, course: e.courseId, version }),
    onSuccess: async ({ enrollment, carried }) => {
      showToast({
        title: t("movedTitle"),
        description: t("moved", { version: enrollment.version.name, course: enrollment.courseName, videos: carried.videos, essays: carried.essaysMoved }),
      });
      await queryClient.invalidateQueries({ queryKey: studioEnrollmentQueries.listPersonEnrollments(personId).queryKey });
      await queryClient.invalidateQueries({ queryKey: studioPeopleQueries.audit });
    },
  });
  const how = [
    e.batch ? t("throughBatch", { batch: e.batch }) : e.grantedAt ? t("byAdministrator") : t("enrolled"),
    e.program ? t("inProgram", { program: e.program }) : null,
    e.startDate && new Date(e.startDate) > new Date()
      ? t("opens", { date: format.dateTime(new Date(e.startDate), { year: "numeric", month: "numeric", day: "numeric", timeZone: localTimeZone() }) })
      : null,
  ]
    .filter(Boolean)
    .join(" · ");
  return (
    <li className="space-y-2 rounded-card bg-white p-3 ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700">
      <div>
        <p className="font-semibold break-words">{e.courseName}</p>
        <p className="text-sm text-ink-muted dark:text-ink-dark-muted">
          {t("version", { name: e.version.name, current: e.version.isCurrent ? "yes" : "no" })} · {how}
        </p>
      </div>
      {others.length > 0 && (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(ev) => {
            ev.preventDefault();
            if (version) move.mutate();
          }}
        >
          <label className="min-w-0 text-sm font-medium">
            {t("versionOf", { course: e.courseName })}
            <select className={`${inputClass} mt-1`} value={version} onChange={(ev) => setVersion(ev.target.value)}>
              {others.map((v) => (
                <option key={v.id} value={v.id}>
                  {v.isCurrent ? t("currentOption", { name: v.name }) : v.name}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={secondaryClass} disabled={move.isPending}>
            <ArrowRightLeft aria-hidden className="h-4 w-4" /> {t("move")}
          </button>
        </form>
      )}
      {move.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errorText(move.error)}
        </p>
      )}
    </li>
  );
}
