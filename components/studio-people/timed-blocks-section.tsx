"use client";

import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "@/lib/api/errors";
import { grantTimedBlock, studioPeopleQueries, type PersonTimedBlock } from "@/lib/api/studio-people";
import { showToast } from "@/components/ui/toast-store";
import { inputClass } from "@/components/studio-content/course-settings-fields";

const buttonClass = "rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60";
const secondaryClass = "rounded-md px-4 py-2 text-sm font-semibold text-ink ring-1 ring-slate-300 hover:bg-slate-100 disabled:opacity-60 dark:text-ink-dark dark:ring-slate-600 dark:hover:bg-slate-800";

const attemptsText = (b: PersonTimedBlock) =>
  b.attemptsAllowed === null ? `${b.attemptsUsed} of unlimited` : `${b.attemptsUsed} of ${b.attemptsAllowed + b.extraAttempts}${b.extraAttempts ? ` (${b.extraAttempts} granted)` : ""}`;
const minutesText = (b: PersonTimedBlock) => `${b.durationInMinutes + b.extraMinutes} min${b.extraMinutes ? ` (${b.extraMinutes} granted)` : ""}`;

/**
 * A person's timed blocks (multiple-choice blocks and essays of their courses) with attempts used and
 * allowed and the running attempt's deadline, and the form that grants more attempts or minutes with a
 * reason (docs/timed-attempts.md).
 */
export function TimedBlocksSection({ personId }: { personId: string }) {
  const queryClient = useQueryClient();
  const blocks = useInfiniteQuery(studioPeopleQueries.listPersonTimedBlocks(personId));
  const list = blocks.data?.pages.flatMap((p) => p.blocks) ?? [];
  const [draft, setDraft] = useState({ blockId: "", extraAttempts: "", extraMinutes: "", reason: "" });
  const chosen = list.find((b) => b.blockId === draft.blockId) ?? list[0];
  // An essay has one attempt, and a block without a limit needs none: only minutes can be granted there.
  const attemptsGrantable = chosen?.kind === "mcqBlock" && chosen.attemptsAllowed !== null;
  const grant = useMutation({
    mutationFn: () =>
      grantTimedBlock({
        id: personId,
        blockId: chosen!.blockId,
        reason: draft.reason,
        ...(attemptsGrantable && draft.extraAttempts ? { extraAttempts: Number(draft.extraAttempts) } : {}),
        ...(draft.extraMinutes ? { extraMinutes: Number(draft.extraMinutes) } : {}),
      }),
    onSuccess: async ({ block }) => {
      showToast({ title: "Granted", description: `${block.title}: ${attemptsText(block)} attempts, ${minutesText(block)} per attempt.` });
      setDraft((d) => ({ ...d, extraAttempts: "", extraMinutes: "", reason: "" }));
      await queryClient.invalidateQueries({ queryKey: studioPeopleQueries.all });
    },
  });

  return (
    <section aria-labelledby="timed-blocks" className="space-y-3">
      <h2 id="timed-blocks" className="text-lg font-semibold">
        Timed blocks
      </h2>
      {blocks.isPending ? (
        <p className="text-sm text-ink-muted dark:text-ink-dark-muted">Loading…</p>
      ) : blocks.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errorMessage(blocks.error)}
        </p>
      ) : !list.length ? (
        <p className="text-sm text-ink-muted dark:text-ink-dark-muted">No timed blocks: this person is not enrolled in a course with a quiz or an essay.</p>
      ) : (
        <>
          {/* The table scrolls sideways on a phone: the region takes focus so a keyboard can scroll it too. */}
          <div tabIndex={0} role="region" aria-label="Timed blocks, scrolls sideways" className="overflow-x-auto rounded-card ring-1 ring-slate-200 dark:ring-slate-700">
            <table className="w-full min-w-[36rem] text-left text-sm">
              <thead className="bg-slate-50 text-ink-muted dark:bg-slate-800 dark:text-ink-dark-muted">
                <tr>
                  <th scope="col" className="px-3 py-2 font-semibold">Block</th>
                  <th scope="col" className="px-3 py-2 font-semibold">Course</th>
                  <th scope="col" className="px-3 py-2 font-semibold">Attempts used</th>
                  <th scope="col" className="px-3 py-2 font-semibold">Time per attempt</th>
                  <th scope="col" className="px-3 py-2 font-semibold">Running attempt ends</th>
                </tr>
              </thead>
              <tbody>
                {list.map((b) => (
                  <tr key={b.blockId} className="border-t border-slate-200 dark:border-slate-700">
                    <td className="px-3 py-2">
                      <span className="font-medium">{b.title}</span>
                      <span className="block text-xs text-ink-muted dark:text-ink-dark-muted">{b.kind === "mcqBlock" ? "Multiple choice" : "Essay"} · {b.chapterTitle}</span>
                    </td>
                    <td className="px-3 py-2">{b.courseName}</td>
                    <td className="px-3 py-2">{attemptsText(b)}</td>
                    <td className="px-3 py-2">{minutesText(b)}</td>
                    <td className="px-3 py-2">{b.runningDeadlineAt ? <time dateTime={b.runningDeadlineAt}>{new Date(b.runningDeadlineAt).toLocaleString()}</time> : "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {blocks.hasNextPage && (
            <button type="button" className={secondaryClass} disabled={blocks.isFetchingNextPage} onClick={() => blocks.fetchNextPage()}>
              {blocks.isFetchingNextPage ? "Loading…" : "Load more"}
            </button>
          )}
          <form
            aria-label="Grant attempts or time"
            className="space-y-3 rounded-card bg-white p-4 ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700"
            onSubmit={(e) => {
              e.preventDefault();
              grant.mutate();
            }}
          >
            <p className="text-sm text-ink-muted dark:text-ink-dark-muted">
              More attempts let them start again after using the block&apos;s. More minutes apply to every attempt they start from now on and to the one running now.
            </p>
            <div className="grid grid-cols-2 gap-3 max-mobile:grid-cols-1">
              <label className="text-sm font-medium">
                Block
                <select className={`${inputClass} mt-1`} value={chosen?.blockId ?? ""} onChange={(e) => setDraft({ ...draft, blockId: e.target.value })}>
                  {list.map((b) => (
                    <option key={b.blockId} value={b.blockId}>
                      {b.title} ({b.courseName})
                    </option>
                  ))}
                </select>
              </label>
              <label className="text-sm font-medium">
                More attempts
                <input
                  type="number"
                  min={1}
                  max={20}
                  inputMode="numeric"
                  className={`${inputClass} mt-1`}
                  disabled={!attemptsGrantable}
                  value={draft.extraAttempts}
                  onChange={(e) => setDraft({ ...draft, extraAttempts: e.target.value })}
                />
              </label>
              <label className="text-sm font-medium">
                More minutes per attempt
                <input
                  type="number"
                  min={1}
                  max={600}
                  inputMode="numeric"
                  className={`${inputClass} mt-1`}
                  value={draft.extraMinutes}
                  onChange={(e) => setDraft({ ...draft, extraMinutes: e.target.value })}
                />
              </label>
              <label className="text-sm font-medium">
                Reason
                <input required maxLength={500} className={`${inputClass} mt-1`} value={draft.reason} onChange={(e) => setDraft({ ...draft, reason: e.target.value })} />
              </label>
            </div>
            {grant.isError && (
              <p role="alert" className="text-sm text-red-700 dark:text-red-300">
                {errorMessage(grant.error)}
              </p>
            )}
            <button type="submit" className={buttonClass} disabled={grant.isPending || !chosen}>
              {grant.isPending ? "Granting…" : "Grant"}
            </button>
          </form>
        </>
      )}
    </section>
  );
}
