"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import { challengesQueries, startMcqBlock, submitMcqBlock } from "@/lib/api/challenges";
import { storedChoices } from "@/lib/browser/answer-queue";
import { serverNowIso } from "@/lib/browser/countdown";
import type { McqBlock } from "@/lib/contract/entities/challenges";
import { answerStorageKey, useChallengesAnswerQueue } from "@/hooks/use-challenges-answer-queue";
import { useChallengesTreeRefresh } from "@/hooks/use-challenges-tree-refresh";
import { useChallengesCountdown, useChallengesDeadlineWarnings } from "@/hooks/use-challenges-countdown";
import { showToast } from "@/components/ui/toast-store";
import { useDuration } from "@/components/i18n/use-duration";
import { useErrorText } from "@/components/i18n/use-error-text";
import { Announcement, card, Facts, primaryButton, secondaryButton, TimerBar } from "./attempt-parts";
import { McqQuestion, nextChoice } from "./mcq-question";

const primary = primaryButton;

/** A timed multiple-choice block on the learning page: start, answer (saved as chosen), submit, results. */
export function McqBlockPanel({ courseId, mcqBlockId }: { courseId: string; mcqBlockId: string }) {
  const t = useTranslations("challenges");
  const errorText = useErrorText();
  const duration = useDuration();
  const options = challengesQueries.getMcqBlock({ courseId, mcqBlockId });
  const queryClient = useQueryClient();
  const { data, error, isPending, refetch, dataUpdatedAt } = useQuery(options);
  const setBlock = (block: McqBlock) => queryClient.setQueryData(options.queryKey, block);

  const start = useMutation({
    mutationFn: () => startMcqBlock({ courseId, mcqBlockId, pageUrl: location.pathname }),
    onSuccess: setBlock,
    onError: (e) => showToast({ variant: "destructive", description: errorText(e) }),
  });
  useChallengesTreeRefresh(courseId, data?.attemptStatus, "onProgress");

  if (isPending) return <section className={card} aria-busy="true" aria-label={t("mcq.loading")} />;
  if (error || !data) {
    return (
      <section className={card} role="alert">
        <p>{errorText(error)}</p>
        <button type="button" className={`${primary} mt-3`} onClick={() => refetch()}>
          {t("tryAgain")}
        </button>
      </section>
    );
  }
  if (data.attemptStatus === "completed") return <McqResults block={data} retrying={start.isPending} onRetry={() => start.mutate()} />;
  if (data.attemptStatus === "onProgress") {
    return <McqAttempt key={data.startedAt} block={data} courseId={courseId} receivedAt={dataUpdatedAt} onBlock={setBlock} refetch={refetch} />;
  }
  return (
    <section aria-labelledby="mcq-title" className={card}>
      <p className="text-sm text-ink-muted dark:text-ink-dark-muted">
        {t("mcq.kicker", { chapter: data.chapterTitle })}
      </p>
      <h1 id="mcq-title" className="mt-1 text-2xl font-bold">
        {data.title}
      </h1>
      <Facts
        facts={[
          [t("timeAllowed"), duration(data.durationInMinutes)],
          [t("marks"), data.totalScore],
        ]}
      />
      <AttemptsSummary block={data} />
      <ul className="mt-4 list-disc space-y-1 pl-5 text-sm text-ink-muted dark:text-ink-dark-muted">
        <li>{t("mcq.ruleClock")}</li>
        <li>{t("mcq.ruleSaved")}</li>
        <li>{t("mcq.ruleTimeUp")}</li>
      </ul>
      {data.isChallengeLocked ? (
        <p className="mt-5 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          {t("mcq.locked")}
        </p>
      ) : (
        <button type="button" className={`${primary} mt-5`} disabled={start.isPending} onClick={() => start.mutate()}>
          {start.isPending ? t("starting") : t("start")}
        </button>
      )}
    </section>
  );
}

function McqAttempt({
  block,
  courseId,
  receivedAt,
  onBlock,
  refetch,
}: {
  block: McqBlock;
  courseId: string;
  receivedAt: number;
  onBlock: (b: McqBlock) => void;
  refetch: () => unknown;
}) {
  const t = useTranslations("challenges");
  const errorText = useErrorText();
  const onVisible = useCallback(() => void refetch(), [refetch]);
  const { deadline, left } = useChallengesCountdown(block.remainingTimeInSeconds, block.endsAt, receivedAt, onVisible);
  const { queue, status } = useChallengesAnswerQueue({ courseId, mcqBlockId: block.id, startedAt: block.startedAt! });
  // The server's saved choices, overlaid with those still waiting in this browser since before a reload.
  const [chosen, setChosen] = useState<Record<string, string[]>>(() => {
    const saved = Object.fromEntries(block.questions.map((q) => [q.id, q.options.filter((o) => o.isSelectedByUser).map((o) => o.id)]));
    const waiting = storedChoices(typeof localStorage === "undefined" ? null : localStorage, answerStorageKey({ courseId, mcqBlockId: block.id, startedAt: block.startedAt! }));
    for (const c of waiting) saved[c.questionId] = c.selectedOptionIds;
    return saved;
  });
  const submitting = useRef(false);
  const [confirming, setConfirming] = useState(false);

  const submit = useMutation({
    mutationFn: async () => {
      // Send what waits first, so every choice made in time is scored.
      await queue.current?.flush(5000);
      return submitMcqBlock({ courseId, mcqBlockId: block.id, pageUrl: location.pathname });
    },
    onSuccess: (result) => {
      onBlock(result);
      showToast({ variant: "success", description: t("mcq.submitted", { score: result.obtainedScore ?? 0, total: result.totalScore }) });
    },
    onError: (e) => {
      submitting.current = false;
      showToast({ variant: "destructive", description: errorText(e) });
      void refetch();
    },
  });

  const announcement = useChallengesDeadlineWarnings(
    left,
    { minutesLeft: (minutes) => t("parts.minutesLeft", { minutes }), lastMinute: t("mcq.lastMinute"), timeUp: t("mcq.timeUp") },
    () => {
      if (submitting.current) return;
      submitting.current = true;
      submit.mutate();
    },
  );

  useEffect(() => {
    if (status.refused?.code === "time_up" || status.refused?.code === "attempt_closed") void refetch();
  }, [status.refused, refetch]);

  const choose = (questionId: string, optionId: string, max: number) => {
    if (submitting.current) return;
    const next = nextChoice(chosen[questionId] ?? [], optionId, max);
    if (!next) return;
    setChosen({ ...chosen, [questionId]: next });
    queue.current?.choose(questionId, next, serverNowIso(deadline));
  };

  const unanswered = block.questions.filter((q) => !(chosen[q.id]?.length)).length;
  const soon = left !== null && left <= 300;

  return (
    <section aria-labelledby="mcq-title" className="space-y-4">
      <TimerBar titleId="mcq-title" title={block.title} left={left} status={<SaveStatus pending={status.pending} retrying={status.retrying} />} />
      <Announcement text={announcement} visible={soon} />
      {status.refused && (
        <p role="alert" className="rounded-md bg-danger-soft p-3 text-sm text-danger dark:bg-red-950 dark:text-red-100">
          {t("mcq.notSaved", { reason: status.refused.message })}
        </p>
      )}
      <ol className="space-y-4">
        {block.questions.map((q, index) => (
          <McqQuestion key={q.id} question={q} index={index} chosen={chosen[q.id] ?? []} disabled={submit.isPending} onChoose={(optionId) => choose(q.id, optionId, q.maxCorrectOptionsCount)} />
        ))}
      </ol>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-ink-muted dark:text-ink-dark-muted">
          {unanswered ? t("mcq.unanswered", { unanswered, total: block.questions.length }) : t("mcq.allAnswered")}
        </p>
        {confirming ? (
          <div className="flex items-center gap-2" role="group" aria-label={t("confirm")}>
            <span className="text-sm">{t("mcq.submitNow")}</span>
            <button type="button" className={primary} disabled={submit.isPending} onClick={() => ((submitting.current = true), submit.mutate())}>
              {submit.isPending ? t("submitting") : t("yesSubmit")}
            </button>
            <button type="button" className={secondaryButton} onClick={() => setConfirming(false)}>
              {t("mcq.keepAnswering")}
            </button>
          </div>
        ) : (
          <button type="button" className={primary} disabled={submit.isPending} onClick={() => setConfirming(true)}>
            {t("mcq.submitAnswers")}
          </button>
        )}
      </div>
    </section>
  );
}

function SaveStatus({ pending, retrying }: { pending: number; retrying: boolean }) {
  const t = useTranslations("challenges.mcq");
  const text = retrying ? t("retrying", { pending }) : pending ? t("saving") : t("allSaved");
  return (
    <p role="status" className={`text-sm ${retrying ? "font-semibold text-red-700 dark:text-red-300" : "opacity-80"}`}>
      {text}
    </p>
  );
}


/** The block's pass mark, attempts and the score that counts (the best attempt), as the learner reads them before and after an attempt. */
function AttemptsSummary({ block }: { block: McqBlock }) {
  const t = useTranslations("challenges");
  const best = block.countingScore;
  const attempts =
    block.attemptsAllowed === null
      ? t("mcq.attemptsUnlimited", { used: block.attemptsUsed })
      : t("mcq.attemptsLimited", { used: block.attemptsUsed, allowed: block.attemptsAllowed, left: block.attemptsRemaining ?? 0 });
  return (
    <div className="mt-4 rounded-md bg-slate-50 p-3 text-sm dark:bg-slate-800" data-testid="mcq-attempts">
      <dl className="grid grid-cols-3 gap-3 max-mobile:grid-cols-1">
        <div>
          <dt className="text-ink-muted dark:text-ink-dark-muted">{t("passMark")}</dt>
          <dd className="font-semibold">{block.passMark === null ? t("mcq.passMarkNone") : `${block.passMark}%`}</dd>
        </div>
        <div>
          <dt className="text-ink-muted dark:text-ink-dark-muted">{t("mcq.attempts")}</dt>
          <dd className="font-semibold">{attempts}</dd>
        </div>
        <div>
          <dt className="text-ink-muted dark:text-ink-dark-muted">{t("mcq.scoreCounts")}</dt>
          <dd className="font-semibold">
            {best === null ? t("mcq.bestAttempt") : t("mcq.bestScore", { best, total: block.totalScore, passed: block.isPassed ? "yes" : "no" })}
          </dd>
        </div>
      </dl>
    </div>
  );
}

function McqResults({ block, retrying, onRetry }: { block: McqBlock; retrying: boolean; onRetry: () => void }) {
  const t = useTranslations("challenges");
  const percent = block.totalScore ? Math.round(((block.obtainedScore ?? 0) / block.totalScore) * 100) : 0;
  const canRetry = !block.isChallengeLocked && block.attemptsRemaining !== 0;
  return (
    <section aria-labelledby="mcq-title" className="space-y-4">
      <div className={card}>
        <p className="text-sm text-ink-muted dark:text-ink-dark-muted">{t("mcq.resultsKicker")}</p>
        <h1 id="mcq-title" className="mt-1 text-2xl font-bold">
          {block.title}
        </h1>
        <p className="mt-3 text-3xl font-bold">
          {block.obtainedScore ?? 0} <span className="text-lg font-medium text-ink-muted dark:text-ink-dark-muted">{t("mcq.ofMarks", { total: block.totalScore, percent })}</span>
        </p>
        {block.closedBy === "timeout" && (
          <p className="mt-2 text-sm text-ink-muted dark:text-ink-dark-muted">{t("mcq.timedOut")}</p>
        )}
        <p className="mt-2 text-sm text-ink-muted dark:text-ink-dark-muted">{t("mcq.howScored")}</p>
        <AttemptsSummary block={block} />
        {canRetry ? (
          <button type="button" className={`${primary} mt-4`} disabled={retrying} onClick={onRetry}>
            {retrying ? t("starting") : t("mcq.newAttempt")}
          </button>
        ) : (
          !block.isPassed && <p className="mt-3 text-sm font-semibold">{t("mcq.usedAll")}</p>
        )}
      </div>
      <ol className="space-y-4">
        {block.questions.map((q, index) => {
          const right = q.options.every((o) => Boolean(o.isCorrect) === Boolean(o.isSelectedByUser));
          return (
            <li key={q.id} className="rounded-card bg-white p-5 ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700 max-mobile:p-4">
              <p className="font-semibold">
                <span className="text-ink-muted dark:text-ink-dark-muted">{index + 1}. </span>
                {q.question}
              </p>
              <p className={`mt-1 text-sm font-semibold ${right ? "text-success dark:text-emerald-300" : "text-danger dark:text-red-300"}`}>
                {right ? t("mcq.right", { mark: q.mark }) : t("mcq.notRight", { mark: q.mark })}
              </p>
              <ul className="mt-3 space-y-2">
                {q.options.map((o) => (
                  <li
                    key={o.id}
                    className={`flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2 ${
                      o.isCorrect ? "border-emerald-500 bg-success-soft dark:bg-emerald-950" : "border-slate-200 dark:border-slate-600"
                    }`}
                  >
                    <span>{o.value}</span>
                    <span className="text-xs font-semibold">
                      {[o.isSelectedByUser ? t("mcq.yourChoice") : null, o.isCorrect ? t("mcq.rightAnswer") : null].filter(Boolean).join(" · ")}
                    </span>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
