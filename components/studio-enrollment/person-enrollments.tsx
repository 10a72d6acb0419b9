"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowRightLeft } from "lucide-react";
import { useState } from "react";
import { errorMessage } from "@/lib/api/errors";
import { moveEnrollmentVersion, studioEnrollmentQueries, type PersonEnrollment } from "@/lib/api/studio-enrollment";
import { studioPeopleQueries } from "@/lib/api/studio-people";
import { inputClass } from "@/components/studio-content/course-settings-fields";
import { showToast } from "@/components/ui/toast-store";
import { secondaryClass } from "./labels";

/** A person's enrollments on their studio page, each with "Move to version" when the course has another published version. */
export function PersonEnrollments({ personId }: { personId: string }) {
  const list = useQuery(studioEnrollmentQueries.listPersonEnrollments(personId));
  return (
    <section aria-labelledby="person-enrollments" className="space-y-2">
      <h2 id="person-enrollments" className="text-lg font-semibold">
        Enrollments
      </h2>
      {list.isPending ? (
        <p className="text-sm text-ink-muted dark:text-ink-dark-muted">Loading…</p>
      ) : list.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errorMessage(list.error)}
        </p>
      ) : list.data.enrollments.length === 0 ? (
        <p className="text-sm text-ink-muted dark:text-ink-dark-muted">Not enrolled in any course.</p>
      ) : (
        <ul aria-label="Enrollments" className="space-y-2">
          {list.data.enrollments.map((e) => (
            <EnrollmentRow key={e.courseId} personId={personId} enrollment={e} />
          ))}
        </ul>
      )}
    </section>
  );
}

function EnrollmentRow({ personId, enrollment: e }: { personId: string; enrollment: PersonEnrollment }) {
  const queryClient = useQueryClient();
  const others = e.versions.filter((v) => v.id !== e.version.id);
  const [version, setVersion] = useState(others[0]?.id ?? "");
  const move = useMutation({
    mutationFn: () => moveEnrollmentVersion({ person: personId, course: e.courseId, version }),
    onSuccess: async ({ enrollment, carried }) => {
      showToast({
        title: "Moved",
        description: `Now on version ${enrollment.version.name} of “${enrollment.courseName}”: ${carried.videos} watched ${carried.videos === 1 ? "video" : "videos"} and ${carried.essaysMoved} ${carried.essaysMoved === 1 ? "essay" : "essays"} carried over.`,
      });
      await queryClient.invalidateQueries({ queryKey: studioEnrollmentQueries.listPersonEnrollments(personId).queryKey });
      await queryClient.invalidateQueries({ queryKey: studioPeopleQueries.audit });
    },
  });
  const how = [e.batch ? `through batch ${e.batch}` : e.grantedAt ? "enrolled by an administrator" : "enrolled", e.program ? `in ${e.program}` : null, e.startDate && new Date(e.startDate) > new Date() ? `opens ${new Date(e.startDate).toLocaleDateString()}` : null]
    .filter(Boolean)
    .join(" · ");
  return (
    <li className="space-y-2 rounded-card bg-white p-3 ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700">
      <div>
        <p className="font-semibold break-words">{e.courseName}</p>
        <p className="text-sm text-ink-muted dark:text-ink-dark-muted">
          Version {e.version.name}
          {e.version.isCurrent ? " (current)" : " (an older version)"} · {how}
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
            Version of “{e.courseName}”
            <select className={`${inputClass} mt-1`} value={version} onChange={(ev) => setVersion(ev.target.value)}>
              {others.map((v) => (
                <option key={v.id} value={v.id}>
                  {v.name}
                  {v.isCurrent ? " (current)" : ""}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={secondaryClass} disabled={move.isPending}>
            <ArrowRightLeft aria-hidden className="h-4 w-4" /> Move to version
          </button>
        </form>
      )}
      {move.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errorMessage(move.error)}
        </p>
      )}
    </li>
  );
}
