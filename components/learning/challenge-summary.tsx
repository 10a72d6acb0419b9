import type { VideoTreeItem } from "@/lib/contract/entities";
import { formatDuration } from "@/lib/format-duration";

const kind: Record<VideoTreeItem["type"], string> = { video: "Video", mcqBlock: "Multiple-choice block", essayBlock: "Essay challenge" };

/** A challenge's place on the learning page: what it is and how long it allows. */
export function ChallengePlaceholder({ item }: { item: VideoTreeItem }) {
  return (
    <section aria-labelledby="challenge-title" className="rounded-card bg-white p-6 ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700">
      <p className="text-sm text-ink-muted dark:text-ink-dark-muted">{kind[item.type]}</p>
      <h1 id="challenge-title" className="mt-1 text-2xl font-bold">
        {item.title}
      </h1>
      <p className="mt-2">Time allowed: {formatDuration(item.durationInMinutes)}</p>
      <p className="mt-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
        Timed challenges open here soon. Your place in the course is kept; continue with the next item meanwhile.
      </p>
    </section>
  );
}
