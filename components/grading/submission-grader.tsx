"use client";

import { AppLink } from "@/components/ui/app-link";
import { useRef, useState } from "react";
import type { SubmissionDetails } from "@/lib/contract/entities/grading";
import { useGradingClaim } from "@/hooks/use-grading-claim";
import { useProfile } from "@/hooks/use-shell-profile";
import { EvaluationForm } from "./evaluation-form";
import { ASSIGNMENT_BADGE, ASSIGNMENT_LABELS, formatDateTime, formatMarks, formatTime, SOURCE_LABELS } from "./labels";
import { WrittenText } from "@/components/ui/written-text";

const card = "rounded-card bg-white p-6 ring-1 ring-slate-200 max-mobile:p-4 dark:bg-surface-dark-muted dark:ring-slate-700";
const muted = "text-ink-muted dark:text-ink-dark-muted";
const backLink = "inline-block text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-100";

/** One submission for a grader: claimed on opening, with the question, the answer, the files and the marking form. */
export function SubmissionGrader({ submissionId }: { submissionId: string }) {
  const profile = useProfile();
  const { details, claimPending, refusal, extend } = useGradingClaim(submissionId);
  const [saved, setSaved] = useState<string | null>(null);
  const savedRef = useRef<HTMLDivElement>(null);

  if (!details.data) {
    if (details.isError) {
      return (
        <div role="alert" className={card}>
          <h1 className="text-xl font-bold">This submission cannot be opened</h1>
          <p className={`mt-2 ${muted}`}>{refusal?.message ?? "It does not exist, or the essay has not been submitted yet."}</p>
          <AppLink href="/evaluate" className={`${backLink} mt-4`}>
            Back to submissions
          </AppLink>
        </div>
      );
    }
    return (
      <div aria-busy="true" aria-label="Opening the submission" className="space-y-4">
        <div className="skeleton h-8 w-2/3" />
        <div className="skeleton h-40 rounded-card" />
        <div className="skeleton h-64 rounded-card" />
      </div>
    );
  }

  const d = details.data;
  const mine = d.claimedById === profile.id;
  const ownEssay = d.userId === profile.id;
  const evaluatedByOther = d.evaluation !== null && d.evaluation.graderId !== profile.id;
  const heldByOther = d.claimedById !== null && !mine;
  const canMark = !ownEssay && !evaluatedByOther && !heldByOther;

  return (
    <article aria-labelledby="submission-title" className="space-y-5">
      <AppLink href="/evaluate" className={backLink}>
        <span aria-hidden>&larr; </span>Back to submissions
      </AppLink>
      <header>
        <div className="flex flex-wrap items-center gap-2">
          <h1 id="submission-title" className="text-2xl font-bold [overflow-wrap:anywhere]">
            {d.title}
          </h1>
          <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${ASSIGNMENT_BADGE[d.assignment]}`}>{ASSIGNMENT_LABELS[d.assignment]}</span>
        </div>
        <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm lg:grid-cols-4 max-mobile:grid-cols-1">
          <div className="min-w-0">
            <dt className={`text-xs ${muted}`}>Learner</dt>
            <dd className="[overflow-wrap:anywhere]">
              {d.name} <span className={muted}>({d.email})</span>
            </dd>
          </div>
          <div className="min-w-0">
            <dt className={`text-xs ${muted}`}>Course</dt>
            <dd className="[overflow-wrap:anywhere]">{d.courseName}</dd>
          </div>
          <div>
            <dt className={`text-xs ${muted}`}>Submitted</dt>
            <dd>
              <time dateTime={d.submittedAt}>{formatDateTime(d.submittedAt)}</time>
            </dd>
          </div>
          <div>
            <dt className={`text-xs ${muted}`}>How</dt>
            <dd>{SOURCE_LABELS[d.submissionSource]}</dd>
          </div>
        </dl>
      </header>

      <ClaimNotice
        details={d}
        mine={mine}
        ownEssay={ownEssay}
        evaluatedByOther={evaluatedByOther}
        refusal={refusal?.message ?? null}
        extending={claimPending}
        onClaim={extend}
      />

      <section aria-labelledby="question-heading" className={card}>
        <h2 id="question-heading" className="text-lg font-semibold">
          Question
        </h2>
        <p className="mt-2 whitespace-pre-wrap [overflow-wrap:anywhere]">{d.question}</p>
        {d.description && <p className={`mt-3 whitespace-pre-wrap text-sm [overflow-wrap:anywhere] ${muted}`}>{d.description}</p>}
        {(d.referenceDocument || d.solutionDocument) && (
          <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm">
            {d.referenceDocument && (
              <li>
                <a href={d.referenceDocument} target="_blank" rel="noreferrer" className="font-medium text-brand-700 underline dark:text-brand-100">
                  Reference document<span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            )}
            {d.solutionDocument && (
              <li>
                <a href={d.solutionDocument} target="_blank" rel="noreferrer" className="font-medium text-brand-700 underline dark:text-brand-100">
                  Model answer<span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            )}
          </ul>
        )}
      </section>

      <section aria-labelledby="answer-heading" className={card}>
        <h2 id="answer-heading" className="text-lg font-semibold">
          {d.name}&rsquo;s answer
        </h2>
        {d.submittedAnswer.trim() ? (
          <WrittenText text={d.submittedAnswer} testId="submitted-answer" className="mt-3" />
        ) : (
          <p className={`mt-2 ${muted}`}>The learner submitted no text.</p>
        )}
        <h3 className="mt-5 font-semibold">Attached files</h3>
        {d.attachments.length ? (
          <ul className="mt-2 space-y-1 text-sm">
            {d.attachments.map((a) => (
              <li key={a.url} className="[overflow-wrap:anywhere]">
                <a href={a.url} download={a.fileName} className="font-medium text-brand-700 underline dark:text-brand-100">
                  {a.fileName}
                </a>{" "}
                <span className={muted}>({formatSize(a.sizeBytes)})</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className={`mt-1 text-sm ${muted}`}>No files.</p>
        )}
      </section>

      <EvaluationForm
        key={d.evaluation?.updatedAt ?? "new"}
        details={d}
        disabled={!canMark}
        onSaved={(result) => {
          setSaved(`Evaluation saved: ${formatMarks(result.obtainedScore ?? 0)} of ${result.totalScore} marks. ${result.name} can see the results now.`);
          requestAnimationFrame(() => savedRef.current?.focus());
        }}
      />
      {saved && (
        <div ref={savedRef} tabIndex={-1} role="status" className="rounded-card bg-success-soft p-4 text-success ring-1 ring-emerald-200 dark:bg-emerald-950 dark:text-emerald-100 dark:ring-emerald-800">
          <p className="font-semibold">{saved}</p>
          <p className="mt-1 flex flex-wrap gap-x-4 text-sm">
            <AppLink href="/evaluate" className="underline">
              Grade the next essay
            </AppLink>
            <AppLink href="/evaluate?assignment=completed" className="underline">
              See completed submissions
            </AppLink>
          </p>
        </div>
      )}
    </article>
  );
}

const formatSize = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/** Who holds the submission, and what that means for the grader looking at it. */
function ClaimNotice({
  details: d,
  mine,
  ownEssay,
  evaluatedByOther,
  refusal,
  extending,
  onClaim,
}: {
  details: SubmissionDetails;
  mine: boolean;
  ownEssay: boolean;
  evaluatedByOther: boolean;
  refusal: string | null;
  extending: boolean;
  onClaim: () => void;
}) {
  const box = "rounded-card p-4 text-sm ring-1";
  const info = `${box} bg-brand-50 text-brand-900 ring-brand-100 dark:bg-brand-900 dark:text-brand-50 dark:ring-brand-700`;
  const warn = `${box} bg-amber-50 text-amber-900 ring-amber-200 dark:bg-amber-950 dark:text-amber-100 dark:ring-amber-800`;
  const button = "mt-2 rounded-md border border-current px-3 py-1 font-semibold disabled:opacity-60";

  if (ownEssay) {
    return (
      <p role="status" className={warn}>
        This is your own essay: another grader has to mark it.
      </p>
    );
  }
  if (evaluatedByOther && d.evaluation) {
    return (
      <p role="status" className={warn}>
        {d.evaluation.graderName} graded this essay on {formatDateTime(d.evaluation.evaluatedAt)}. Only they can correct the marks.
      </p>
    );
  }
  if (d.claimedById && !mine && d.claimAssignedAt) {
    return (
      <p role="status" className={warn}>
        An administrator assigned this essay to <strong>{d.claimedByName}</strong>. You can read it; only they can mark it unless it is reassigned.
      </p>
    );
  }
  if (mine && d.claimAssignedAt) {
    return (
      <p role="status" className={info}>
        An administrator assigned this essay to you: nobody else can mark it.
      </p>
    );
  }
  if (d.claimedById && !mine && d.claimExpiresAt) {
    return (
      <div role="status" className={warn}>
        <p>
          <strong>{d.claimedByName}</strong> is grading this essay until <time dateTime={d.claimExpiresAt}>{formatTime(d.claimExpiresAt)}</time>. You can
          read it; marking opens for you when their claim ends.
        </p>
        <button type="button" className={button} disabled={extending} onClick={onClaim}>
          {extending ? "Checking…" : "Check again"}
        </button>
      </div>
    );
  }
  if (mine && d.claimExpiresAt) {
    return (
      <div role="status" className={info}>
        <p>
          You hold this essay until <time dateTime={d.claimExpiresAt}>{formatTime(d.claimExpiresAt)}</time>: nobody else can mark it until then.
        </p>
        <button type="button" className={button} disabled={extending} onClick={onClaim}>
          {extending ? "Extending…" : "Keep it longer"}
        </button>
      </div>
    );
  }
  if (d.evaluation) {
    return (
      <p role="status" className={info}>
        You graded this essay on {formatDateTime(d.evaluation.evaluatedAt)}
        {d.evaluation.updatedAt !== d.evaluation.evaluatedAt ? ` and corrected it on ${formatDateTime(d.evaluation.updatedAt)}` : ""}. Save again to
        correct the marks.
      </p>
    );
  }
  return (
    <div role={refusal ? "alert" : "status"} className={warn}>
      <p>{refusal ?? "Nobody holds this essay now. Claim it before you mark it, so nobody else marks it at the same time."}</p>
      <button type="button" className={button} disabled={extending} onClick={onClaim}>
        {extending ? "Claiming…" : "Claim it"}
      </button>
    </div>
  );
}
