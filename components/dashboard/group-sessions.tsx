import type { Meeting } from "@/lib/contract/entities/meetings";
import { formatDuration } from "@/lib/format-duration";
import { formatDateTime } from "./format";
import { cardClass } from "./section";

/** Group sessions live now or coming up (read-only: registration is on the group-sessions page). */
export function GroupSessions({ sessions, timeZone }: { sessions: Meeting[]; timeZone: string }) {
  if (!sessions.length) {
    return <p className={`${cardClass} text-sm text-ink-muted dark:text-ink-dark-muted`}>No group session is live or coming up for your courses.</p>;
  }
  return (
    <ul className="grid grid-cols-1 gap-3">
      {sessions.map((m) => (
        <li key={m.id} className={cardClass}>
          <div className="flex items-start justify-between gap-3">
            <h3 className="font-semibold">{m.title}</h3>
            {m.rangeType === "live" ? (
              <span className="shrink-0 rounded-full bg-red-600 px-2 py-0.5 text-xs font-bold text-white">Live now</span>
            ) : (
              <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800 dark:bg-slate-700 dark:text-slate-100">Upcoming</span>
            )}
          </div>
          <p className="mt-1 text-sm text-ink-muted dark:text-ink-dark-muted">
            <time dateTime={m.startDate}>{formatDateTime(m.startDate, timeZone)}</time> · {formatDuration(m.duration)} · {m.meetingTakerName}
          </p>
          {m.courseName && <p className="mt-0.5 text-sm text-ink-muted dark:text-ink-dark-muted">{m.courseName}</p>}
          {m.joinLink && (
            <a
              href={m.joinLink}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-2 inline-block rounded-md bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700"
            >
              Join
              <span className="sr-only"> {m.title} (opens in a new tab)</span>
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
