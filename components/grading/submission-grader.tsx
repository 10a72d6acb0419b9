"use client";

import { useTranslations } from "next-intl";
import { AppLink } from "@/components/ui/app-link";
import { useRef, useState, type ReactNode } from "react";
import type { SubmissionDetails } from "@/lib/contract/entities/grading";
import { useGradingClaim } from "@/hooks/use-grading-claim";
import { useProfile } from "@/hooks/use-shell-profile";
import { EvaluationForm } from "./evaluation-form";
import { ASSIGNMENT_BADGE, formatMarks, useGradingTimes } from "./labels";
import { WrittenText } from "@/components/ui/written-text";

const card = "rounded-card bg-white p-6 ring-1 ring-slate-200 max-mobile:p-4 dark:bg-surface-dark-muted dark:ring-slate-700";
const muted = "text-ink-muted dark:text-ink-dark-muted";
const backLink = "inline-block text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-100";

/** One submission for a grader: claimed on opening, with the question, the answer, the files and the marking form. */
export function SubmissionGrader({ submissionId }: { submissionId: string }) {
  const t = useTranslations("grading");
  const times = useGradingTimes();
  const profile = useProfile();
  const { details, claimPending, refusal, extend } = useGradingClaim(submissionId);
  const [saved, setSaved] = useState<string | null>(null);
  const savedRef = useRef<HTMLDivElement>(null);

  if (!details.data) {
    if (details.isError) {
      return (
        <div role="alert" className={card}>
          <h1 className="text-xl font-bold">{t("submission.cannotOpen")}</h1>
          <p className={`mt-2 ${muted}`}>{refusal?.message ?? t("submission.missing")}</p>
          <AppLink href="/evaluate" className={`${backLink} mt-4`}>
            {t("submission.back")}
          </AppLink>
        </div>
      );
    }
    return (
      <div aria-busy="true" aria-label={t("submission.opening")} className="space-y-4">
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
        <span aria-hidden>← </span>
        {t("submission.back")}
      </AppLink>
      <header>
        <div className="flex flex-wrap items-center gap-2">
          <h1 id="submission-title" className="text-2xl font-bold [overflow-wrap:anywhere]">
            {d.title}
          </h1>
          <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${ASSIGNMENT_BADGE[d.assignment]}`}>{t(`assignment.${d.assignment}`)}</span>
        </div>
        <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm lg:grid-cols-4 max-mobile:grid-cols-1">
          <div className="min-w-0">
            <dt className={`text-xs ${muted}`}>{t("fields.learner")}</dt>
            <dd className="[overflow-wrap:anywhere]">
              {d.name} <span className={muted}>({d.email})</span>
            </dd>
          </div>
          <div className="min-w-0">
            <dt className={`text-xs ${muted}`}>{t("fields.course")}</dt>
            <dd className="[overflow-wrap:anywhere]">{d.courseName}</dd>
          </div>
          <div>
            <dt className={`text-xs ${muted}`}>{t("fields.submitted")}</dt>
            <dd>
              <time dateTime={d.submittedAt}>{times.dateTime(d.submittedAt)}</time>
            </dd>
          </div>
          <div>
            <dt className={`text-xs ${muted}`}>{t("fields.how")}</dt>
            <dd>{t(`sources.${d.submissionSource}`)}</dd>
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
          {t("submission.question")}
        </h2>
        <p className="mt-2 whitespace-pre-wrap [overflow-wrap:anywhere]">{d.question}</p>
        {d.description && <p className={`mt-3 whitespace-pre-wrap text-sm [overflow-wrap:anywhere] ${muted}`}>{d.description}</p>}
        {(d.referenceDocument || d.solutionDocument) && (
          <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm">
            {d.referenceDocument && (
              <li>
                <a href={d.referenceDocument} target="_blank" rel="noreferrer" className="font-medium text-brand-700 underline dark:text-brand-100">
                  {t("submission.reference")}
                  <span className="sr-only"> {t("submission.newTab")}</span>
                </a>
              </li>
            )}
            {d.solutionDocument && (
              <li>
                <a href={d.solutionDocument} target="_blank" rel="noreferrer" className="font-medium text-brand-700 underline dark:text-brand-100">
                  {t("submission.modelAnswer")}
                  <span className="sr-only"> {t("submission.newTab")}</span>
                </a>
              </li>
            )}
          </ul>
        )}
      </section>

      <section aria-labelledby="answer-heading" className={card}>
        <h2 id="answer-heading" className="text-lg font-semibold">
          {t("submission.answer", { name: d.name })}
        </h2>
        {d.submittedAnswer.trim() ? (
          <WrittenText text={d.submittedAnswer} testId="submitted-answer" className="mt-3" />
        ) : (
          <p className={`mt-2 ${muted}`}>{t("submission.noText")}</p>
        )}
        <h3 className="mt-5 font-semibold">{t("submission.attached")}</h3>
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
          <p className={`mt-1 text-sm ${muted}`}>{t("submission.noFiles")}</p>
        )}
      </section>

      <EvaluationForm
        key={d.evaluation?.updatedAt ?? "new"}
        details={d}
        disabled={!canMark}
        onSaved={(result) => {
          setSaved(t("submission.saved", { marks: formatMarks(result.obtainedScore ?? 0), total: result.totalScore, name: result.name }));
          requestAnimationFrame(() => savedRef.current?.focus());
        }}
      />
      {saved && (
        <div ref={savedRef} tabIndex={-1} role="status" className="rounded-card bg-success-soft p-4 text-success ring-1 ring-emerald-200 dark:bg-emerald-950 dark:text-emerald-100 dark:ring-emerald-800">
          <p className="font-semibold">{saved}</p>
          <p className="mt-1 flex flex-wrap gap-x-4 text-sm">
            <AppLink href="/evaluate" className="underline">
              {t("submission.next")}
            </AppLink>
            <AppLink href="/evaluate?assignment=completed" className="underline">
              {t("submission.completed")}
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
  const t = useTranslations("grading.claim");
  const times = useGradingTimes();
  const box = "rounded-card p-4 text-sm ring-1";
  const info = `${box} bg-brand-50 text-brand-900 ring-brand-100 dark:bg-brand-900 dark:text-brand-50 dark:ring-brand-700`;
  const warn = `${box} bg-amber-50 text-amber-900 ring-amber-200 dark:bg-amber-950 dark:text-amber-100 dark:ring-amber-800`;
  const button = "mt-2 rounded-md border border-current px-3 py-1 font-semibold disabled:opacity-60";
  const strong = (c: ReactNode) => <strong>{c}</strong>;

  if (ownEssay) {
    return (
      <p role="status" className={warn}>
        {t("ownEssay")}
      </p>
    );
  }
  if (evaluatedByOther && d.evaluation) {
    return (
      <p role="status" className={warn}>
        {t("gradedByOther", { grader: d.evaluation.graderName, date: times.dateTime(d.evaluation.evaluatedAt) })}
      </p>
    );
  }
  if (d.claimedById && !mine && d.claimAssignedAt) {
    return (
      <p role="status" className={warn}>
        {t.rich("assignedToOther", { name: d.claimedByName ?? "", strong })}
      </p>
    );
  }
  if (mine && d.claimAssignedAt) {
    return (
      <p role="status" className={info}>
        {t("assignedToYou")}
      </p>
    );
  }
  if (d.claimedById && !mine && d.claimExpiresAt) {
    return (
      <div role="status" className={warn}>
        <p>
          {t.rich("heldByOther", {
            name: d.claimedByName ?? "",
            until: times.time(d.claimExpiresAt),
            time: (c) => <time dateTime={d.claimExpiresAt!}>{c}</time>,
            strong,
          })}
        </p>
        <button type="button" className={button} disabled={extending} onClick={onClaim}>
          {extending ? t("checking") : t("checkAgain")}
        </button>
      </div>
    );
  }
  if (mine && d.claimExpiresAt) {
    return (
      <div role="status" className={info}>
        <p>{t.rich("youHold", { until: times.time(d.claimExpiresAt), time: (c) => <time dateTime={d.claimExpiresAt!}>{c}</time> })}</p>
        <button type="button" className={button} disabled={extending} onClick={onClaim}>
          {extending ? t("extending") : t("keepLonger")}
        </button>
      </div>
    );
  }
  if (d.evaluation) {
    return (
      <p role="status" className={info}>
        {d.evaluation.updatedAt !== d.evaluation.evaluatedAt
          ? t("youCorrected", { date: times.dateTime(d.evaluation.evaluatedAt), corrected: times.dateTime(d.evaluation.updatedAt) })
          : t("youGraded", { date: times.dateTime(d.evaluation.evaluatedAt) })}
      </p>
    );
  }
  return (
    <div role={refusal ? "alert" : "status"} className={warn}>
      <p>{refusal ?? t("nobody")}</p>
      <button type="button" className={button} disabled={extending} onClick={onClaim}>
        {extending ? t("claiming") : t("claim")}
      </button>
    </div>
  );
}
