"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { useReaderDateTime } from "@/hooks/use-reader-time";
import { browserTimeZone } from "@/lib/browser/time-zone-cookie";
import { useCallback, useEffect, useRef, useState } from "react";
import { challengesQueries, startEssayBlock, submitEssayBlock } from "@/lib/api/challenges";
import { serverNowIso } from "@/lib/browser/countdown";
import type { DraftStatus } from "@/lib/browser/essay-draft";
import type { EssayBlock } from "@/lib/contract/entities/challenges";
import { ESSAY_MAX_CHARACTERS } from "@/lib/contract/essay-limits";
import { countWords, wordLimitProblem } from "@/lib/word-count";
import { useChallengesCountdown, useChallengesDeadlineWarnings } from "@/hooks/use-challenges-countdown";
import { useChallengesEssayDraft, type DraftConflict } from "@/hooks/use-challenges-essay-draft";
import { useChallengesTreeRefresh } from "@/hooks/use-challenges-tree-refresh";
import { WrittenText } from "@/components/ui/written-text";
import { showToast } from "@/components/ui/toast-store";
import { useDuration } from "@/components/i18n/use-duration";
import { useErrorText } from "@/components/i18n/use-error-text";
import { Announcement, card, Facts, muted, primaryButton, RubricList, secondaryButton, TimerBar } from "./attempt-parts";
import { EssayAttachments, type KnownFile } from "./essay-attachments";

/** A timed essay challenge on the learning page: start, write (saved as you type), attach files, submit, results. */
export function EssayBlockPanel({ courseId, essayBlockId }: { courseId: string; essayBlockId: string }) {
  const t = useTranslations("challenges");
  const errorText = useErrorText();
  const duration = useDuration();
  const limitText = useLimitText();
  const options = challengesQueries.getEssayBlock({ courseId, essayBlockId });
  const queryClient = useQueryClient();
  const { data, error, isPending, refetch, dataUpdatedAt } = useQuery(options);
  const setBlock = useCallback((block: EssayBlock) => queryClient.setQueryData(options.queryKey, block), [queryClient, options.queryKey]);

  const start = useMutation({
    mutationFn: () => startEssayBlock({ courseId, essayBlockId, pageUrl: location.pathname, type: "essayBlock", id: essayBlockId }),
    onSuccess: setBlock,
    onError: (e) => showToast({ variant: "destructive", description: errorText(e) }),
  });
  useChallengesTreeRefresh(courseId, data?.attemptStatus, "onProgress");

  if (isPending) return <section className={card} aria-busy="true" aria-label={t("essay.loading")} />;
  if (error || !data) {
    return (
      <section className={card} role="alert">
        <p>{errorText(error)}</p>
        <button type="button" className={`${primaryButton} mt-3`} onClick={() => refetch()}>
          {t("tryAgain")}
        </button>
      </section>
    );
  }
  if (data.attemptStatus === "awaitingResults" || data.attemptStatus === "resultsReceived") return <EssaySubmitted block={data} />;
  if (data.attemptStatus === "onProgress") {
    return <EssayAttempt key={data.startedAt} block={data} courseId={courseId} receivedAt={dataUpdatedAt} onBlock={setBlock} refetch={refetch} />;
  }
  return (
    <section aria-labelledby="essay-title" className={card}>
      <p className={`text-sm ${muted}`}>{t("essay.kicker")}</p>
      <h1 id="essay-title" className="mt-1 text-2xl font-bold">
        {data.title}
      </h1>
      {data.description && <p className="mt-3 whitespace-pre-line">{data.description}</p>}
      <Facts
        facts={[
          [t("timeAllowed"), duration(data.durationInMinutes)],
          [t("marks"), data.totalScore],
          [t("essay.length"), limitText(data) ?? t("essay.noLimit")],
          [t("passMark"), data.passMark === null ? t("essay.passMarkNone") : t("essay.passMarkGraded", { passMark: data.passMark })],
        ]}
      />
      <ReferenceDocument url={data.referenceDocument} />
      <ul className={`mt-4 list-disc space-y-1 pl-5 text-sm ${muted}`}>
        <li>{t("essay.ruleClock")}</li>
        <li>{t("essay.ruleSaved")}</li>
        <li>{t("essay.ruleTimeUp")}</li>
      </ul>
      <Rubric block={data} />
      {data.isChallengeLocked ? (
        <p className="mt-5 rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          {t("essay.locked")}
        </p>
      ) : (
        <button type="button" className={`${primaryButton} mt-5`} disabled={start.isPending} onClick={() => start.mutate()}>
          {start.isPending ? t("starting") : t("start")}
        </button>
      )}
    </section>
  );
}

function EssayAttempt({
  block,
  courseId,
  receivedAt,
  onBlock,
  refetch,
}: {
  block: EssayBlock;
  courseId: string;
  receivedAt: number;
  onBlock: (b: EssayBlock) => void;
  refetch: () => Promise<{ data?: EssayBlock }>;
}) {
  const t = useTranslations("challenges");
  const errorText = useErrorText();
  const limitText = useLimitText();
  const onVisible = useCallback(() => void refetch(), [refetch]);
  const { deadline, left } = useChallengesCountdown(block.remainingTimeInSeconds, block.endsAt, receivedAt, onVisible);
  const deadlineRef = useRef(deadline);
  useEffect(() => {
    deadlineRef.current = deadline;
  }, [deadline]);
  const serverNow = useCallback(() => serverNowIso(deadlineRef.current), []);
  const { draft, edit, status, conflict, resolve, sync } = useChallengesEssayDraft({ courseId, block, serverNow, refetch, onSaved: onBlock });
  const [files, setFiles] = useState<Record<string, KnownFile>>(() => Object.fromEntries(block.attachments.map((a) => [a.url, a])));
  const [confirming, setConfirming] = useState(false);
  const [timeUp, setTimeUp] = useState(false);

  const submit = useMutation({
    mutationFn: async () => {
      // What waits goes first; the final text is then sent from the version the server has.
      await sync.current?.flush(8000);
      const s = sync.current;
      return submitEssayBlock({ courseId, essayBlockId: block.id, content: s?.content ?? draft, baseDraftVersion: s?.version, sentAt: serverNow() });
    },
    onSuccess: (result) => {
      sync.current?.finish();
      onBlock(result);
      showToast({ variant: "success", description: t("essay.submittedToast") });
    },
    onError: (e) => {
      setConfirming(false);
      showToast({ variant: "destructive", description: errorText(e) });
    },
  });

  const announcement = useChallengesDeadlineWarnings(
    left,
    { minutesLeft: (minutes) => t("parts.minutesLeft", { minutes }), lastMinute: t("essay.lastMinute"), timeUp: t("essay.timeUp") },
    () => {
      setTimeUp(true);
      void sync.current?.flush(3000);
    },
  );

  // Once the time is up the server submits the last saved draft; ask until it has.
  useEffect(() => {
    if (!timeUp) return;
    const timer = setInterval(() => void refetch(), 2000);
    return () => clearInterval(timer);
  }, [timeUp, refetch]);

  const words = countWords(draft.text);
  const limits = limitText(block);
  // The same check the server makes on submit: a draft outside the limits is saved, only submitting waits.
  const outside = wordLimitProblem(words, block.minWords, block.maxWords);
  const locked = timeUp || submit.isPending || conflict !== null || status.kind === "conflict";

  return (
    <section aria-labelledby="essay-title" className="space-y-4">
      <TimerBar titleId="essay-title" title={block.title} left={left} status={<DraftState status={status} />} />
      <Announcement text={announcement} visible={left !== null && left <= 300} />
      {status.kind === "refused" && (
        <p role="alert" className="rounded-md bg-danger-soft p-3 text-sm text-danger dark:bg-red-950 dark:text-red-100">
          {t("essay.refused", { reason: status.message })}
        </p>
      )}
      <div className={card}>
        <h2 className="text-sm font-semibold uppercase tracking-wide text-ink-muted dark:text-ink-dark-muted">{t("question")}</h2>
        <p className="mt-2 whitespace-pre-line text-lg">{block.question}</p>
        {block.description && <p className={`mt-2 whitespace-pre-line text-sm ${muted}`}>{block.description}</p>}
        <ReferenceDocument url={block.referenceDocument} />
        <Rubric block={block} />
      </div>
      {conflict && <ConflictChoice conflict={conflict} onKeep={resolve} />}
      <div className={card}>
        <label htmlFor="essay-answer" className="font-semibold">
          {t("yourAnswer")}
        </label>
        <textarea
          id="essay-answer"
          className="mt-2 block min-h-72 w-full rounded-md border border-slate-300 bg-white p-3 font-mono text-sm leading-relaxed focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500 read-only:bg-slate-50 dark:border-slate-600 dark:bg-surface-dark dark:read-only:bg-slate-900"
          value={draft.text}
          maxLength={ESSAY_MAX_CHARACTERS}
          readOnly={locked}
          aria-describedby="essay-count"
          onChange={(e) => edit({ ...draft, text: e.target.value })}
        />
        <p id="essay-count" aria-live="polite" className={`mt-1 text-xs ${outside ? "font-semibold text-amber-800 dark:text-amber-200" : muted}`} data-testid="essay-word-count">
          {t("essay.words", { words })}
          {limits ? t("essay.asksFor", { limit: limits }) : ""}
          {t("essay.characters", { count: draft.text.length, max: ESSAY_MAX_CHARACTERS })}
        </p>
        <EssayAttachments
          courseId={courseId}
          essayBlockId={block.id}
          urls={draft.attachmentUrls}
          files={files}
          disabled={locked}
          onUploaded={(file) => {
            setFiles((known) => ({ ...known, [file.url]: file }));
            edit({ ...draft, attachmentUrls: [...draft.attachmentUrls, file.url] });
          }}
          onRemove={(url) => edit({ ...draft, attachmentUrls: draft.attachmentUrls.filter((u) => u !== url) })}
        />
      </div>
      <div className="flex flex-wrap items-center justify-end gap-3">
        {timeUp ? (
          <p role="status" className="text-sm font-semibold">
            {t("essay.timeUpSubmitting")}
          </p>
        ) : confirming ? (
          <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t("confirm")}>
            <span className="text-sm">{t("essay.submitConfirm")}</span>
            <button type="button" className={primaryButton} disabled={submit.isPending} onClick={() => submit.mutate()}>
              {submit.isPending ? t("submitting") : t("yesSubmit")}
            </button>
            <button type="button" className={secondaryButton} onClick={() => setConfirming(false)}>
              {t("essay.keepWriting")}
            </button>
          </div>
        ) : (
          <>
            {outside && draft.text.trim() && <p className="text-sm">{t("essay.outside", { words, limit: limits ?? "" })}</p>}
            <button type="button" className={primaryButton} disabled={locked || !draft.text.trim() || !!outside} onClick={() => setConfirming(true)}>
              {t("essay.submitEssay")}
            </button>
          </>
        )}
      </div>
    </section>
  );
}

function DraftState({ status }: { status: DraftStatus }) {
  const t = useTranslations("challenges.essay.draft");
  const format = useFormatter();
  const text = (() => {
    switch (status.kind) {
      case "saved":
        return status.version === 0
          ? t("nothingYet")
          : status.savedAt
            ? t("savedAt", { time: format.dateTime(new Date(status.savedAt), { hour: "2-digit", minute: "2-digit", second: "2-digit", timeZone: browserTimeZone() ?? undefined }) })
            : t("saved");
      case "unsaved":
        return t("unsaved");
      case "saving":
        return t("saving");
      case "retrying":
        return t("retrying");
      case "conflict":
        return t("conflict");
      case "refused":
        return t("refused");
    }
  })();
  const bad = status.kind === "retrying" || status.kind === "conflict" || status.kind === "refused";
  return (
    <p role="status" className={`text-sm ${bad ? "font-semibold text-red-700 dark:text-red-300" : "opacity-80"}`}>
      {text}
    </p>
  );
}

function ConflictChoice({ conflict, onKeep }: { conflict: DraftConflict; onKeep: (keep: "mine" | "theirs") => void }) {
  const t = useTranslations("challenges");
  const format = useFormatter();
  const savedAt = conflict.savedAt ? format.dateTime(new Date(conflict.savedAt), { hour: "2-digit", minute: "2-digit", timeZone: browserTimeZone() ?? undefined }) : null;
  return (
    <section
      role="alert"
      aria-labelledby="conflict-title"
      className="rounded-card bg-amber-50 p-5 text-amber-950 ring-1 ring-amber-300 dark:bg-amber-950 dark:text-amber-50 dark:ring-amber-700 max-mobile:p-4"
    >
      <h2 id="conflict-title" className="font-bold">
        {t("essay.conflict.title")}
      </h2>
      <p className="mt-1 text-sm">
        {t("essay.conflict.text", { timed: savedAt ? "yes" : "no", time: savedAt ?? "" })}
      </p>
      <div className="mt-3 grid grid-cols-2 gap-3 max-tablet:grid-cols-1">
        <figure>
          <figcaption className="text-sm font-semibold">{t("essay.conflict.elsewhere")}</figcaption>
          <pre className="mt-1 max-h-60 overflow-auto whitespace-pre-wrap rounded-md bg-white p-3 font-mono text-sm text-ink dark:bg-surface-dark dark:text-ink-dark">
            {conflict.theirs.text || t("empty")}
          </pre>
        </figure>
        <figure>
          <figcaption className="text-sm font-semibold">{t("essay.conflict.thisTab")}</figcaption>
          <pre className="mt-1 max-h-60 overflow-auto whitespace-pre-wrap rounded-md bg-white p-3 font-mono text-sm text-ink dark:bg-surface-dark dark:text-ink-dark">
            {conflict.mine.text || t("empty")}
          </pre>
        </figure>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className={primaryButton} onClick={() => onKeep("theirs")}>
          {t("essay.conflict.useTheirs")}
        </button>
        <button type="button" className={`${secondaryButton} bg-white dark:bg-surface-dark`} onClick={() => onKeep("mine")}>
          {t("essay.conflict.keepMine")}
        </button>
      </div>
    </section>
  );
}

function ReferenceDocument({ url }: { url: string | null }) {
  const t = useTranslations("challenges.essay");
  if (!url) return null;
  return (
    <p className="mt-3 text-sm">
      <a className="font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-300" href={url} target="_blank" rel="noreferrer">
        {t("referenceDocument")}
      </a>
    </p>
  );
}

/** The grading criteria; with the grader's marks once results are in. */
function Rubric({ block }: { block: EssayBlock }) {
  const t = useTranslations("challenges.essay");
  const graded = block.attemptStatus === "resultsReceived";
  return (
    <RubricList
      heading={graded ? t("rubricGraded") : t("rubric")}
      criteria={block.criteria.map((c) => ({ key: c.id, name: c.gradingCriteria, description: c.description, marks: c.marks, given: graded ? c.givenMarks : null, comment: graded ? c.gradersComment : null }))}
    />
  );
}

/** "300 to 600 words" (in the page's language), or null when the essay sets no word limit. */
function useLimitText() {
  const t = useTranslations("challenges.essay");
  return (block: EssayBlock): string | null => {
    const { minWords: min, maxWords: max } = block;
    if (min === null && max === null) return null;
    return t("limit", { kind: min !== null && max !== null ? "range" : min !== null ? "least" : "most", min: min ?? 0, max: max ?? 0 });
  };
}

function EssaySubmitted({ block }: { block: EssayBlock }) {
  const t = useTranslations("challenges");
  // The time of the submission, read on the learner's own clock.
  const readerDateTime = useReaderDateTime();
  const graded = block.attemptStatus === "resultsReceived";
  const empty = !block.submittedAnswer?.trim();
  const when = block.submittedAt ? readerDateTime(block.submittedAt) : null;
  return (
    <section aria-labelledby="essay-title" className="space-y-4">
      <div className={card}>
        <p className={`text-sm ${muted}`}>{t("essay.submittedKicker", { graded: graded ? "yes" : "no" })}</p>
        <h1 id="essay-title" className="mt-1 text-2xl font-bold">
          {block.title}
        </h1>
        {graded ? (
          <>
            <p className="mt-3 text-3xl font-bold">
              {block.obtainedScore ?? 0} <span className={`text-lg font-medium ${muted}`}>{t("essay.ofMarks", { total: block.totalScore })}</span>
            </p>
            {block.passMark !== null && (
              <p className="mt-1 text-sm font-semibold">
                {block.isPassed ? t("essay.passed", { passMark: block.passMark }) : t("essay.notPassed", { passMark: block.passMark })}
              </p>
            )}
          </>
        ) : (
          <p className="mt-3 rounded-md bg-brand-50 p-3 text-sm dark:bg-brand-900/40">
            {empty ? t("essay.nothingSaved") : t("essay.waiting")}
          </p>
        )}
        <p className={`mt-2 text-sm ${muted}`}>
          {when && t("essay.submittedAt", { when })}
          {block.submissionSource === "timeOut" && t("essay.sourceTimeOut")}
          {block.submissionSource === "submittedOnMigration" && t("essay.sourceOnMigration")}
          {block.submissionSource === "migrated" && t("essay.sourceMigrated")}
        </p>
        {graded && block.comment && (
          <div className="mt-4">
            <h2 className="text-sm font-semibold">{t("essay.gradersComment")}</h2>
            <p className="mt-1 whitespace-pre-line">{block.comment}</p>
          </div>
        )}
        {graded && block.solutionDocument && (
          <p className="mt-3 text-sm">
            <a className="font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-300" href={block.solutionDocument} target="_blank" rel="noreferrer">
              {t("essay.modelAnswer")}
            </a>
          </p>
        )}
        <Rubric block={block} />
      </div>
      <div className={card}>
        <h2 className="text-sm font-semibold uppercase tracking-wide text-ink-muted dark:text-ink-dark-muted">{t("question")}</h2>
        <p className="mt-2 whitespace-pre-line">{block.question}</p>
        <h2 className="mt-4 text-sm font-semibold uppercase tracking-wide text-ink-muted dark:text-ink-dark-muted">{t("yourAnswer")}</h2>
        {empty ? <p className={`mt-2 ${muted}`}>{t("empty")}</p> : <WrittenText text={block.submittedAnswer ?? ""} testId="your-answer" className="mt-2" />}
        {block.attachments.length > 0 && (
          <ul className="mt-3 space-y-1 text-sm">
            {block.attachments.map((a) => (
              <li key={a.url}>
                <a className="text-brand-700 underline underline-offset-2 dark:text-brand-300" href={a.url}>
                  {a.fileName}
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
