"use client";

import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useReaderFullTime } from "@/hooks/use-reader-time";
import { useCallback, useState } from "react";
import { useErrorText } from "@/components/i18n/use-error-text";
import { grantTimedBlock, studioPeopleQueries, type PersonTimedBlock } from "@/lib/api/studio-people";
import { showToast } from "@/components/ui/toast-store";
import { inputClass } from "@/components/studio-content/course-settings-fields";

const buttonClass = "rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60";
const secondaryClass = "rounded-md px-4 py-2 text-sm font-semibold text-ink ring-1 ring-slate-300 hover:bg-slate-100 disabled:opacity-60 dark:text-ink-dark dark:ring-slate-600 dark:hover:bg-slate-800";

/** A block's attempts used of those allowed, and its minutes per attempt, each with what was granted, in the page's language. */
function useBlockTexts() {
  const t = useTranslations("studioPeople.timed");
  const attemptsText = useCallback(
    (b: PersonTimedBlock) =>
      b.attemptsAllowed === null
        ? t("attemptsUnlimited", { used: b.attemptsUsed })
        : b.extraAttempts
          ? t("attemptsGranted", { used: b.attemptsUsed, allowed: b.attemptsAllowed + b.extraAttempts, extra: b.extraAttempts })
          : t("attempts", { used: b.attemptsUsed, allowed: b.attemptsAllowed }),
    [t],
  );
  const minutesText = useCallback(
    (b: PersonTimedBlock) => (b.extraMinutes ? t("minutesGranted", { minutes: b.durationInMinutes + b.extraMinutes, extra: b.extraMinutes }) : t("minutes", { minutes: b.durationInMinutes })),
    [t],
  );
  return { attemptsText, minutesText };
}

/**
 * A person's timed blocks (multiple-choice blocks and essays of their courses) with attempts used and
 * allowed and the running attempt's deadline, and the form that grants more attempts or minutes with a
 * reason (docs/timed-attempts.md).
 */
export function TimedBlocksSection({ personId }: { personId: string }) {
  const t = useTranslations("studioPeople.timed");
  const tCommon = useTranslations("common");
  const tStudio = useTranslations("studio.list");
  const fullTime = useReaderFullTime();
  const errorText = useErrorText();
  const { attemptsText, minutesText } = useBlockTexts();
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
      showToast({ title: t("grantedTitle"), description: t("granted", { title: block.title, attempts: attemptsText(block), minutes: minutesText(block) }) });
      setDraft((d) => ({ ...d, extraAttempts: "", extraMinutes: "", reason: "" }));
      await queryClient.invalidateQueries({ queryKey: studioPeopleQueries.all });
    },
  });

  return (
    <section aria-labelledby="timed-blocks" className="space-y-3">
      <h2 id="timed-blocks" className="text-lg font-semibold">
        {t("title")}
      </h2>
      {blocks.isPending ? (
        <p className="text-sm text-ink-muted dark:text-ink-dark-muted">{tCommon("loading")}</p>
      ) : blocks.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errorText(blocks.error)}
        </p>
      ) : !list.length ? (
        <p className="text-sm text-ink-muted dark:text-ink-dark-muted">{t("none")}</p>
      ) : (
        <>
          {/* The table scrolls sideways on a phone: the region takes focus so a keyboard can scroll it too. */}
          <div tabIndex={0} role="region" aria-label={t("tableLabel")} className="overflow-x-auto rounded-card ring-1 ring-slate-200 dark:ring-slate-700">
            <table className="w-full min-w-[36rem] text-left text-sm">
              <thead className="bg-slate-50 text-ink-muted dark:bg-slate-800 dark:text-ink-dark-muted">
                <tr>
                  <th scope="col" className="px-3 py-2 font-semibold">{t("block")}</th>
                  <th scope="col" className="px-3 py-2 font-semibold">{t("course")}</th>
                  <th scope="col" className="px-3 py-2 font-semibold">{t("attemptsUsed")}</th>
                  <th scope="col" className="px-3 py-2 font-semibold">{t("timePerAttempt")}</th>
                  <th scope="col" className="px-3 py-2 font-semibold">{t("runningEnds")}</th>
                </tr>
              </thead>
              <tbody>
                {list.map((b) => (
                  <tr key={b.blockId} className="border-t border-slate-200 dark:border-slate-700">
                    <td className="px-3 py-2">
                      <span className="font-medium">{b.title}</span>
                      <span className="block text-xs text-ink-muted dark:text-ink-dark-muted">{b.kind === "mcqBlock" ? t("mcq") : t("essay")} · {b.chapterTitle}</span>
                    </td>
                    <td className="px-3 py-2">{b.courseName}</td>
                    <td className="px-3 py-2">{attemptsText(b)}</td>
                    <td className="px-3 py-2">{minutesText(b)}</td>
                    <td className="px-3 py-2">{b.runningDeadlineAt ? <time dateTime={b.runningDeadlineAt}>{fullTime(b.runningDeadlineAt)}</time> : "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {blocks.hasNextPage && (
            <button type="button" className={secondaryClass} disabled={blocks.isFetchingNextPage} onClick={() => blocks.fetchNextPage()}>
              {blocks.isFetchingNextPage ? tCommon("loading") : tStudio("loadMore")}
            </button>
          )}
          <form
            aria-label={t("grantForm")}
            className="space-y-3 rounded-card bg-white p-4 ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700"
            onSubmit={(e) => {
              e.preventDefault();
              grant.mutate();
            }}
          >
            <p className="text-sm text-ink-muted dark:text-ink-dark-muted">
              {t("grantHelp")}
            </p>
            <div className="grid grid-cols-2 gap-3 max-mobile:grid-cols-1">
              <label className="text-sm font-medium">
                {t("block")}
                <select className={`${inputClass} mt-1`} value={chosen?.blockId ?? ""} onChange={(e) => setDraft({ ...draft, blockId: e.target.value })}>
                  {list.map((b) => (
                    <option key={b.blockId} value={b.blockId}>
                      {b.title} ({b.courseName})
                    </option>
                  ))}
                </select>
              </label>
              <label className="text-sm font-medium">
                {t("moreAttempts")}
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
                {t("moreMinutes")}
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
                {t("reason")}
                <input required maxLength={500} className={`${inputClass} mt-1`} value={draft.reason} onChange={(e) => setDraft({ ...draft, reason: e.target.value })} />
              </label>
            </div>
            {grant.isError && (
              <p role="alert" className="text-sm text-red-700 dark:text-red-300">
                {errorText(grant.error)}
              </p>
            )}
            <button type="submit" className={buttonClass} disabled={grant.isPending || !chosen}>
              {grant.isPending ? t("granting") : t("grant")}
            </button>
          </form>
        </>
      )}
    </section>
  );
}
