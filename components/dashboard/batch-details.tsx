import type { BatchDetails as BatchDetailsData } from "@/lib/contract/entities/dashboard";
import { formatDuration } from "@/lib/format-duration";
import { plural } from "@/lib/plural";
import { formatDate } from "./format";
import { cardClass } from "./section";

/** A notice at the top of the dashboard when the access ends within 14 days, or has ended. */
export function ExpiryNotice({ batch, timeZone }: { batch: BatchDetailsData; timeZone: string }) {
  if (batch.accountStatus === "expired") {
    return (
      <div role="alert" className="mb-6 rounded-card border border-red-300 bg-danger-soft p-4 text-danger dark:border-red-800 dark:bg-red-950 dark:text-red-200">
        <p className="font-semibold">Your access has ended{batch.accountExpiryDate ? ` (${formatDate(batch.accountExpiryDate, timeZone)})` : ""}.</p>
        <p className="mt-1 text-sm">Your progress is kept. Ask your program coordinator to extend your access.</p>
      </div>
    );
  }
  if (!batch.isExpiringSoon || !batch.accountExpiryDate) return null;
  return (
    <div role="status" className="mb-6 rounded-card border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
      <p className="font-semibold">
        Your access ends in {plural(batch.daysUntilExpiry ?? 0, "day")}, on {formatDate(batch.accountExpiryDate, timeZone)}.
      </p>
      <p className="mt-1 text-sm">Finish what you have started, or ask your program coordinator to extend it.</p>
    </div>
  );
}

/** What the learner's batch gives access to, and until when. */
export function BatchDetails({ batch, timeZone }: { batch: BatchDetailsData; timeZone: string }) {
  const items = batch.isProgramAvailable
    ? (batch.programData ?? []).map((p) => ({ id: p.programId, name: p.programName, detail: `${plural(p.totalCourses, "course")} · ${formatDuration(p.totalCourseDurationInMinutes)}` }))
    : (batch.courseInfo ?? []).map((c) => ({ id: c.courseId, name: c.courseName, detail: formatDuration(c.totalCourseDurationInMinutes) }));
  return (
    <div className={cardClass}>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-ink-muted dark:text-ink-dark-muted">Account</dt>
          <dd className={`font-semibold ${batch.accountStatus === "expired" ? "text-danger dark:text-red-300" : "text-success dark:text-emerald-300"}`}>
            {batch.accountStatus === "active" ? "Active" : "Expired"}
          </dd>
        </div>
        <div>
          <dt className="text-ink-muted dark:text-ink-dark-muted">Access until</dt>
          <dd className="font-semibold">{batch.accountExpiryDate ? formatDate(batch.accountExpiryDate, timeZone) : "No end date"}</dd>
        </div>
        <div>
          <dt className="text-ink-muted dark:text-ink-dark-muted">{batch.isProgramAvailable ? "Programs" : "Courses"}</dt>
          <dd className="font-semibold tabular-nums">
            {batch.isProgramAvailable ? `${batch.programCount} (${plural(batch.courseCount, "course")})` : batch.courseCount}
          </dd>
        </div>
        <div>
          <dt className="text-ink-muted dark:text-ink-dark-muted">Video in all</dt>
          <dd className="font-semibold tabular-nums">{formatDuration(batch.totalCourseDurationInMinutes)}</dd>
        </div>
      </dl>
      {items.length > 0 && (
        <ul className="mt-4 divide-y divide-slate-200 border-t border-slate-200 text-sm dark:divide-slate-700 dark:border-slate-700">
          {items.map((i) => (
            <li key={i.id} className="flex justify-between gap-3 py-2">
              <span className="font-medium">{i.name}</span>
              <span className="shrink-0 text-ink-muted dark:text-ink-dark-muted">{i.detail}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
