"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { challengesQueries, startEssayBlock, submitEssayBlock } from "@/lib/api/challenges";
import { errorMessage } from "@/lib/api/errors";
import { serverNowIso } from "@/lib/browser/countdown";
import type { DraftStatus } from "@/lib/browser/essay-draft";
import type { EssayBlock } from "@/lib/contract/entities/challenges";
import { ESSAY_MAX_CHARACTERS } from "@/lib/contract/essay-limits";
import { formatDuration } from "@/lib/format-duration";
import { countWords, wordLimitProblem, wordLimitText } from "@/lib/word-count";
import { useChallengesCountdown, useChallengesDeadlineWarnings } from "@/hooks/use-challenges-countdown";
import { useChallengesEssayDraft, type DraftConflict } from "@/hooks/use-challenges-essay-draft";
import { useChallengesTreeRefresh } from "@/hooks/use-challenges-tree-refresh";
import { WrittenText } from "@/components/ui/written-text";
import { showToast } from "@/components/ui/toast-store";
import { Announcement, card, Facts, muted, primaryButton, RubricList, secondaryButton, TimerBar } from "./attempt-parts";
import { EssayAttachments, type KnownFile } from "./essay-attachments";

/** A timed essay challenge on the learning page: start, write (saved as you type), attach files, submit, results. */
export function EssayBlockPanel({ courseId, essayBlockId }: { courseId: string; essayBlockId: string }) {
  const options = challengesQueries.getEssayBlock({ courseId, essayBlockId });
  const queryClient = useQueryClient();
  const { data, error, isPending, refetch, dataUpdatedAt } = useQuery(options);
  const setBlock = useCallback((block: EssayBlock) => queryClient.setQueryData(options.queryKey, block), [queryClient, options.queryKey]);

  const start = useMutation({
    mutationFn: () => startEssayBlock({ courseId, essayBlockId, pageUrl: location.pathname, type: "essayBlock", id: essayBlockId }),
    onSuccess: setBlock,
    onError: (e) => showToast({ variant: "destructive", description: errorMessage(e) }),
  });
  useChallengesTreeRefresh(courseId, data?.attemptStatus, "onProgress");

  if (isPending) return <section className={card} aria-busy="true" aria-label="Loading the essay challenge" />;
  if (error || !data) {
    return (
      <section className={card} role="alert">
        <p>{errorMessage(error)}</p>
        <button type="button" className={`${primaryButton} mt-3`} onClick={() => refetch()}>
          Try again
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
      <p className={`text-sm ${muted}`}>Essay challenge</p>
      <h1 id="essay-title" className="mt-1 text-2xl font-bold">
        {data.title}
      </h1>
      {data.description && <p className="mt-3 whitespace-pre-line">{data.description}</p>}
      <Facts
        facts={[
          ["Time allowed", formatDuration(data.durationInMinutes)],
          ["Marks", data.totalScore],
          ["Length", limitText(data) ?? "No word limit"],
          ["Pass mark", data.passMark === null ? "None: submitting it counts" : `${data.passMark}% once graded`],
        ]}
      />
      <ReferenceDocument url={data.referenceDocument} />
      <ul className={`mt-4 list-disc space-y-1 pl-5 text-sm ${muted}`}>
        <li>The question appears and the clock starts when you press Start; it keeps running if you leave the page.</li>
        <li>Your text is kept in this browser as you type and saved to the server every few seconds.</li>
        <li>When the time is up, your last saved draft is submitted for grading.</li>
      </ul>
      <Rubric block={data} />
      {data.isChallengeLocked ? (
        <p className="mt-5 rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          This challenge opens once you are enrolled in the course and it has started for you.
        </p>
      ) : (
        <button type="button" className={`${primaryButton} mt-5`} disabled={start.isPending} onClick={() => start.mutate()}>
          {start.isPending ? "Starting…" : "Start"}
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
      showToast({ variant: "success", description: "Your essay was submitted for grading." });
    },
    onError: (e) => {
      setConfirming(false);
      showToast({ variant: "destructive", description: errorMessage(e) });
    },
  });

  const announcement = useChallengesDeadlineWarnings(
    left,
    { lastMinute: "1 minute left. Your draft is saved as you type.", timeUp: "Time is up. Your last saved draft is being submitted." },
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
          Your latest changes were not saved: {status.message} They are still kept in this browser.
        </p>
      )}
      <div className={card}>
        <h2 className="text-sm font-semibold uppercase tracking-wide text-ink-muted dark:text-ink-dark-muted">Question</h2>
        <p className="mt-2 whitespace-pre-line text-lg">{block.question}</p>
        {block.description && <p className={`mt-2 whitespace-pre-line text-sm ${muted}`}>{block.description}</p>}
        <ReferenceDocument url={block.referenceDocument} />
        <Rubric block={block} />
      </div>
      {conflict && <ConflictChoice conflict={conflict} onKeep={resolve} />}
      <div className={card}>
        <label htmlFor="essay-answer" className="font-semibold">
          Your answer
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
          {words} word{words === 1 ? "" : "s"}
          {limits ? ` · this task asks for ${limits}` : ""} · {draft.text.length.toLocaleString("en")} of {ESSAY_MAX_CHARACTERS.toLocaleString("en")} characters
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
            Time is up. Your last saved draft is being submitted…
          </p>
        ) : confirming ? (
          <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Confirm submission">
            <span className="text-sm">Submit for grading? You cannot change your answer afterwards.</span>
            <button type="button" className={primaryButton} disabled={submit.isPending} onClick={() => submit.mutate()}>
              {submit.isPending ? "Submitting…" : "Yes, submit"}
            </button>
            <button type="button" className={secondaryButton} onClick={() => setConfirming(false)}>
              Keep writing
            </button>
          </div>
        ) : (
          <>
            {outside && draft.text.trim() && <p className="text-sm">{outside.message} Your draft is still saved.</p>}
            <button type="button" className={primaryButton} disabled={locked || !draft.text.trim() || !!outside} onClick={() => setConfirming(true)}>
              Submit essay
            </button>
          </>
        )}
      </div>
    </section>
  );
}

function DraftState({ status }: { status: DraftStatus }) {
  const text = (() => {
    switch (status.kind) {
      case "saved":
        return status.version === 0
          ? "Nothing written yet"
          : `Draft saved${status.savedAt ? ` at ${new Date(status.savedAt).toLocaleTimeString("en", { hour: "2-digit", minute: "2-digit", second: "2-digit" })}` : ""}`;
      case "unsaved":
        return "Kept in this browser; saving soon";
      case "saving":
        return "Saving…";
      case "retrying":
        return "Not saved to the server yet: retrying. Your text is kept in this browser.";
      case "conflict":
        return "Not saved: a newer draft exists elsewhere";
      case "refused":
        return "Not saved";
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
  const savedAt = conflict.savedAt ? new Date(conflict.savedAt).toLocaleTimeString("en", { hour: "2-digit", minute: "2-digit" }) : null;
  return (
    <section
      role="alert"
      aria-labelledby="conflict-title"
      className="rounded-card bg-amber-50 p-5 text-amber-950 ring-1 ring-amber-300 dark:bg-amber-950 dark:text-amber-50 dark:ring-amber-700 max-mobile:p-4"
    >
      <h2 id="conflict-title" className="font-bold">
        This essay was also edited in another tab or on another device
      </h2>
      <p className="mt-1 text-sm">
        A newer draft{savedAt ? ` (saved at ${savedAt})` : ""} is on the server. Nothing was overwritten: choose the text to go on with. The other stays
        here until you choose.
      </p>
      <div className="mt-3 grid grid-cols-2 gap-3 max-tablet:grid-cols-1">
        <figure>
          <figcaption className="text-sm font-semibold">Saved elsewhere</figcaption>
          <pre className="mt-1 max-h-60 overflow-auto whitespace-pre-wrap rounded-md bg-white p-3 font-mono text-sm text-ink dark:bg-surface-dark dark:text-ink-dark">
            {conflict.theirs.text || "(empty)"}
          </pre>
        </figure>
        <figure>
          <figcaption className="text-sm font-semibold">In this tab</figcaption>
          <pre className="mt-1 max-h-60 overflow-auto whitespace-pre-wrap rounded-md bg-white p-3 font-mono text-sm text-ink dark:bg-surface-dark dark:text-ink-dark">
            {conflict.mine.text || "(empty)"}
          </pre>
        </figure>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className={primaryButton} onClick={() => onKeep("theirs")}>
          Use the text saved elsewhere
        </button>
        <button type="button" className={`${secondaryButton} bg-white dark:bg-surface-dark`} onClick={() => onKeep("mine")}>
          Keep this tab&apos;s text
        </button>
      </div>
    </section>
  );
}

function ReferenceDocument({ url }: { url: string | null }) {
  if (!url) return null;
  return (
    <p className="mt-3 text-sm">
      <a className="font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-300" href={url} target="_blank" rel="noreferrer">
        Open the reference document
      </a>
    </p>
  );
}

/** The grading criteria; with the grader's marks once results are in. */
function Rubric({ block }: { block: EssayBlock }) {
  const graded = block.attemptStatus === "resultsReceived";
  return (
    <RubricList
      heading={graded ? "Marks per criterion" : "How it is graded"}
      criteria={block.criteria.map((c) => ({ key: c.id, name: c.gradingCriteria, description: c.description, marks: c.marks, given: graded ? c.givenMarks : null, comment: graded ? c.gradersComment : null }))}
    />
  );
}

/** "300 to 600 words", or null when the essay sets no word limit. */
function limitText(block: EssayBlock): string | null {
  const limit = wordLimitText(block.minWords, block.maxWords);
  return limit ? `${limit} words` : null;
}

function EssaySubmitted({ block }: { block: EssayBlock }) {
  const graded = block.attemptStatus === "resultsReceived";
  const empty = !block.submittedAnswer?.trim();
  const when = block.submittedAt ? new Date(block.submittedAt).toLocaleString("en", { dateStyle: "medium", timeStyle: "short" }) : null;
  return (
    <section aria-labelledby="essay-title" className="space-y-4">
      <div className={card}>
        <p className={`text-sm ${muted}`}>Essay challenge · {graded ? "results" : "submitted"}</p>
        <h1 id="essay-title" className="mt-1 text-2xl font-bold">
          {block.title}
        </h1>
        {graded ? (
          <>
            <p className="mt-3 text-3xl font-bold">
              {block.obtainedScore ?? 0} <span className={`text-lg font-medium ${muted}`}>of {block.totalScore} marks</span>
            </p>
            {block.passMark !== null && (
              <p className="mt-1 text-sm font-semibold">
                {block.isPassed ? `Passed: the pass mark is ${block.passMark}%.` : `Not passed: the pass mark is ${block.passMark}%.`}
              </p>
            )}
          </>
        ) : (
          <p className="mt-3 rounded-md bg-brand-50 p-3 text-sm dark:bg-brand-900/40">
            {empty ? "Nothing was saved before the time ran out, so there is nothing to grade." : "Waiting for a grader. You will see the marks here."}
          </p>
        )}
        <p className={`mt-2 text-sm ${muted}`}>
          {when && `Submitted ${when}`}
          {block.submissionSource === "timeOut" && " · the time ran out and the last saved draft was submitted"}
          {block.submissionSource === "submittedOnMigration" && " · submitted when the course moved to a new version"}
          {block.submissionSource === "migrated" && " · carried over from the previous version of the course"}
        </p>
        {graded && block.comment && (
          <div className="mt-4">
            <h2 className="text-sm font-semibold">The grader&apos;s comment</h2>
            <p className="mt-1 whitespace-pre-line">{block.comment}</p>
          </div>
        )}
        {graded && block.solutionDocument && (
          <p className="mt-3 text-sm">
            <a className="font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-300" href={block.solutionDocument} target="_blank" rel="noreferrer">
              Open the model answer
            </a>
          </p>
        )}
        <Rubric block={block} />
      </div>
      <div className={card}>
        <h2 className="text-sm font-semibold uppercase tracking-wide text-ink-muted dark:text-ink-dark-muted">Question</h2>
        <p className="mt-2 whitespace-pre-line">{block.question}</p>
        <h2 className="mt-4 text-sm font-semibold uppercase tracking-wide text-ink-muted dark:text-ink-dark-muted">Your answer</h2>
        {empty ? <p className={`mt-2 ${muted}`}>(empty)</p> : <WrittenText text={block.submittedAnswer ?? ""} testId="your-answer" className="mt-2" />}
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
